/** What became of an attempt once the runner wrote it down. */
export type SettledOutcome = 'done' | 'retrying' | 'dead' | 'cancelled';
