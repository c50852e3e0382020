import type { NewEvent } from './port';

// Stored events never change. When an event's field is renamed, events written under the old name
// are renamed as they are read (upcast), so deciders and projections know one shape only.

/** The event with its own time field named `at`, moved from `oldName` when it was stored under that. */
export function timeFieldAsAt<E extends NewEvent>(event: E, oldName: string | undefined): E {
  const data = event.data as Record<string, unknown> | null;
  if (oldName === undefined || typeof data !== 'object' || data === null || 'at' in data || !(oldName in data))
    return event;
  // Copied key by key: a rest pattern with a computed key takes V8's slow path, ~10x the time, and
  // a rebuild renames hundreds of thousands of these.
  const renamed: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (key !== oldName) renamed[key] = data[key];
  renamed.at = data[oldName];
  return { ...event, data: renamed };
}
