/** Schemas of the fields many event payloads share. */
import { z } from 'zod';
import { MODES } from '../shared/mode';

/** Every payload records the business time of its fact. */
export const occurredAt = z.iso.datetime();
export const onlyOccurredAt = z.object({ occurred_at: occurredAt });
export const mode = z.enum(MODES);
export const count = z.number().int();
