/** Injection tokens of the composition root. */
export const TOKENS = {
  config: Symbol('Config'),
  clock: Symbol('Clock'),
  ids: Symbol('IdGenerator'),
  logger: Symbol('Logger'),
} as const;
