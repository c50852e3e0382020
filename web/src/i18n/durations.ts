import type { MessageId } from './messages';

const DURATION_IDS: Record<string, MessageId> = {
  'free trial': 'duration.freeTrial',
  'free-trial': 'duration.freeTrial',
  trial: 'duration.freeTrial',
  '1 month': 'duration.1month',
  '3 months': 'duration.3months',
  '6 months': 'duration.6months',
  '12 months': 'duration.12months',
  '15 months': 'duration.15months',
  'life time': 'duration.lifetime',
  lifetime: 'duration.lifetime',
  '1 year': 'duration.1year',
  day: 'duration.day',
  '1 day': 'duration.day',
  week: 'duration.week',
  '1 week': 'duration.week',
};

/** The message id of a known duration value ("3 months" → duration.3months), else null. */
export function durationMessageId(duration: string): MessageId | null {
  return DURATION_IDS[duration.trim().toLowerCase().replace(/\s+/g, ' ')] ?? null;
}
