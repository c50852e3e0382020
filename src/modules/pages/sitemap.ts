import { escapeHtml } from '../../platform/http/html';
import type { CatalogueSnapshot } from '../../projections/catalogue';
import { STORE_LANGUAGES } from '../../shared/locale';
import { pageAddress } from './head';

// /sitemap.xml and /robots.txt (docs/product.md#link-previews): what search engines may list, in
// every language, and what they may not crawl.

/** The pages a search engine may list: home, the store, every category, every product on sale. */
function listedPages(catalogue: CatalogueSnapshot): { path: string; updated?: string }[] {
  return [
    { path: '/' },
    { path: '/store' },
    ...catalogue.categories.map((category) => ({
      path: `/category/${encodeURIComponent(category.slug)}`,
      updated: category.updated_at,
    })),
    ...catalogue.activeProducts.map((product) => ({
      path: `/product/${encodeURIComponent(product.id)}`,
      updated: product.updated_at,
    })),
  ];
}

/** Each page once per language, each naming its versions in the other languages (xhtml:link). */
export function sitemapXml(catalogue: CatalogueSnapshot, baseUrl: string): string {
  const urls = listedPages(catalogue).flatMap(({ path, updated }) => {
    const alternates = STORE_LANGUAGES.map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(pageAddress(baseUrl, path, language))}"/>`,
    ).join('');
    const lastmod = updated ? `<lastmod>${updated.slice(0, 10)}</lastmod>` : '';
    return STORE_LANGUAGES.map(
      (language) => `<url><loc>${escapeHtml(pageAddress(baseUrl, path, language))}</loc>${lastmod}${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers stay out of the back office, the API, the shoppers' private order pages
 * (docs/product.md#private-order-links) and the payment sandbox; the sitemap says where the rest is.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /orders/',
    'Disallow: /sandbox/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
