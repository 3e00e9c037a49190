/** Names of businesses and templates: what people read in the dashboard, so never blank and never huge. */
import { invalidField } from './invalid-field';
import { characterCount } from './character-count';

export const MAX_NAME_LENGTH = 200;

/** Returns the name without surrounding whitespace, which is how it is recorded. */
export function requireName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > 0 && characterCount(trimmed) <= MAX_NAME_LENGTH) return trimmed;
  throw invalidField('name', `must be 1 to ${MAX_NAME_LENGTH} characters`);
}
