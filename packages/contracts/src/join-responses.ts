/** What a public join answers (issue 38): a new pass, or that the link to the one the email has was sent. */
import { z } from 'zod';

export const joinedResponse = z.strictObject({ serial_number: z.string(), download_url: z.string() });
export type JoinedResponse = z.infer<typeof joinedResponse>;

export const joinSentResponse = z.strictObject({ sent: z.literal(true) });
export type JoinSentResponse = z.infer<typeof joinSentResponse>;
