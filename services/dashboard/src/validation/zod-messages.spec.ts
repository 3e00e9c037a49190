/** zod/mini alone says only "Invalid input"; with the English messages loaded it words refusals as the API's zod does. */
import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import './zod-messages';

describe('messages of rules without their own', () => {
  it('are the English ones the API sends', () => {
    expect(z.string().check(z.minLength(1)).safeParse('').error?.issues[0]?.message).toBe('Too small: expected string to have >=1 characters');
    expect(z.enum(['qr', 'aztec']).safeParse('ean').error?.issues[0]?.message).toBe('Invalid option: expected one of "qr"|"aztec"');
  });
});
