/** Bodies of the public customer endpoints (no credentials). */
import { z } from 'zod';
import { email } from './field-limits';

export const magicLinkBody = z.strictObject({
  email,
});
