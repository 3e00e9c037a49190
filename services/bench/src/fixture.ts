/** The business, template and passes the scenarios act on, made through the public API like a client would. */
import { requestJson, stringAt } from './json-request';

/**
 * Passes the per-pass scenarios rotate over: more than the connections, so concurrent requests mostly
 * land on different streams and the figure is not one stream's contention.
 */
const ROTATED_PASSES = 50;

/** The customer of the fixture's pass at `index`: each pass has one of its own, to be looked up by. */
export const customerEmailOf = (index: number) => `customer-${index}@example.com`;

export interface Fixture {
  businessId: string;
  token: string;
  templateId: string;
  passIds: string[];
}

/** A business of its own for each `owner`: the scenarios run against one, and may run against another beside it. */
export async function createFixture(apiUrl: string, owner = 'bench'): Promise<Fixture> {
  const registration = await requestJson(
    'POST',
    `${apiUrl}/auth/register`,
    { business_name: 'Bench', email: `${owner}@example.com`, password: 'correct-horse-battery' },
    null,
    201,
  );
  const businessId = stringAt(registration, 'business', 'id');
  const token = stringAt(registration, 'access_token');
  const businessUrl = `${apiUrl}/businesses/${businessId}`;
  const templateId = stringAt(await requestJson('POST', `${businessUrl}/templates`, { name: 'Bench card' }, token, 201), 'id');
  const passIds: string[] = [];
  for (let index = 0; index < ROTATED_PASSES; index += 1) {
    passIds.push(stringAt(await requestJson('POST', `${businessUrl}/passes`, { template_id: templateId, customer_email: customerEmailOf(index) }, token, 201), 'id'));
  }
  return { businessId, token, templateId, passIds };
}
