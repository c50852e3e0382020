import { createHash } from 'node:crypto';

// Category slugs appear in storefront URLs (/category/{slug}), so they stay ASCII: Latin accents
// are dropped (Chaînes → chaines), Arabic is transliterated (رياضة → ryada), anything else that
// leaves nothing readable gets a stable fallback derived from the name, never an empty slug.

const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ء: '',
  ؤ: 'u',
  ئ: 'i',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  و: 'w',
  ي: 'y',
  ى: 'a',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  ڤ: 'v',
  گ: 'g',
  ک: 'k',
  ی: 'y',
};

const SLUG_MAX = 60;

export function slugify(name: string): string {
  const latin = [...name.normalize('NFKD')]
    .map((char) => ARABIC[char] ?? arabicDigit(char) ?? char)
    .join('')
    // Combining marks: Latin accents and Arabic short vowels (harakat), plus the tatweel.
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return latin || `category-${createHash('sha256').update(name.trim()).digest('hex').slice(0, 8)}`;
}

/** The n-th candidate for a slug when the first ones are taken: base, base-2, base-3… */
export const slugCandidate = (base: string, attempt: number): string => (attempt === 1 ? base : `${base}-${attempt}`);

/** Whether a slug already stands for a name whose slug base is `base` (kept on a rename to the same words). */
export const slugFits = (slug: string, base: string): boolean =>
  slug === base || new RegExp(`^${base}-\\d+$`).test(slug);

function arabicDigit(char: string): string | undefined {
  const code = char.charCodeAt(0);
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
  return undefined;
}
