import { durationKey } from '@shared/ordering/constants';
import type { MessageId } from './messages';

/** The message id of a known duration value ("3 months" → duration.3months), else null. */
export function durationMessageId(duration: string): MessageId | null {
  const key = durationKey(duration);
  return key ? `duration.${key}` : null;
}
