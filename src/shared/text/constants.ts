import { coded } from '../errors/coded';

// What the shared text rule (./schemas) says when it refuses a value.
export const textMessages = {
  control: (field: string) => coded('text.control', { field }),
  nul: (field: string) => coded('text.nul', { field }),
  broken: (field: string) => coded('text.broken', { field }),
  tooLong: (field: string, max: number) => coded('text.too_long', { field, max }),
  notText: (field: string) => coded('text.not_text', { field }),
} as const;

/**
 * Digits typed on an Arabic keyboard, Arabic-Indic (٠١٢…) or Eastern Arabic-Indic (۰۱۲…), as 0–9:
 * every number a person types (phone, order number, quantity, price) is read through it
 * (docs/product.md#validation).
 */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** A number field's text as the server reads it, in any of the digit sets above; NaN when blank or not a number. */
export function typedNumberOf(text: string): number {
  const given = westernDigits(text).trim();
  return given === '' ? Number.NaN : Number(given);
}

/** A number as a form sends it: digits as text read as a number (typedNumberOf), a blank as absent. */
export function typedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : typedNumberOf(value);
}
