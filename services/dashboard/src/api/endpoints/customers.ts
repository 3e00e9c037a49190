/** The business's customers: its passes grouped by email, searched and paged; one by email. */
import { customerListResponse, customerResponse } from '@passes/contracts';
import { segment, type ApiClient } from '../api-client';
import { withoutEmpty } from './passes';

export function customersApi(client: ApiClient, business: string) {
  const customers = `${business}/customers`;
  return {
    list: (query: { q?: string; cursor?: string }) => client.read(customerListResponse, { method: 'GET', path: customers, query: withoutEmpty(query) }),
    get: (email: string) => client.read(customerResponse, { method: 'GET', path: `${customers}/${segment(email)}` }),
  };
}
