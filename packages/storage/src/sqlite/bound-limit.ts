/**
 * `LIMIT ?` for a statement prepared once and run many times. SQLite's planner reads a bound LIMIT's value
 * when it prepares the statement, and so marks the statement to be prepared again whenever that parameter is
 * bound anew: every run of a `LIMIT ?` statement was a fresh prepare, most of the cost of a short read (an
 * absent stream's `readStream`). A CAST is an expression the planner does not read, so the plan is kept; the rows are
 * the same (a negative value is still "no limit").
 */
export const BOUND_LIMIT = 'LIMIT CAST(? AS INTEGER)';
