import { Router } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import type { WebPageFor } from '../../platform/http/web-app';
import type { CatalogueSnapshot } from '../../projections/catalogue';
import { languageAsked, pageAt, pageFor } from './pages';
import { robotsTxt, sitemapXml } from './sitemap';

// The pages module's HTTP surface: the head and status of the web app's page at each address (the
// platform serves the page itself, src/platform/http/web-app.ts), /sitemap.xml and /robots.txt.

export function pagesRoutes(ctx: AppContext): ModuleRoutes {
  // The address shoppers reach the store at (PUBLIC_URL): previews and the sitemap need absolute addresses.
  const baseUrl = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const router = Router();

  router.get('/sitemap.xml', async (_req, res) => {
    const catalogue = await ctx.catalogue.current();
    res.set('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(catalogue, baseUrl));
  });
  const robots = robotsTxt(baseUrl);
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots);
  });

  const webPage: WebPageFor = async (request) => {
    let snapshot: CatalogueSnapshot | undefined;
    const catalogue = async () => (snapshot ??= await ctx.catalogue.current());
    const page = await pageAt(request, catalogue);
    // The home page and the store show a picture of the catalogue in their previews.
    if (page.kind === 'home' || page.kind === 'store') await catalogue();
    return pageFor(page, languageAsked(request.query), baseUrl, snapshot);
  };

  return { public: router, webPage };
}
