import { normalisePhone } from '@shared/ordering/constants';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { phoneErrorId } from '../../lib/phone';

/** Ten digits: from there a number being typed could be complete, so its problem is worth saying. */
const COMPLETE_LENGTH = 10;

/**
 * Whether a phone's problem is said while the shopper types (docs/product.md#validation): not at the
 * first digit, only once the number could be complete, or once a problem was said (so it goes as soon
 * as it is fixed). Blur and submit always say it.
 */
export function checksWhileTyping(value: string, problemShown: boolean): boolean {
  return problemShown || normalisePhone(value).length >= COMPLETE_LENGTH;
}

/** A PhoneField's state: its value, its problem in the page's language, and when to say it. */
export function usePhoneField(initial: string | (() => string) = '') {
  const intl = useIntl();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  /** Says the value's problem, if any; true when there is none. */
  const check = (next = value) => {
    const id = phoneErrorId(next);
    setError(id ? intl.formatMessage({ id }) : null);
    return id === null;
  };
  return {
    value,
    error,
    /** A problem the server named, already in the page's language. */
    setError,
    check,
    field: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next);
        if (checksWhileTyping(next, error !== null)) check(next);
      },
      onBlur: () => {
        if (value.trim() !== '') check();
      },
    },
  };
}
