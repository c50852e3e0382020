import { expect } from 'vitest';
import type { Decider } from '../../src/platform/eventstore/command-handler';
import type { NewEvent } from '../../src/platform/eventstore/port';

/**
 * A decider's specification, read as one: given these past events, when this command, then
 * these new events (or this refusal).
 *
 *   const spec = deciderSpec(orderDecider);
 *   spec.given([placed]).when(pay).then([paid]);
 *   spec.given([]).when(pay).thenThrows('Order not found');
 */
export function deciderSpec<Command, Event extends NewEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(decide()).toEqual(expected);
            },
            /** The error the decider throws: its message (a string or pattern) and, if given, its fields. */
            thenThrows(message: string | RegExp, fields: Record<string, unknown> = {}) {
              let thrown: unknown;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'the decider should have refused').toBeInstanceOf(Error);
              expect((thrown as Error).message).toMatch(message);
              expect(thrown).toMatchObject(fields);
            },
          };
        },
      };
    },
  };
}
