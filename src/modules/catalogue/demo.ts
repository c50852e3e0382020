import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, START, SYSTEM, type EventStore, type Position } from '../../platform/eventstore/port';
import { categoryCreateSchema, productCreateSchema } from '../../shared/catalogue';
import { CatalogueRuleError } from './decider';
import { caughtUp, createCategory, createProduct, type CatalogueDeps, type WriteOptions } from './commands';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, demoPrices, type DemoCategory } from './demo-data';
import { CATEGORY_EVENT_TYPES, DEMO_CATALOGUE_STREAM, PRODUCT_EVENT_TYPES, type DemoCatalogueEvent } from './events';

/**
 * Creates the demo catalogue on the first start of an empty store, through the same commands an
 * admin's requests run, as `system`. A claim on its own stream picks one instance when several
 * start together; ids are derived from the demo's keys, so a start that crashed half-way is
 * finished by the next one without creating anything twice.
 */
export async function seedDemoCatalogue(
  ctx: Pick<AppContext, 'store' | 'db' | 'runner' | 'catalogue'>,
): Promise<'created' | 'exists' | 'skipped'> {
  const deps: CatalogueDeps = { store: ctx.store, db: ctx.db, live: ctx.catalogue, runner: ctx.runner };
  const marks = (await ctx.store.readStream<DemoCatalogueEvent>(DEMO_CATALOGUE_STREAM)).map((e) => e.type);
  if (marks.includes('DemoCatalogueCompleted')) return 'exists';
  if (!marks.length && !(await claimEmptyCatalogue(ctx.store))) return 'skipped';
  const options: WriteOptions = { metadata: commandMetadata(SYSTEM) };
  for (const category of DEMO_CATEGORIES) {
    const image = await card(category, category.key);
    const fields = categoryCreateSchema.parse({ translations: category.text });
    const outcome = await once(createCategory(deps, fields, image, options, demoId('category', category.key)));
    // Products resolve their category through the read model.
    await caughtUp(deps, outcome?.position);
  }
  let last: Position | undefined;
  for (const product of DEMO_PRODUCTS) {
    const category = DEMO_CATEGORIES.find((c) => c.key === product.category)!;
    const { text, monthly: _monthly, ...details } = product;
    const fields = productCreateSchema.parse({
      ...details,
      translations: text,
      category_id: demoId('category', category.key),
      price_durations: demoPrices(product.monthly),
    });
    const image = await card(category, product.key);
    last = (await once(createProduct(deps, fields, image, options, demoId('product', product.key))))?.position ?? last;
  }
  // The store opens with the whole demo on its shelves.
  await caughtUp(deps, last);
  const completed: DemoCatalogueEvent = { type: 'DemoCatalogueCompleted', data: { at: new Date().toISOString() } };
  await ctx.store.append(DEMO_CATALOGUE_STREAM, [completed], { expectedRevision: 'any', metadata: options.metadata });
  return 'created';
}

/** Claims the demo for this instance, unless the catalogue already has anything in it. */
async function claimEmptyCatalogue(store: EventStore): Promise<boolean> {
  const existing = await store.readAll({
    after: START,
    limit: 1,
    types: [...CATEGORY_EVENT_TYPES, ...PRODUCT_EVENT_TYPES],
  });
  if (existing.length) return false;
  const started: DemoCatalogueEvent = { type: 'DemoCatalogueStarted', data: { at: new Date().toISOString() } };
  try {
    await store.append(DEMO_CATALOGUE_STREAM, [started], {
      expectedRevision: 'no_stream',
      metadata: commandMetadata(SYSTEM),
    });
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

/** Runs a create that an interrupted seeding (or another instance finishing it) may have done already. */
async function once<T>(create: Promise<T>): Promise<T | undefined> {
  try {
    return await create;
  } catch (error) {
    if (error instanceof ConcurrencyError || (error instanceof CatalogueRuleError && error.status === 409))
      return undefined;
    throw error;
  }
}

/** A stable UUID-shaped id for a demo item. */
function demoId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`demo-${kind}-${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A 16:9 card in the category's colours, drawn from SVG to PNG as an upload would be. It holds no
 * text: a picture reads the same in every language (docs/product.md#catalogue-languages), and the item's name is
 * beside it in the shopper's. Each card's circles are placed from its key, so no two look alike.
 */
function card(category: DemoCategory, key: string): Promise<Buffer> {
  const [from, to] = category.colors;
  const seed = createHash('sha256').update(key).digest();
  const circle = (i: number, radius: number, opacity: number) =>
    `<circle cx="${640 + seed[i]! * 2.5}" cy="${60 + seed[i + 1]! * 2.4}" r="${radius + seed[i + 2]! / 4}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1280" height="720" fill="url(#bg)"/>
  <rect width="1280" height="720" fill="url(#glow)"/>
  ${circle(0, 180, 0.07)}
  ${circle(3, 90, 0.09)}
  ${circle(6, 40, 0.12)}
  <rect x="150" y="190" width="460" height="290" rx="32" fill="#ffffff" fill-opacity="0.1" stroke="#ffffff" stroke-opacity="0.85" stroke-width="12"/>
  <rect x="300" y="500" width="160" height="14" rx="7" fill="#ffffff" fill-opacity="0.85"/>
  <path d="M345 270 L345 400 L455 335 Z" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
