// The storefront's own catalogue constants and the product page's pure rules (docs/product.md#product, #constants); the
// API's (durations, limits) come from src/shared/catalogue.

/** Featured packages on the home page. */
export const FEATURED_PRODUCTS = 3;
/** The description is cut at this many characters, with "read more". */
export const DESCRIPTION_PREVIEW_CHARS = 150;
/** This duration is flagged "best value". */
export const BEST_VALUE_DURATION = '6 months';

const MONTHS: Record<string, number> = {
  '1 month': 1,
  '3 months': 3,
  '6 months': 6,
  '12 months': 12,
  '1 year': 12,
  '15 months': 15,
};

/** How many months a duration covers, or null for free trial, life time and unknown values. */
export function monthsOf(duration: string): number | null {
  return MONTHS[duration.trim().toLowerCase()] ?? null;
}

export function isBestValue(duration: string): boolean {
  return duration.trim().toLowerCase() === BEST_VALUE_DURATION;
}

/**
 * The saving of a duration against the first duration's price, as a whole percentage,
 * compared month for month: 3 months at 5,400 against 1 month at 2,000 saves 10 %. The reference is
 * the first duration that covers a number of months and costs something (a free trial first in
 * the list has no price to compare with). Null when there is nothing to compare or no saving.
 */
export function savingPercent(
  entries: readonly { duration: string; price: number }[],
  duration: string,
): number | null {
  const reference = entries.find((entry) => monthsOf(entry.duration) !== null && entry.price > 0);
  const entry = entries.find((candidate) => candidate.duration === duration);
  if (!reference || !entry || entry === reference) return null;
  const months = monthsOf(entry.duration);
  if (months === null) return null;
  const referenceMonthly = reference.price / monthsOf(reference.duration)!;
  const saving = Math.round((1 - entry.price / months / referenceMonthly) * 100);
  return saving > 0 ? saving : null;
}

/**
 * The first `max` characters of a text, cut at a word boundary when one is near, and whether
 * anything was cut (150 characters with "read more").
 */
export function previewText(text: string, max = DESCRIPTION_PREVIEW_CHARS): { preview: string; truncated: boolean } {
  const clean = text.trim();
  const chars = Array.from(clean); // whole code points: never split a surrogate pair
  if (chars.length <= max) return { preview: clean, truncated: false };
  let cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.7) cut = cut.slice(0, space);
  return { preview: `${cut.trimEnd()}…`, truncated: true };
}
