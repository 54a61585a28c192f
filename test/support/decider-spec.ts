import { fold, type Decider } from '../../server/event-store/command-path/decider';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * What a decision did, to assert on: call it for the result, `then(...)` for the exact events, `thenThrows`
 * for a refusal (of this class and, when given, with these properties); `thenThrows` returns the error.
 */
export type Outcome<Result> = (() => Result) & {
  then(...expected: Result extends Array<infer Event> ? Event[] : never): void;
  thenThrows(error: ErrorClass, properties?: Record<string, unknown>): unknown;
};

function outcome<Result>(run: () => Result): Outcome<Result> {
  return Object.assign(() => run(), {
    then: (...expected: unknown[]) => expect(run()).toEqual(expected),
    thenThrows: (error: ErrorClass, properties?: Record<string, unknown>) => {
      let caught: unknown;
      try {
        run();
      } catch (thrown) {
        caught = thrown;
      }
      expect(caught).toBeInstanceOf(error);
      if (properties) expect(caught).toMatchObject(properties);
      return caught;
    },
  }) as Outcome<Result>;
}

/** given (a state) / when (a command) / then: for decisions over several streams' states, such as checkout. */
export function decisionSpec<Command, State, Result>(decide: (command: Command, state: State) => Result) {
  return {
    given: (state: State) => ({ when: (command: Command) => outcome(() => decide(command, state)) }),
  };
}

/** given (past events) / when (a command) / then (new events, or a refusal): one aggregate's decider. */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  const decision = decisionSpec(decider.decide);
  return {
    given: (...events: Event[]) => decision.given(fold(decider, events)),
  };
}
