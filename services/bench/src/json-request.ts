/** JSON over fetch for the set-up requests; an unexpected status stops the run and says which request failed. */
export async function requestJson(method: 'GET' | 'POST' | 'PATCH', url: string, body: unknown, token: string | null, expectedStatus: number): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expectedStatus) {
    throw new Error(`${method} ${url} answered ${response.status} (expected ${expectedStatus}): ${text.slice(0, 500)}`);
  }
  return JSON.parse(text) as unknown;
}

/** The string at `keys` inside a parsed response, e.g. `stringAt(body, 'business', 'id')`. */
export function stringAt(value: unknown, ...keys: string[]): string {
  let current = value;
  for (const key of keys) {
    current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  }
  if (typeof current !== 'string') throw new Error(`response has no string at '${keys.join('.')}': ${JSON.stringify(value).slice(0, 500)}`);
  return current;
}
