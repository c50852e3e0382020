import { Router, type Response } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { SHOP_LEGAL_PROJECTION, shopLegal } from '../../projections/shop-legal';
import { shopLegalSchema, type ShopLegalAnswer, type ShopLegalSaved } from '../../shared/shop';
import { changeShopLegal } from './commands';

// The shop module's routes (docs/product.md#legal-information): the admins read and save the
// shop's legal identity in Settings; every shopper reads it (the footer, the /legal page).

/** Shoppers may reuse the identity for a minute: it changes rarely, and a save shows soon enough. */
const PUBLIC_CACHE = 'public, max-age=60';

export function shopRoutes(ctx: AppContext): ModuleRoutes {
  const admin = Router();
  const publicRouter = Router();
  const send = (res: Response, answer: ShopLegalAnswer | ShopLegalSaved) =>
    res.set('ETag', versionTag(answer.version)).json(answer);

  admin.get('/shop/legal', async (_req, res) => {
    send(res.set('Cache-Control', 'no-store'), await shopLegal(ctx.db));
  });

  admin.put('/shop/legal', async (req, res) => {
    // The identity whole (a field left out is emptied): a request without a JSON body is refused, never a wipe.
    const legal = parseInput(shopLegalSchema, req.body);
    const metadata = commandMetadata(req.admin!.id);
    const position = await changeShopLegal(ctx.store, legal, metadata, ifMatchRevision(req), ctx.clock());
    await ctx.runner.waitFor(position, { projections: [SHOP_LEGAL_PROJECTION] });
    send(res, { message: 'Shop identity saved', ...(await shopLegal(ctx.db)) });
  });

  publicRouter.get('/api/shop/legal', async (_req, res) => {
    res.set('Cache-Control', PUBLIC_CACHE).json(await shopLegal(ctx.db));
  });

  return { admin, public: publicRouter };
}
