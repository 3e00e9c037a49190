/**
 * One delivery attempt over HTTP(S): POST the body to the webhook's URL through the address policy,
 * within a deadline that covers connecting, the answer and its body. Redirects are not followed (a
 * 3xx is a failed attempt): following one would leave the checked target.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusalOfLiteral } from '../targets/target-lookup';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';

export type AttemptResult =
  | { kind: 'answered'; status: number }
  /** No answer: timeout, refused connection, refused address, DNS failure… */
  | { kind: 'failed'; error: string }
  /** Stopped by the dispatcher shutting down: not an attempt at all. */
  | { kind: 'aborted' };

interface PostOptions {
  timeoutMs: number;
  policy: TargetPolicy;
  resolveHost: HostResolver;
  signal: AbortSignal;
}

/** Receivers' answers are read and thrown away; nothing of them is kept but the status. */
export function postDelivery(url: string, body: string, headers: Readonly<Record<string, string>>, options: PostOptions): Promise<AttemptResult> {
  const target = new URL(url);
  const refusal = isIP(target.hostname.replace(/^\[(.*)\]$/, '$1')) ? refusalOfLiteral(target.hostname, options.policy) : null;
  if (refusal) return Promise.resolve({ kind: 'failed', error: refusal.message });
  if (options.signal.aborted) return Promise.resolve({ kind: 'aborted' });

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(result);
    };
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(target, {
      method: 'POST',
      // A fresh connection per attempt: every attempt goes through the address check.
      agent: false,
      lookup: guardedLookup(options.policy, options.resolveHost),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body, 'utf8'), 'user-agent': 'passes-webhooks/1' },
    });
    const deadline = setTimeout(() => settle({ kind: 'failed', error: `no answer within ${options.timeoutMs} ms` }), options.timeoutMs);
    const onAbort = () => settle({ kind: 'aborted' });
    options.signal.addEventListener('abort', onAbort);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => settle({ kind: 'answered', status: response.statusCode ?? 0 }));
      response.on('error', (error) => settle({ kind: 'failed', error: describe(error) }));
    });
    request.on('error', (error) => settle({ kind: 'failed', error: describe(error) }));
    request.end(body, 'utf8');
  });
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETARGETREFUSED') return error.message;
  return code ? `${code}: ${error.message}` : error.message;
}
