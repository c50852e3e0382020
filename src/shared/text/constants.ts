import { coded, readCoded, type FieldProblem } from '../errors/coded';
import type { TextRule } from './types';

// What the shared text rule (./schemas) says when it refuses a value.
export const textMessages = {
  control: (field: string) => coded('text.control', { field }),
  nul: (field: string) => coded('text.nul', { field }),
  broken: (field: string) => coded('text.broken', { field }),
  tooLong: (field: string, max: number) => coded('text.too_long', { field, max }),
  notText: (field: string) => coded('text.not_text', { field }),
} as const;

// The characters the rule refuses (./schemas says why), here so a form checks a value as the
// server will before sending it (textProblem).
/* eslint-disable no-control-regex -- these patterns are there to find control characters */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const NUL = /\u0000/;
/* eslint-enable no-control-regex */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/** The characters a field under `rule` may not hold. */
export const forbiddenIn = (rule: TextRule): RegExp =>
  rule.verbatim ? NUL : rule.multiline ? CONTROL_BUT_LINES : CONTROL;

/**
 * What the text rule refuses in a typed value, as the server answers it (code and params; the first
 * of its checks that fails, in the order the server runs them), or undefined when it takes it.
 */
export function textProblem(value: string, rule: TextRule): FieldProblem | undefined {
  const { field, max } = rule;
  const typed = rule.verbatim ? value : value.trim();
  if (forbiddenIn(rule).test(typed)) return { code: rule.verbatim ? 'text.nul' : 'text.control', params: { field } };
  if (LONE_SURROGATE.test(typed)) return { code: 'text.broken', params: { field } };
  if (typed.length > max) return { code: 'text.too_long', params: { field, max } };
  const required = rule.required && typed.length === 0 ? readCoded(rule.required) : undefined;
  if (required) return { code: required.code, params: required.params as Record<string, unknown> | undefined };
  return undefined;
}

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
