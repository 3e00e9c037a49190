/** The generated OpenAPI document holds together: every reference resolves, every operation states its parameters and refusals. */
import { API_OPERATIONS } from './api-operations';
import { openApiDocument, refusalsOf } from './openapi-document';

const document = openApiDocument();

function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : referencesIn(inner)));
}

function resolve(reference: string): unknown {
  return reference
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), document);
}

const operation = (path: string, method: string) => document.paths[path]![method] as { parameters: { name?: string; $ref?: string }[]; responses: Record<string, unknown> };

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a path for every operation of the table', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.values(document.paths).flatMap((methods) => Object.keys(methods))).toHaveLength(API_OPERATIONS.length);
  });

  it('resolves every $ref it holds', () => {
    const unresolved = [...new Set(referencesIn(document))].filter((reference) => resolve(reference) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('names every path parameter of every operation', () => {
    for (const { path, method } of API_OPERATIONS) {
      const names = operation(path, method).parameters.map((parameter) => parameter.name);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) expect(names).toContain(name);
    }
  });

  it('gives a body route the body refusals, a credential route the credential refusals, and POST and PATCH the Idempotency-Key', () => {
    const issue = operation('/api/v1/businesses/{business_id}/passes', 'post');
    expect(Object.keys(issue.responses)).toEqual(['201', '202', '400', '401', '402', '403', '404', '409', '413', '415', '422', '429', '503']);
    // A command's 202: recorded, not yet readable (read your writes); a login records nothing.
    expect(issue.responses['202']).toMatchObject({ headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } });
    expect(issue.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    const login = operation('/api/v1/auth/login', 'post');
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '409', '413', '415', '422', '429', '503']);
    expect(refusalsOf(API_OPERATIONS.find((each) => each.operationId === 'getLiveness')!)).toEqual([]);
  });

  it('answers 402 with the flat plan refusal and other refusals with the standard error body', () => {
    expect(resolve('#/components/responses/Refused402')).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/PlanRefusal' } } } });
    expect(resolve('#/components/responses/Refused404')).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  });

  it('describes request bodies as the API reads them: a field with a default is optional', () => {
    const createApiKey = document.components.schemas['CreateApiKeyRequest'] as { required: string[]; properties: Record<string, unknown> };
    expect(createApiKey.required).toEqual(['name']);
    expect(createApiKey.properties['mode']).toMatchObject({ default: 'live', enum: ['live', 'test'] });
  });
});
