import type { Coded } from '../errors/coded';

export interface TextRule {
  /** The field as the user knows it: every message starts with it. */
  field: string;
  max: number;
  /** Tabs and line breaks (\n, \r\n from multipart forms) are allowed. */
  multiline?: boolean;
  /** Passwords: kept as typed (no trimming) and only NUL is refused among the control characters. */
  verbatim?: boolean;
  /** Missing or blank is refused with this message (else a blank string is accepted). */
  required?: Coded;
  /** The message when the value is missing or not a string (defaults to `required`, then "must be text"). */
  notText?: Coded;
}
