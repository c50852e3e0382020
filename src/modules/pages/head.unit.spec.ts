import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageAddress, previewTags, summary } from './head';

describe('a page’s preview tags', () => {
  const base = 'https://shop.example';

  it('escapes every text it writes, in the title, attributes and addresses', () => {
    const tags = previewTags(
      {
        title: `</title><script>alert(1)</script> "x" & 'y'`,
        description: '"><img src=x onerror=alert(1)>',
        path: '/product/a%22b',
        image: '/media/a"b.webp',
        type: 'product',
        price: 1500,
      },
      'fr',
      base,
    );
    expect(tags).not.toMatch(/<script|<img|"x"|onerror=alert\(1\)>/);
    expect(tags).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#34;x&#34; &#38; &#39;y&#39;</title>',
    );
    expect(tags).toContain('<meta property="og:image" content="https://shop.example/media/a&#34;b.webp">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('says summary without a picture, and names no price where there is none', () => {
    const tags = previewTags({ title: 'Store', description: 'All', path: '/store', type: 'website' }, 'ar', base);
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('product:price');
    expect(tags).toContain('<link rel="canonical" href="https://shop.example/store">');
  });

  it('addresses a page in the store’s language without ?lang=, in the others with it', () => {
    expect(pageAddress(base, '/store', 'ar')).toBe('https://shop.example/store');
    expect(pageAddress(base, '/store', 'en')).toBe('https://shop.example/store?lang=en');
    expect(absoluteUrl(base, '/media/x.webp')).toBe('https://shop.example/media/x.webp');
    expect(absoluteUrl(base, 'https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
  });

  it('cuts a long description at a word, on one line', () => {
    expect(summary('Short\n  text')).toBe('Short text');
    const long = `${'word '.repeat(50)}end`;
    const cut = summary(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^word( word)*…$/);
  });
});
