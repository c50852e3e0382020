/**
 * A business rule said no. Modules throw their own subclasses from deciders; the HTTP layer turns
 * the status and message into the JSON answer, in one place (platform/http/errors.ts).
 */
export class RuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
