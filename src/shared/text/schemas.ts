import { z } from 'zod';
import { LONE_SURROGATE, forbiddenIn, textMessages } from './constants';
import type { TextRule } from './types';

// The one rule for free text that comes in from outside (bodies, search parameters), shared by
// the server and the web app. PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16
// surrogate is not Unicode at all: both used to reach the database and answer 500. Other control
// characters have no place in a name or an id either; tabs and line breaks are allowed where a
// field is multi-line (descriptions), and a password may hold anything but NUL and broken text.

/** Free text: a string, trimmed (unless verbatim), with no control characters or broken Unicode, at most `max` long. */
export function text(rule: TextRule) {
  const { field, max } = rule;
  const forbidden = forbiddenIn(rule);
  const string = z.string({ error: rule.notText ?? rule.required ?? textMessages.notText(field) });
  const checked = (rule.verbatim ? string : string.trim())
    .refine((value) => !forbidden.test(value), rule.verbatim ? textMessages.nul(field) : textMessages.control(field))
    .refine((value) => !LONE_SURROGATE.test(value), textMessages.broken(field))
    .max(max, textMessages.tooLong(field, max));
  return rule.required ? checked.min(1, rule.required) : checked;
}
