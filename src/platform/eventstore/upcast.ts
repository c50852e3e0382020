import type { NewEvent } from './port';

// Stored events never change. When an event's field is renamed, events written under the old name
// are renamed as they are read (upcast), so deciders and projections know one shape only.

/** The event with its own time field named `at`, moved from `oldName` when it was stored under that. */
export function timeFieldAsAt<E extends NewEvent>(event: E, oldName: string | undefined): E {
  const data = event.data as Record<string, unknown> | null;
  if (oldName === undefined || typeof data !== 'object' || data === null || 'at' in data || !(oldName in data))
    return event;
  const { [oldName]: at, ...rest } = data;
  return { ...event, data: { ...rest, at } };
}
