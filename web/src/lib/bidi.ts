/**
 * Wraps a value in Unicode isolates (FSI … PDI) before it goes into a translated sentence, so a
 * left-to-right run such as "2.000 Da" or a Latin product name keeps its own order inside an
 * Arabic sentence ("ادفع 2.000 Da" instead of "ادفع Da 2.000").
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
