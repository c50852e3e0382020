import type { ParsedUrlQuery } from 'node:querystring';
import type { WebPage, WebPageRequest } from '../../platform/http/web-app';
import type { CatalogueSnapshot } from '../../projections/catalogue';
import {
  firstPaidDuration,
  inLanguage,
  offeredDurations,
  type CategoryView,
  type ProductView,
} from '../../shared/catalogue';
import {
  DEFAULT_STORE_LANGUAGE,
  directionOf,
  formatPrice,
  isStoreLanguage,
  type StoreLanguage,
} from '../../shared/locale';
import { previewTags, summary, unlistedTags, type Preview } from './head';
import { PAGE_TEXTS } from './texts';

// What the web app's page is at each address (docs/product.md#link-previews): the status (404 for
// an address that names nothing the store has) and the head, in the language asked for.

/** What an address shows. */
export type PageAt =
  | { kind: 'home' }
  | { kind: 'store' }
  | { kind: 'category'; category: CategoryView }
  | { kind: 'product'; product: ProductView }
  /** Another page of the app: the cart, the checkout, an order's private page, the back office. */
  | { kind: 'app' }
  | { kind: 'missing'; what: 'page' | 'product' | 'category' };

/** The language asked for with `?lang=ar|fr|en`, else the store's own. */
export function languageAsked(query: ParsedUrlQuery): StoreLanguage {
  const asked = Array.isArray(query.lang) ? query.lang[0] : query.lang;
  return isStoreLanguage(asked) ? asked : DEFAULT_STORE_LANGUAGE;
}

/** The product a page's address names: one the store sells (an inactive one is not shown). */
export function findProduct(catalogue: CatalogueSnapshot, id: string): ProductView | undefined {
  return catalogue.product(id, { includeInactive: false });
}

/**
 * The category a page's address names, by slug, a slug it had before a rename (its page then
 * says its current address, docs/product.md#category-addresses) or id, as the web app reads its
 * address (trimmed). The one place this is decided, for the page's status and its head alike.
 */
export function findCategory(catalogue: CatalogueSnapshot, reference: string): CategoryView | undefined {
  const trimmed = reference.trim();
  return trimmed ? catalogue.category(trimmed) : undefined;
}

/** What `request` is at; the catalogue is read only for the pages that show it. */
export async function pageAt(
  request: Pick<WebPageRequest, 'route'>,
  catalogue: () => Promise<CatalogueSnapshot>,
): Promise<PageAt> {
  const route = request.route;
  if (!route) return { kind: 'missing', what: 'page' };
  switch (route.pattern) {
    case '/':
      return { kind: 'home' };
    case '/store':
      return { kind: 'store' };
    case '/category/$slug':
    case '/category/': {
      const category = findCategory(await catalogue(), route.params.slug ?? '');
      return category ? { kind: 'category', category } : { kind: 'missing', what: 'category' };
    }
    case '/product/$id': {
      const product = findProduct(await catalogue(), route.params.id ?? '');
      return product ? { kind: 'product', product } : { kind: 'missing', what: 'product' };
    }
    default:
      return { kind: 'app' };
  }
}

/** The page's status, language and head. */
export function pageFor(
  page: PageAt,
  language: StoreLanguage,
  baseUrl: string,
  catalogue: CatalogueSnapshot | undefined,
): WebPage {
  const texts = PAGE_TEXTS[language];
  const titled = (name: string) => `${name} · ${texts.brand}`;
  const answer = (status: number, head: string): WebPage => ({
    status,
    lang: language,
    dir: directionOf(language),
    head,
  });
  switch (page.kind) {
    case 'missing': {
      const title = { page: texts.notFound, product: texts.productNotFound, category: texts.categoryNotFound };
      return answer(404, unlistedTags(titled(title[page.what]), texts.homeDescription));
    }
    case 'app':
      return answer(200, unlistedTags(`${texts.brand} · ${texts.tagline}`, texts.homeDescription));
    default:
      return answer(200, previewTags(preview(page, language, catalogue), language, baseUrl));
  }
}

function preview(
  page: Extract<PageAt, { kind: 'home' | 'store' | 'category' | 'product' }>,
  language: StoreLanguage,
  catalogue: CatalogueSnapshot | undefined,
): Preview {
  const texts = PAGE_TEXTS[language];
  const titled = (name: string) => `${name} · ${texts.brand}`;
  switch (page.kind) {
    case 'home':
      return {
        title: `${texts.brand} · ${texts.tagline}`,
        description: texts.homeDescription,
        path: '/',
        // The first package the home page features (popular ones first).
        image: catalogue && featuredImage(catalogue.activeProducts),
        type: 'website',
      };
    case 'store':
      return {
        title: titled(texts.storeTitle),
        description: texts.storeDescription,
        path: '/store',
        image: catalogue?.categories.find((category) => category.featuredImage)?.featuredImage,
        type: 'website',
      };
    case 'category': {
      // In the page's language, else the shop's default, as the storefront shows it (docs/product.md#catalogue-languages).
      const { name, description } = inLanguage(page.category, language);
      return {
        title: titled(name),
        description: summary(description || texts.categoryDescription(name)),
        path: `/category/${encodeURIComponent(page.category.slug)}`,
        image: page.category.featuredImage,
        imageAlt: name,
        type: 'website',
      };
    }
    case 'product': {
      const { name, description: text } = inLanguage(page.product, language);
      const offered = offeredDurations(page.product);
      const paid = firstPaidDuration(offered);
      const price = paid ? texts.from(formatPrice(paid.price, language)) : offered.length ? texts.freeTrial : '';
      const description = summary(text, 140);
      return {
        title: titled(name),
        description: [price, description].filter(Boolean).join(' · ') || texts.tagline,
        path: `/product/${encodeURIComponent(page.product.id)}`,
        image: page.product.featuredImage,
        imageAlt: name,
        type: 'product',
        ...(paid && { price: paid.price }),
      };
    }
  }
}

function featuredImage(products: readonly ProductView[]): string | undefined {
  const withImage = products.filter((product) => product.featuredImage);
  return (withImage.find((product) => product.popular) ?? withImage[0])?.featuredImage ?? undefined;
}
