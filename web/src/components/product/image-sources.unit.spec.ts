import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageSources } from './image-sources';

const asIs = (path: string) => path;

describe('imageSources', () => {
  it('lists every rendition by its true width, narrowest first, with the slot’s sizes', () => {
    const renditions = [
      { src: '/media/a-full.webp', width: 1280 },
      { src: '/media/a-thumb.webp', width: 240 },
      { src: '/media/a-card.webp', width: 480 },
    ];
    expect(imageSources(renditions, 'productHero', asIs)).toEqual({
      srcSet: '/media/a-thumb.webp 240w, /media/a-card.webp 480w, /media/a-full.webp 1280w',
      sizes: IMAGE_SIZES.productHero,
    });
    expect(imageSources(renditions, 'cartLine', asIs).sizes).toBe('(min-width: 40rem) 7.5rem, 5.5rem');
  });

  it('names a width once when a narrow upload gave renditions of the same width', () => {
    const narrow = [
      { src: '/media/b-thumb.webp', width: 240 },
      { src: '/media/b-card.webp', width: 300 },
      { src: '/media/b-full.webp', width: 300 },
    ];
    expect(imageSources(narrow, 'productCard', asIs).srcSet).toBe('/media/b-thumb.webp 240w, /media/b-card.webp 300w');
  });

  it('gives the URLs as the page loads them', () => {
    const { srcSet } = imageSources([{ src: 'media/c-card.webp', width: 480 }], 'productCard', (p) => `/${p}`);
    expect(srcSet).toBe('/media/c-card.webp 480w');
  });

  it('leaves the plain src alone for pictures without recorded widths and for malformed stored renditions', () => {
    expect(imageSources(undefined, 'productCard', asIs)).toEqual({});
    expect(imageSources([], 'productCard', asIs)).toEqual({});
    expect(imageSources('nope', 'productCard', asIs)).toEqual({});
    const malformed = [
      null,
      { src: '/media/x.webp' },
      { src: '/media/x.webp', width: '480' },
      { src: '/media/x.webp', width: 0 },
      { src: '/media/x y.webp', width: 480 },
      { src: '', width: 480 },
    ];
    expect(imageSources(malformed, 'productCard', asIs)).toEqual({});
    expect(imageSources([...malformed, { src: '/media/ok.webp', width: 480 }], 'productCard', asIs).srcSet).toBe(
      '/media/ok.webp 480w',
    );
  });
});
