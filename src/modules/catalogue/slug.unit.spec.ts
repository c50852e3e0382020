import { describe, expect, it } from 'vitest';
import { slugCandidate, slugFits, slugify } from './slug';

describe('category slugs', () => {
  it.each([
    ['Sport', 'sport'],
    ['Cinéma & Séries', 'cinema-series'],
    ['  Chaînes Françaises!! ', 'chaines-francaises'],
    ['Enfants   et   Famille', 'enfants-et-famille'],
    ['رياضة', 'ryada'],
    ['القنوات الجزائرية', 'alqnwat-aljzayrya'],
    ['أفلام ٢٠٢٦', 'aflam-2026'],
    ['Sport | رياضة', 'sport-ryada'],
  ])('makes a readable ASCII slug of %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('ignores Arabic vowel marks and the tatweel', () => {
    expect(slugify('رِيَاضَـــة')).toBe(slugify('رياضة'));
  });

  it('falls back to a stable, non-empty slug when nothing readable is left', () => {
    const fallback = slugify('🔥📺');
    expect(fallback).toMatch(/^category-[0-9a-f]{8}$/);
    expect(slugify('🔥📺')).toBe(fallback);
    expect(slugify('⚽⚽')).not.toBe(fallback);
  });

  it('stays within 60 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('numbers the candidates after the first and knows which slugs fit a name', () => {
    expect([1, 2, 3].map((n) => slugCandidate('sport', n))).toEqual(['sport', 'sport-2', 'sport-3']);
    expect(slugFits('sport', 'sport')).toBe(true);
    expect(slugFits('sport-2', 'sport')).toBe(true);
    expect(slugFits('sport-extra', 'sport')).toBe(false);
    expect(slugFits('cinema', 'sport')).toBe(false);
  });
});
