/** Time comes from here so that rules about time can be tested with a clock the test controls. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
