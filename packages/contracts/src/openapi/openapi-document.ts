/**
 * The OpenAPI 3.1 document, generated from the operation table and its zod schemas with zod's own JSON
 * Schema output (`z.toJSONSchema`, draft 2020-12, which OpenAPI 3.1 uses): nothing here restates a shape.
 * Request bodies are described as the API reads them (zod's input side: defaults make fields optional),
 * answers as it writes them (the output side).
 */
import { z } from 'zod';
import { apiKeyResponse, businessResponse, userResponse } from '../account-responses';
import { errorResponse, planRefusalResponse } from '../error-responses';
import { milestoneResponse, nextRewardResponse, rewardResponse } from '../milestone-responses';
import { passResponse, passSummaryResponse, scannedPassResponse } from '../pass-responses';
import { templateResponse } from '../template-responses';
import { deliveryResponse, webhookResponse } from '../webhook-responses';
import type { Access, ApiOperation } from './api-operation';
import { paymentResponse } from '../payment-responses';
import { API_OPERATIONS } from './api-operations';
import { REFUSALS } from './refusals';

/** Schemas many answers share get the names a reader knows them by; the rest are named after their operation. */
const SHARED_NAMES = new Map<z.ZodType, string>([
  [passResponse, 'Pass'],
  [passSummaryResponse, 'PassSummary'],
  [scannedPassResponse, 'ScannedPass'],
  [templateResponse, 'Template'],
  [milestoneResponse, 'Milestone'],
  [paymentResponse, 'Payment'],
  [rewardResponse, 'Reward'],
  [nextRewardResponse, 'NextReward'],
  [webhookResponse, 'Webhook'],
  [deliveryResponse, 'Delivery'],
  [businessResponse, 'Business'],
  [userResponse, 'User'],
  [apiKeyResponse, 'ApiKey'],
  [errorResponse, 'Error'],
  [planRefusalResponse, 'PlanRefusal'],
]);

const SECURITY: Readonly<Record<Access, Array<Record<string, string[]>>>> = {
  public: [],
  credential: [{ apiKey: [] }, { bearerAuth: [] }],
  dashboard: [{ bearerAuth: [] }],
};

const IDEMPOTENT_METHODS = new Set(['post', 'patch']);
const isUnderApi = (operation: ApiOperation) => operation.path.startsWith('/api/v1/');

/** Every refusal an operation can answer: its own, and those its place, access, method and body imply. */
export function refusalsOf(operation: ApiOperation): number[] {
  const statuses = new Set(operation.refusals ?? []);
  const add = (...more: number[]) => more.forEach((status) => statuses.add(status));
  // Under /api/v1 every request is rate-limited, may carry malformed JSON, and needs the stores.
  if (isUnderApi(operation)) add(400, 429, 503);
  if (operation.access !== 'public') add(401, 402, 403);
  // A path that names something can name nothing (or another business's, which reads the same).
  if (operation.path.includes('{')) add(404);
  if (operation.body || operation.binaryBody) add(413, 415, 422);
  if (isUnderApi(operation) && IDEMPOTENT_METHODS.has(operation.method)) add(409, 422);
  return [...statuses].filter((status) => operation.answers[status] === undefined).sort((a, b) => a - b);
}

type JsonSchema = Record<string, unknown>;

/** Names every schema the operations use: shared ones by SHARED_NAMES, the rest after their operation. */
function nameSchemas(operations: readonly ApiOperation[]) {
  const requests = new Map<z.ZodType, string>();
  const responses = new Map<z.ZodType, string>(SHARED_NAMES);
  const title = (operation: ApiOperation) => operation.operationId[0]!.toUpperCase() + operation.operationId.slice(1);
  for (const operation of operations) {
    if (operation.body && !requests.has(operation.body)) requests.set(operation.body, `${title(operation)}Request`);
    for (const [status, answer] of Object.entries(operation.answers)) {
      if (answer.body && !responses.has(answer.body)) responses.set(answer.body, `${title(operation)}Response${status === '200' ? '' : status}`);
    }
  }
  return { requests, responses };
}

function componentSchemas(names: Map<z.ZodType, string>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutDialect(schema as JsonSchema)]));
}

/**
 * OpenAPI 3.1's dialect is the document's, so a `$schema` on every component only repeats it; and a
 * component is addressed by its place, not by an `$id` (which may not hold a fragment anyway).
 */
function withoutDialect({ $schema: _dialect, $id: _id, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

const reference = (names: Map<z.ZodType, string>, schema: z.ZodType) => ({ $ref: `#/components/schemas/${names.get(schema)}` });

function parametersOf(operation: ApiOperation): JsonSchema[] {
  const inPath = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[name!] ?? name,
    schema: { type: 'string', minLength: 1 },
  }));
  const inQuery = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => {
    const json = withoutDialect(z.toJSONSchema(schema as z.ZodType, { target: 'draft-2020-12', io: 'input' }) as JsonSchema);
    const { description, ...rest } = json;
    return { name, in: 'query', required: !(schema as z.ZodType).safeParse(undefined).success, ...(description ? { description } : {}), schema: rest };
  });
  const idempotencyKey =
    isUnderApi(operation) && IDEMPOTENT_METHODS.has(operation.method) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
  return [...inPath, ...inQuery, ...idempotencyKey];
}

/** Bytes as the body (OpenAPI 3.1, "Working with binary data"): each media type with a binary string. */
function binaryContent(mediaTypes: readonly string[]): JsonSchema {
  return Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary', contentMediaType: mediaType } }]));
}

const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  business_id: 'The business: the one the credentials belong to',
  identifier: "The pass's id, serial_number or external_id",
  template_id: 'The template',
  slot: "The template's image: logo, icon or strip",
  webhook_id: 'The webhook',
  delivery_id: 'The delivery (the event id its receiver got)',
  key_id: 'The API key',
  email: 'A customer email, matched case-insensitively',
  external_id: "The pass's external_id",
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

function responsesOf(operation: ApiOperation, names: Map<z.ZodType, string>): Record<string, JsonSchema> {
  const headers = isUnderApi(operation) ? RATE_LIMIT_HEADERS : {};
  const answers = Object.entries(operation.answers).map(([status, answer]) => [
    status,
    { description: answer.description, headers, ...(answer.body ? { content: { [answer.mediaType ?? 'application/json']: { schema: reference(names, answer.body) } } } : {}) },
  ]);
  const refusals = refusalsOf(operation).map((status) => [String(status), { $ref: `#/components/responses/Refused${status}` }]);
  return Object.fromEntries([...answers, ...unreflectedAnswer(operation, names), ...refusals]);
}

/**
 * A command's 200 or 201, when the read models did not reflect its write within the bound, is 202 with the
 * same body and Retry-After (docs/api.md, "Read your writes"). Commands are the writes under a business
 * and the registration.
 */
function unreflectedAnswer(operation: ApiOperation, names: Map<z.ZodType, string>): [string, JsonSchema][] {
  const isCommand = isUnderApi(operation) && operation.method !== 'get' && (operation.path.startsWith('/api/v1/businesses/') || operation.path === '/api/v1/auth/register');
  const answer = operation.answers[201] ?? operation.answers[200];
  if (!isCommand || answer?.body === undefined || operation.answers[202] !== undefined) return [];
  return [
    [
      '202',
      {
        description: 'Recorded, but the read models did not reflect it within the bound: a read may not see it until after Retry-After',
        headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
        content: { 'application/json': { schema: reference(names, answer.body) } },
      },
    ],
  ];
}

/** The refusals, each once: every operation that can answer one refers to it. */
function refusalResponses(names: Map<z.ZodType, string>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(REFUSALS).map(([status, refusal]) => {
      const retryAfter = refusal.retryAfter ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {};
      const response = { description: refusal.description, headers: { ...RATE_LIMIT_HEADERS, ...retryAfter }, content: { 'application/json': { schema: reference(names, refusal.body) } } };
      return [`Refused${status}`, response];
    }),
  );
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components: JsonSchema & { schemas: Record<string, JsonSchema> };
  [field: string]: unknown;
}

export function openApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const { requests, responses } = nameSchemas(operations);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security: SECURITY[operation.access],
      parameters: parametersOf(operation),
      ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: reference(requests, operation.body) } } } } : {}),
      ...(operation.binaryBody ? { requestBody: { required: true, content: binaryContent(operation.binaryBody) } } : {}),
      responses: responsesOf(operation, responses),
    };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Wallet pass service',
      version: '1',
      description:
        'Wallet passes for businesses: templates, passes and their actions, scans, webhooks and customer links. ' +
        'Errors have the body {"error": {"code", "message", "status", "details"?}}; a plan refusal (402) has its own flat body.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...componentSchemas(requests, 'input'), ...componentSchemas(responses, 'output') },
      responses: refusalResponses(responses),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key, `pb_live_…` or `pb_test_…` (Pro plan)' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A dashboard login: the access_token of POST /api/v1/auth/login' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'The same key with the same request within 24 hours answers the stored response again',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        },
      },
      headers: {
        RateLimitLimit: { description: 'Requests allowed in this one-minute window', schema: { type: 'integer' } },
        RateLimitRemaining: { description: 'Requests left in this window', schema: { type: 'integer' } },
        RateLimitReset: { description: 'When the window ends, in Unix seconds', schema: { type: 'integer' } },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
    },
  };
}
