import { countConflict } from '../observability/event-store';
import type { CommandMetadata } from './metadata';
import {
  ConcurrencyError,
  START,
  type Actor,
  type EventStore,
  type NewEvent,
  type Position,
  type Recorded,
} from './port';

// The one way a command changes a stream: load its events, fold them into the state, decide,
// append at the revision it was loaded at. A writer that got there first makes the append fail
// (a conflict, never an overwrite); commands that may simply be decided again on the fresh state
// say how many times.

/** A module's pure rules for one kind of stream (Emmett's decider): no I/O, no clock. */
export interface Decider<Command, Event extends NewEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export interface LoadedStream<Event extends NewEvent, State> {
  state: State;
  /** The revision to append at: the last event's, or 'no_stream'. */
  revision: bigint | 'no_stream';
  last?: Recorded<Event>;
  /** The log position of the last event (START for a new stream): what a read must reach. */
  position: Position;
}

export async function loadStream<Event extends NewEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
): Promise<LoadedStream<Event, State>> {
  const events = await store.readStream<Event>(stream);
  const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
  const last = events.at(-1);
  return { state, revision: last?.revision ?? 'no_stream', last, position: last?.position ?? START };
}

/**
 * The item an admin edited has changed since they loaded it (their If-Match is stale). Says who
 * changed it and when, so the screen can tell them; the HTTP layer names the admin.
 */
export class StaleVersionError extends ConcurrencyError {
  constructor(
    streamId: string,
    expected: bigint,
    readonly current: { revision: bigint; type: string; actor: Actor; occurredAt: string },
  ) {
    super(streamId, expected, current.revision);
    this.name = 'StaleVersionError';
  }
}

export interface CommandOptions {
  metadata: CommandMetadata;
  /** The revision the admin edited (If-Match): any other is a StaleVersionError, without deciding. */
  expected?: bigint;
  /** How many times a conflict with a concurrent writer is decided again on the fresh state (default none: 409). */
  retries?: number;
  /**
   * Runs once the command is decided, before its events are written (e.g. stores the image they
   * point at, or records on another stream what they are about to do).
   */
  beforeAppend?: (events: NewEvent[]) => Promise<void>;
}

export interface CommandResult<Event extends NewEvent, State> {
  /** The state after the command (unchanged when it decided nothing). */
  state: State;
  /** The stream's revision now (-1 when it still has no event). */
  revision: bigint;
  /** The events written, none when the command changed nothing. */
  events: Event[];
  /** Where the last event written stands, or where the stream already stood: what read models must reach. */
  position: Position;
}

/**
 * Handles one command on one stream. `command` is built from the loaded state, and may do the
 * asynchronous work a pure decider cannot (hash a password, claim a unique name).
 */
export async function handleCommand<Command, Event extends NewEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: (state: State) => Command | Promise<Command>,
  options: CommandOptions,
): Promise<CommandResult<Event, State>> {
  for (let attempt = 0; ; attempt++) {
    const loaded = await loadStream(store, stream, decider);
    if (options.expected !== undefined && loaded.last && loaded.last.revision !== options.expected) {
      countConflict(store, 'stale_version');
      throw staleVersion(stream, options.expected, loaded.last);
    }
    const events = decider.decide(await command(loaded.state), loaded.state);
    const revision = loaded.last?.revision ?? -1n;
    if (!events.length) return { state: loaded.state, revision, events, position: loaded.position };
    await options.beforeAppend?.(events);
    try {
      const written = await store.append(stream, events, {
        expectedRevision: loaded.revision,
        metadata: options.metadata,
      });
      return {
        state: events.reduce(decider.evolve, loaded.state),
        revision: written.nextRevision,
        events,
        position: written.position,
      };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= (options.retries ?? 0)) throw error;
    }
  }
}

function staleVersion(stream: string, expected: bigint, last: Recorded<NewEvent>): StaleVersionError {
  const { actor, occurredAt } = last.metadata;
  return new StaleVersionError(stream, expected, { revision: last.revision, type: last.type, actor, occurredAt });
}
