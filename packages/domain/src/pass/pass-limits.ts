/** Bounds on what one pass command may do and what a pass may hold (DESIGN §5). */
export const MAX_STAMPS_PER_ADD = 1000;
export const MAX_STAMPS = 1_000_000;
export const MAX_POINTS_DELTA = 1_000_000;
/** The most points a pass may hold; an action that would go beyond is refused, not capped. */
export const MAX_POINTS = 1_000_000_000;
