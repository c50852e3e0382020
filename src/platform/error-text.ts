import { IntlMessageFormat } from 'intl-messageformat';
import { ERRORS, readCoded, type CodedError, type ErrorCode } from '../shared/errors';

// The English text of an error code: what an answer's `message` says, the log and the command line
// read. The web app shows its own translation of the code instead (docs/architecture.md#errors).

const formats = new Map<ErrorCode, IntlMessageFormat>();

export function englishText({ code, params }: CodedError): string {
  let format = formats.get(code);
  if (!format) formats.set(code, (format = new IntlMessageFormat(ERRORS[code].en, 'en')));
  return String(format.format(params as Record<string, string | number> | undefined));
}

/** A message that may be a coded() one, as English: a plain text stays as it is. */
export function englishOf(message: string): string {
  const found = readCoded(message);
  return found ? englishText(found) : message;
}
