/**
 * Calls the API by operation id, building the path from the OpenAPI operation's template, and checks
 * each answer against the document: the status is one the operation declares, and the body parses with
 * the zod schema declared for that status. Problems are collected, not thrown, so a test can list them all.
 */
import { API_OPERATIONS, REFUSALS, refusalsOf, type ApiOperation } from '@passes/contracts';
import type { HttpResponse, RequestOptions, TestServer } from './test-server';

interface DocumentedRequest extends RequestOptions {
  path?: Record<string, string>;
  query?: Record<string, string>;
}

export class DocumentedClient {
  readonly problems: string[] = [];
  /** The statuses each operation answered. */
  readonly answered = new Map<string, Set<number>>();

  constructor(private readonly server: TestServer) {}

  async call<Body = unknown>(operationId: string, request: DocumentedRequest = {}): Promise<HttpResponse<Body>> {
    const operation = operationNamed(operationId);
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path?.[name] ?? ''));
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    const response = path.startsWith('/api/v1/')
      ? await this.server.request<Body>(operation.method.toUpperCase(), `${path.slice('/api/v1'.length)}${query}`, request)
      : await rootRequest<Body>(this.server, operation, `${path}${query}`);
    this.check(operation, response);
    return response;
  }

  private check(operation: ApiOperation, response: HttpResponse<unknown>): void {
    const name = `${operation.operationId} ${response.status}`;
    const statuses = this.answered.get(operation.operationId) ?? new Set<number>();
    this.answered.set(operation.operationId, statuses.add(response.status));
    const declared = operation.answers[response.status] ?? (refusalsOf(operation).includes(response.status) ? REFUSALS[response.status] : undefined);
    if (!declared) {
      this.problems.push(`${name}: status not in the document (${JSON.stringify(response.body)})`);
      return;
    }
    if (!declared.body) {
      if (response.body !== null) this.problems.push(`${name}: a body where the document declares none`);
      return;
    }
    const parsed = declared.body.safeParse(response.body);
    if (!parsed.success) this.problems.push(`${name}: ${JSON.stringify(parsed.error.issues)} in ${JSON.stringify(response.body).slice(0, 500)}`);
  }
}

function operationNamed(operationId: string): ApiOperation {
  const operation = API_OPERATIONS.find((each) => each.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId} in the document`);
  return operation;
}

async function rootRequest<Body>(server: TestServer, operation: ApiOperation, path: string): Promise<HttpResponse<Body>> {
  const response = await fetch(`${server.rootUrl}${path}`, { method: operation.method.toUpperCase() });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as Body };
}
