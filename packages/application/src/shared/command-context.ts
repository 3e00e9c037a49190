/** Who asked for a command and under which request: recorded in every event's metadata. */
export interface CommandContext {
  /**
   * `user:{id}`, `api_key:{id}` or `cli`; work the service does by itself names what asked for it
   * (`campaign:{id}`, `automation:{id}`, `enrolment:{template_id}`), so a pass's history says why it changed.
   */
  actor: string;
  correlationId: string;
  /** The id of the event this command answers, when one caused it (an automation's trigger). */
  causationId?: string;
  /** For an automation's run: its place in a chain of automations, recorded so the chain can stop. */
  depth?: number;
  /**
   * Told when the command's answer goes out before the read models reflect it (their wait gave up): the
   * write is durable, but a read right after it may not see it yet, and the caller says so (HTTP: 202).
   */
  onUnreflected?: () => void;
}
