/** Who asked for a command and under which request: recorded in every event's metadata. */
export interface CommandContext {
  /** `user:{id}`, `api_key:{id}` or `cli`. */
  actor: string;
  correlationId: string;
}
