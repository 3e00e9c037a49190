/** Every refusal the domain can make. The HTTP layer maps each code to a status in one place. */
export type DomainErrorCode =
  | 'not_found'
  | 'conflict'
  | 'invalid_state'
  | 'insufficient_points'
  | 'insufficient_funds'
  | 'scan_cooldown'
  | 'pro_feature'
  | 'validation_error'
  | 'no_balance'
  | 'pass_voided'
  | 'charges_disabled'
  | 'payments_unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
