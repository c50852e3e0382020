import { escapeHtml } from '../../platform/http/html';
import { DEFAULT_STORE_LANGUAGE, STORE_LANGUAGES, type StoreLanguage } from '../../shared/locale';
import { PAGE_TEXTS } from './texts';

// The tags of a page's head as link previews (WhatsApp, Facebook, X, Telegram) and search engines
// read them, without running the app (docs/product.md#link-previews). Everything written is escaped.

/** What a page shows in a preview. */
export interface Preview {
  /** The whole title, brand included, as the app sets it. */
  title: string;
  description: string;
  /** The page's canonical path: `/product/{id}`, `/category/{slug}`. */
  path: string;
  /** Its picture: a path on the store (`/media/…`) or an address elsewhere. */
  image?: string | null;
  imageAlt?: string;
  type: 'website' | 'product';
  /** A product's price in dinars (Open Graph's product:price). */
  price?: number;
}

/** The address of a page in a language: the store's language without `?lang=`, the others with it. */
export function pageAddress(baseUrl: string, path: string, language: StoreLanguage): string {
  return language === DEFAULT_STORE_LANGUAGE ? `${baseUrl}${path}` : `${baseUrl}${path}?lang=${language}`;
}

/** An image's absolute address, as previews require. */
export function absoluteUrl(baseUrl: string, address: string): string {
  return /^https?:\/\//i.test(address) ? address : `${baseUrl}${address.startsWith('/') ? '' : '/'}${address}`;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
const title = (text: string) => `<title>${escapeHtml(text)}</title>`;

/** A page others may share and search engines may list: its own title, description, canonical address, alternates and previews. */
export function previewTags(preview: Preview, language: StoreLanguage, baseUrl: string): string {
  const texts = PAGE_TEXTS[language];
  const url = pageAddress(baseUrl, preview.path, language);
  const image = preview.image ? absoluteUrl(baseUrl, preview.image) : undefined;
  const tags = [
    title(preview.title),
    meta('description', preview.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...STORE_LANGUAGES.map(
      (other) =>
        `<link rel="alternate" hreflang="${other}" href="${escapeHtml(pageAddress(baseUrl, preview.path, other))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageAddress(baseUrl, preview.path, DEFAULT_STORE_LANGUAGE))}">`,
    property('og:site_name', texts.brand),
    property('og:type', preview.type),
    property('og:title', preview.title),
    property('og:description', preview.description),
    property('og:url', url),
    property('og:locale', texts.ogLocale),
    ...STORE_LANGUAGES.filter((other) => other !== language).map((other) =>
      property('og:locale:alternate', PAGE_TEXTS[other].ogLocale),
    ),
    ...(image ? [property('og:image', image), property('og:image:alt', preview.imageAlt ?? preview.title)] : []),
    ...(preview.price !== undefined
      ? [property('product:price:amount', String(preview.price)), property('product:price:currency', 'DZD')]
      : []),
    meta('twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('twitter:title', preview.title),
    meta('twitter:description', preview.description),
    ...(image ? [meta('twitter:image', image)] : []),
  ];
  return tags.join('');
}

/** A page nobody should find through a search engine (an unknown address, a cart, a private order page). */
export function unlistedTags(pageTitle: string, description: string): string {
  return [title(pageTitle), meta('description', description), meta('robots', 'noindex')].join('');
}

/** A description as previews show it: one line, cut at a word near `max` characters. */
export function summary(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:،-]+$/, '')}…`;
}
