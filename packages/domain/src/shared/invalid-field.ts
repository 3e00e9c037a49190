/**
 * A validation_error about one field, in the shape the HTTP layer renders as `error.details`
 * (`issues: [{path, message}]`), the same shape the application uses for its own validation errors.
 */
import { DomainError } from './domain-error';

export function invalidField(path: string, problem: string): DomainError {
  return new DomainError('validation_error', `${path} ${problem}.`, { issues: [{ path, message: problem }] });
}
