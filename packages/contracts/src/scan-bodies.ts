/** Body of `POST /businesses/{id}/scans`. */
import { z } from 'zod';
import { MAX_BARCODE_DATA_LENGTH } from './field-limits';

/** Room for a validation URL with a long app_url, or any barcode_data. */
const MAX_SCANNED_CODE_LENGTH = MAX_BARCODE_DATA_LENGTH + 512;

export const scanBody = z.strictObject({
  /** A validation URL, a bare code (the pass's serial_number) or the pass's own barcode_data. */
  code: z.string().min(1, 'must not be empty').max(MAX_SCANNED_CODE_LENGTH, `must be at most ${MAX_SCANNED_CODE_LENGTH} characters`),
  mode: z.enum(['verify', 'checkin']).default('verify'),
});
export type ScanBody = z.infer<typeof scanBody>;
