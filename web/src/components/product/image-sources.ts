import type { ImageRendition } from '@shared/catalogue/types';

// Which rendition of a catalogue picture the browser downloads (docs/architecture.md#images): the
// server lists every rendition with the width it was really rendered at, the page says how wide each
// slot is (`sizes`), and the browser picks the narrowest that fills the slot at the screen's density.

/**
 * How wide each slot showing a catalogue picture is, from its CSS: the page's container is at most
 * 75rem with gutters of clamp(1rem, 4vw, 2rem) (base.css, tokens.css); grids fill columns of a
 * minimum width with 1.5rem gaps. Where the exact width is a formula of the viewport, an upper bound
 * within a few pixels stands in.
 */
export const IMAGE_SIZES = {
  // home.css .product-grid: columns of at least 17rem → 2 columns from 38.6rem, 3 from 58rem.
  productCard:
    '(min-width: 75rem) 23rem, (min-width: 58rem) calc((100vw - 7rem) / 3), (min-width: 38.6rem) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)',
  // catalogue.css .category-grid: columns of at least 16rem → 2 from 36.4rem, 3 from 55rem, 4 from 72.5rem.
  categoryCard:
    '(min-width: 75rem) 17rem, (min-width: 72.5rem) calc((100vw - 8.5rem) / 4), (min-width: 55rem) calc((100vw - 7rem) / 3), (min-width: 36.4rem) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)',
  // product.css .product-layout: the gallery is 5/11 of the row beside the facts from 56rem, else the whole row.
  productHero: '(min-width: 75rem) 31rem, (min-width: 56rem) calc((100vw - 7rem) * 5 / 11), calc(100vw - 2rem)',
  // catalogue.css .category-banner-media: 2/5 of the banner from 48rem; hidden below, where an eager
  // image is still fetched, so the narrowest rendition is asked for.
  categoryBanner: '(min-width: 75rem) 28rem, (min-width: 48rem) calc((100vw - 5.5rem) * 2 / 5), 1px',
  // cart.css .cart-line: a 5.5rem column, 7.5rem from 40rem.
  cartLine: '(min-width: 40rem) 7.5rem, 5.5rem',
  // admin.css .admin-product-thumb and .admin-category-thumb.
  adminProduct: '3.5rem',
  adminCategory: '2.75rem',
} as const;

export type ImageSlot = keyof typeof IMAGE_SIZES;

export interface ImageSources {
  srcSet?: string;
  sizes?: string;
}

const isRendition = (value: unknown): value is ImageRendition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ImageRendition).src === 'string' &&
  // A srcset candidate's URL ends at whitespace.
  /^\S+$/.test((value as ImageRendition).src) &&
  Number.isInteger((value as ImageRendition).width) &&
  (value as ImageRendition).width > 0;

/**
 * `srcset` and `sizes` for a picture's renditions in a slot. Renditions may come from a stored cart,
 * so anything malformed is skipped; two of one width (an upload narrower than a rendition is not
 * enlarged) are one candidate. Without any (a picture from before widths were recorded) there is no
 * srcset and the plain src stands alone.
 */
export function imageSources(renditions: unknown, slot: ImageSlot, toUrl: (path: string) => string): ImageSources {
  if (!Array.isArray(renditions)) return {};
  const byWidth = new Map<number, string>();
  for (const rendition of renditions.filter(isRendition).sort((a, b) => a.width - b.width)) {
    if (!byWidth.has(rendition.width)) byWidth.set(rendition.width, toUrl(rendition.src));
  }
  if (byWidth.size === 0) return {};
  const srcSet = [...byWidth].map(([width, url]) => `${url} ${width}w`).join(', ');
  return { srcSet, sizes: IMAGE_SIZES[slot] };
}
