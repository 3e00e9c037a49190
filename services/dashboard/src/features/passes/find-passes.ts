/**
 * Finding passes from one search box: an email lists that customer's passes; anything else is an id, a
 * serial number or an external id, which `GET …/passes/{identifier}` tells apart by itself.
 */
import type { PassSummaryResponse } from '@passes/contracts';
import { ApiFailure } from '../../api/api-problem';
import type { DashboardApi } from '../../api/dashboard-api';

export interface Found {
  query: string;
  passes: PassSummaryResponse[];
}

export async function findPasses(api: DashboardApi, query: string): Promise<Found> {
  const text = query.trim();
  if (text.includes('@')) return { query: text, passes: await api.passes.byEmail(text) };
  try {
    const pass = await api.passes.get(text);
    return { query: text, passes: [{ id: pass.id, serial_number: pass.serial_number, external_id: pass.external_id, status: pass.status }] };
  } catch (error) {
    if (error instanceof ApiFailure && error.problem.kind === 'refused' && error.problem.status === 404) return { query: text, passes: [] };
    throw error;
  }
}
