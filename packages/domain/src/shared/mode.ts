/**
 * Live data and sandbox data never meet: a `pb_test_` key sees only sandbox passes and a `pb_live_` key
 * (or a dashboard login) only live ones.
 */
export type Mode = 'live' | 'test';
export const MODES: readonly Mode[] = ['live', 'test'];
