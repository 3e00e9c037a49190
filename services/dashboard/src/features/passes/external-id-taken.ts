/**
 * The API's 409 when the external id is another pass's, said beside the External id field in words
 * rather than above the button in the API's (`external_id 'crm-1' is already in use.`). It is known by the
 * domain's own wording for the value sent, so no other conflict is taken for it.
 */
import { inUseMessage } from '@passes/domain';
import type { ApiProblem } from '../../api/api-problem';

export const EXTERNAL_ID_TAKEN = 'Another pass already has this external id. Give this pass its own, or find that one under Passes.';

export function isExternalIdTaken(problem: ApiProblem | null, sentExternalId: string): boolean {
  return problem?.kind === 'refused' && problem.code === 'conflict' && problem.message === inUseMessage(sentExternalId, 'external_id');
}
