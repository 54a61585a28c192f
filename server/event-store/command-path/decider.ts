import type { EventMetadata } from '../event-store.types';

/**
 * The one face of every aggregate's rules (Chassaing's decider, as in Emmett and Oskar Dudycz's samples):
 * `decide` turns a command and the current state into new events (or throws a refusal), `evolve` applies one
 * event to a state, `initialState` is the state of a stream with no events. All three are pure.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/**
 * How the command path folds one type of stream into the state commands decide on: a decider's
 * `evolve`/`initialState`, or a faster write-side fold of the same events (see inventory's SKU ledger).
 */
export type StreamFold<State = unknown, Event = never> = Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>;

/** A decider's (or a fold's) state after the given events. */
export function fold<State, Event>(folding: StreamFold<State, Event>, events: Iterable<Event>, state: State = folding.initialState()): State {
  let current = state;
  for (const event of events) current = folding.evolve(current, event);
  return current;
}

/**
 * Events a decision records on one stream; a checkout decides several streams at once. An event may carry
 * its own metadata (a batched checkout's events each carry their shopper's request).
 */
export interface StreamEvents {
  streamId: string;
  events: Array<{ type: string; data: unknown; metadata?: EventMetadata }>;
}
