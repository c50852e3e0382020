// The catalogue's duration values the store knows by name ("3 months" → 3months): the storefront and
// the back office show each by its message (duration.{key}), the payment page's description by the
// server's words (src/modules/ordering/description.ts); any other value shows as the admin typed it.

const DURATION_KEYS = {
  'free trial': 'freeTrial',
  'free-trial': 'freeTrial',
  trial: 'freeTrial',
  '1 month': '1month',
  '3 months': '3months',
  '6 months': '6months',
  '12 months': '12months',
  '15 months': '15months',
  'life time': 'lifetime',
  lifetime: 'lifetime',
  '1 year': '1year',
  day: 'day',
  '1 day': 'day',
  week: 'week',
  '1 week': 'week',
} as const;

export type DurationKey = (typeof DURATION_KEYS)[keyof typeof DURATION_KEYS];

/** The key of a known duration value ("3 Months " → 3months), else null. */
export function durationKey(duration: string): DurationKey | null {
  const normalised = duration.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.hasOwn(DURATION_KEYS, normalised) ? DURATION_KEYS[normalised as keyof typeof DURATION_KEYS] : null;
}
