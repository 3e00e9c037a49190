/**
 * The one way the dashboard speaks to the API: JSON over fetch to `/api/v1` on its own origin, the bearer
 * token of the session, an `Idempotency-Key` on every POST and PATCH (the type demands one), and every
 * answer checked against its schema before a screen sees it.
 */
import type { z } from 'zod';
import { ApiFailure, problemFromAnswer } from './api-problem';

const API_BASE = '/api/v1';

type Query = Readonly<Record<string, string | number>>;

type ApiRequest =
  | { method: 'GET' | 'DELETE'; path: string; query?: Query }
  | { method: 'POST' | 'PATCH'; path: string; query?: Query; body?: unknown; idempotencyKey: string }
  /** A file as the body (a template image), sent with its own media type. */
  | { method: 'PUT'; path: string; query?: Query; file: Blob };

interface ApiClientOptions {
  /** The session's bearer token; null before log-in. */
  token: () => string | null;
  /** Told when the API refuses the session's token (expired, or the user was removed). */
  onSessionRefused: () => void;
  fetch?: typeof fetch;
}

export class ApiClient {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ApiClientOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** A call whose answer has a body, checked by `schema`. */
  async read<Schema extends z.ZodType>(schema: Schema, request: ApiRequest): Promise<z.output<Schema>> {
    const body = await this.send(request);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiFailure({ kind: 'malformed', message: `The API answered ${request.method} ${request.path} in an unexpected shape.` });
    }
    return parsed.data;
  }

  /** A call answered with no body worth reading (204). */
  async perform(request: ApiRequest): Promise<void> {
    await this.send(request);
  }

  /** A file the API serves (an analytics export's CSV), as it came. */
  async file(request: ApiRequest & { method: 'GET' }, accept: string): Promise<Blob> {
    return (await this.exchange(request, accept)).blob();
  }

  private async send(request: ApiRequest): Promise<unknown> {
    return readJson(await this.exchange(request, 'application/json'));
  }

  /** The answer of a call that succeeded; a failed one is thrown as its problem. */
  private async exchange(request: ApiRequest, accept: string): Promise<Response> {
    const token = this.options.token();
    const headers: Record<string, string> = { Accept: accept };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: string | Blob | undefined;
    if (request.method === 'POST' || request.method === 'PATCH') {
      headers['Idempotency-Key'] = request.idempotencyKey;
      if (request.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
    }
    if (request.method === 'PUT') {
      headers['Content-Type'] = request.file.type || 'application/octet-stream';
      body = request.file;
    }
    let response: Response;
    try {
      response = await this.fetch(urlOf(request), { method: request.method, headers, body, credentials: 'omit' });
    } catch {
      throw new ApiFailure({ kind: 'network', message: 'The service could not be reached. Check the connection and try again.' });
    }
    if (response.ok) return response;
    const problem = problemFromAnswer(response.status, await readJson(response), response.headers.get('Retry-After'));
    if (problem.kind === 'unauthorized' && token) this.options.onSessionRefused();
    throw new ApiFailure(problem);
  }
}

function urlOf(request: ApiRequest): string {
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([name, value]): [string, string] => [name, String(value)])).toString();
  return `${API_BASE}${request.path}${query ? `?${query}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A path segment, encoded: identifiers and emails are the caller's own text. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
