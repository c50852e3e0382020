import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/support/wait';
import type { CachedJson } from '../../platform/http/cached-json';
import type { CategoryRow, ProductRow } from './rows';
import { CatalogueSnapshot } from './snapshot';

const at = new Date('2024-05-01T10:00:00.000Z');
const stamps = {
  version: 1,
  created_at: at,
  updated_at: at,
  featured_image: null,
  thumbnail_image: null,
  image_renditions: null,
};
const categories: CategoryRow[] = [
  {
    id: 'c1',
    name: 'Sport',
    slug: 'sport',
    description: 'Every match',
    translations: { fr: { name: 'Sport', description: 'Every match' }, ar: { name: 'رياضة', description: '' } },
    ...stamps,
  },
];
const goldText = (i: number) => ({
  name: `Gold ${i}`,
  description: 'Every league, every match, in full HD on every device you own',
  features: ['Replay', 'EPG'],
});
const products: ProductRow[] = Array.from({ length: 40 }, (_, i) => ({
  id: `p${i}`,
  category_id: 'c1',
  name: `Gold ${i}`,
  description: 'Every league, every match, in full HD on every device you own',
  channels: 100 + i,
  quality: 'HD',
  devices: 2,
  popular: i % 2 === 0,
  vod: true,
  active: true,
  features: ['Replay', 'EPG'],
  translations: { fr: goldText(i), ...(i % 2 === 0 && { en: { ...goldText(i), name: `Golden ${i}` } }) },
  price_durations: [{ duration: '1 month', price: 900, active: true }],
  ...stamps,
}));

/** What one request to the answer gets, sent straight to a recording response. */
function send(answer: CachedJson, acceptEncoding = 'gzip, deflate, br') {
  const sent: { headers: Record<string, string | number>; body?: Buffer } = { headers: {} };
  const res = {
    getHeader: () => undefined,
    writeHead(_status: number, headers: Record<string, string | number>) {
      sent.headers = headers;
      return this;
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  };
  answer.send(
    { method: 'GET', headers: { 'accept-encoding': acceptEncoding } } as IncomingMessage,
    res as unknown as ServerResponse,
  );
  const encoding = sent.headers['Content-Encoding'];
  return {
    encoding,
    json: JSON.parse((encoding === 'br' ? brotliDecompressSync(sent.body!) : sent.body!).toString()) as unknown,
    vary: sent.headers.Vary,
  };
}

describe('catalogue answers', () => {
  it('keep the storefront lists through any number of other answers, and hold only a bounded number of those', () => {
    const snapshot = new CatalogueSnapshot('v1', categories, products);
    const all = snapshot.productList(undefined);
    const search = (i: number) =>
      snapshot.answer(`search gold ${i}`, undefined, () => snapshot.search(`gold ${i}`, { includeInactive: false }));
    const searches = Array.from({ length: 1000 }, (_, i) => search(i));
    // Asked for only after 1,000 searches, lists still find room, and stay.
    const sport = snapshot.productList('c1');
    const categoryPage = snapshot.categoryList({ page: 1, limit: 100 });
    for (let i = 1000; i < 2000; i++) search(i);
    // The very same answers: not one of them was built again.
    expect(snapshot.productList(undefined)).toBe(all);
    expect(snapshot.productList('c1')).toBe(sport);
    expect(snapshot.categoryList({ page: 1, limit: 100 })).toBe(categoryPage);
    // The other answers: the oldest went.
    expect(search(999)).not.toBe(searches[999]);
    // Lists of endless variety (a later page, a category search) are not kept for ever.
    const later = snapshot.categoryList({ page: 2, limit: 1 });
    for (let i = 0; i < 500; i++) snapshot.answer(`search x${i}`, undefined, () => []);
    expect(snapshot.categoryList({ page: 2, limit: 1 })).not.toBe(later);
  });

  it('answer a search correctly while its compression runs, then compressed', async () => {
    const snapshot = new CatalogueSnapshot('v1', categories, products);
    const expected = JSON.parse(JSON.stringify(snapshot.search('gold', { includeInactive: false })));
    const answer = snapshot.answer('search gold', undefined, () => snapshot.search('gold', { includeInactive: false }));
    // In one turn of the event loop: the compression asked for by the second cannot have finished.
    const pending = [send(answer), send(answer), send(answer)];
    for (const sent of pending)
      expect(sent).toEqual({ encoding: undefined, json: expected, vary: 'Accept-Language, Accept-Encoding' });
    await waitUntil(() => send(answer).encoding === 'br');
    expect(send(answer).json).toEqual(expected);
  });
});

describe('answers in a language', () => {
  const snapshot = new CatalogueSnapshot('v1', categories, products, {
    id: 'catalogue',
    default_language: 'fr',
    version: 0,
    updated_at: at,
  });
  const names = (answer: CachedJson) => (send(answer).json as { name: string; language: string }[]).slice(0, 2);

  it('are kept apart by language, the default language standing for "none asked"', () => {
    const english = snapshot.productList('c1', 'en');
    expect(names(english)).toEqual([
      expect.objectContaining({ name: 'Golden 0', language: 'en', category_name: 'Sport' }),
      expect.objectContaining({ name: 'Gold 1', language: 'fr' }),
    ]);
    expect(snapshot.productList('c1', 'en')).toBe(english);
    expect(snapshot.productList('c1', 'fr')).toBe(snapshot.productList('c1', undefined));
    expect(snapshot.productList('c1', 'fr')).not.toBe(english);
    expect(names(snapshot.productList('c1'))[0]).toMatchObject({ name: 'Gold 0', language: 'fr' });
    const arabic = send(snapshot.categoryList({}, 'ar')).json as { data: { name: string }[] };
    expect(arabic.data[0]).toMatchObject({ name: 'رياضة', language: 'ar', description: '' });
    const search = snapshot.answer('search', 'ar', (shown) => [shown(snapshot.products[0]!)]);
    expect((send(search).json as { category_name: string }[])[0]!.category_name).toBe('رياضة');
  });

  it('find a product by its name in any language', () => {
    // English names only on even products: the English word finds those, the French one all of them.
    expect(snapshot.search('golden', { includeInactive: false })).toHaveLength(20);
    expect(snapshot.search('golden 22', { includeInactive: false }).map((p) => p.id)).toEqual(['p22']);
    expect(snapshot.search('gold', { includeInactive: false })).toHaveLength(40);
    expect(snapshot.search('رياضه', { includeInactive: false })).toHaveLength(40);
  });
});
