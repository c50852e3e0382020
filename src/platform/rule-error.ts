import { readCoded, type Coded, type CodedError } from '../shared/errors';
import { englishText } from './error-text';

/**
 * A business rule said no. Modules throw their own subclasses from deciders with a coded() message;
 * the HTTP layer answers its status, code, params and English text, in one place
 * (platform/http/errors.ts).
 */
export class RuleError extends Error {
  readonly code: CodedError['code'];
  readonly params: CodedError['params'];

  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429,
    message: Coded,
    readonly details: Record<string, unknown> = {},
  ) {
    const found = readCoded(message) ?? { code: 'request.invalid', params: { detail: message } };
    super(englishText(found));
    this.code = found.code;
    this.params = found.params;
    this.name = new.target.name;
  }
}
