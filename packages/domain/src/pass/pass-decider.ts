import type { Decider } from '../shared/decider';
import { decidePass } from './decide-pass';
import { evolvePass } from './evolve-pass';
import type { PassCommand } from './pass-commands';
import type { PassEvent } from './pass-events';
import type { PassState } from './pass-state';

export { decidePass, evolvePass };

export const passDecider: Decider<PassCommand, PassEvent, PassState> = {
  decide: decidePass,
  evolve: evolvePass,
  initialState: () => null,
};
