import type { Mode } from '@passes/domain';

/**
 * The passes a caller works on: one business, and either its live or its sandbox passes. A pass of the
 * other mode is not found, exactly like a pass of another business.
 */
export interface PassScope {
  businessId: string;
  mode: Mode;
}
