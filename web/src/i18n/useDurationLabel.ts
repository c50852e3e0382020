import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { durationMessageId } from './durations';

/** Translates a duration value ("3 months") into the page language; unknown values stay as sent. */
export function useDurationLabel(): (duration: string) => string {
  const intl = useIntl();
  return useCallback(
    (duration: string) => {
      const id = durationMessageId(duration);
      return id ? intl.formatMessage({ id }) : duration;
    },
    [intl],
  );
}
