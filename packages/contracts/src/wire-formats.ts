/** Formats that many response shapes share: instants, metadata, money. */
import { z } from 'zod';

/** An ISO 8601 instant in UTC (`2026-11-23T10:00:00.000Z`). */
export const instant = z.iso.datetime();

export const metadataResponse = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** Money on the wire: a number with at most two decimals. */
export const moneyResponse = z.number().min(0);

export const passStatus = z.enum(['active', 'checked_in', 'redeemed', 'voided']);
