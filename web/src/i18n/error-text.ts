import type { IntlShape } from 'react-intl';
import { ApiError, type Problem } from '../api/http';
import type { MessageId } from './messages';

// The one way a screen says what went wrong: by the API's error code, in the page's language, with
// the values the error carries (seconds to wait, a package's name). Never by the server's English
// text: a code this build does not know reads as the generic message (docs/architecture.md#errors).

let shownIn: IntlShape | undefined;

/**
 * The language errors are told in outside React (the admin client's failure texts): the one the
 * I18nProvider shows now. Set by <ErrorLanguage/>, inside the provider.
 */
export function errorLanguage(): IntlShape | undefined {
  return shownIn;
}

export function setErrorLanguage(intl: IntlShape): void {
  shownIn = intl;
}

/** The page-language text of a problem the API named, or undefined when this build has no such code. */
export function problemText(intl: IntlShape, problem: Problem): string | undefined {
  const id = `error.${problem.code}` as MessageId;
  if (!(id in intl.messages)) return undefined;
  return intl.formatMessage({ id }, problem.params as Record<string, string | number> | undefined);
}

/** What to tell the user about a failed request, in the page's language. */
export function errorText(intl: IntlShape, error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    const known = error.problem && problemText(intl, error.problem);
    if (known) return known;
    if (fallback) return fallback;
    return error.problem || error.status < 500
      ? intl.formatMessage({ id: 'error.unknown' })
      : intl.formatMessage({ id: 'error.http' }, { status: error.status });
  }
  // fetch rejects with a TypeError when the network fails.
  if (error instanceof TypeError) return intl.formatMessage({ id: 'error.network' });
  return fallback ?? intl.formatMessage({ id: 'error.unknown' });
}

/** A problem in the language the page shows now (outside React); the generic message when its code is unknown. */
export function problemInPageLanguage(problem: Problem | undefined): string {
  if (!shownIn) return problem?.code ?? '';
  return (problem && problemText(shownIn, problem)) ?? shownIn.formatMessage({ id: 'error.unknown' });
}

/** Each field's problem in the page's language (fields whose code this build does not know are left out). */
export function fieldTexts(intl: IntlShape, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).flatMap(([field, problem]) => {
      const text = problemText(intl, problem);
      return text ? [[field, text]] : [];
    }),
  );
}
