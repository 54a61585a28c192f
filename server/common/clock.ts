/** The time source of commands that need "now"; tests may provide another through the CLOCK token. */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
