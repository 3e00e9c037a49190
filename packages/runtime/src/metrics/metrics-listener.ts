/**
 * The metrics' own HTTP listener (`PASSES_METRICS_PORT`, loopback unless `PASSES_METRICS_HOST` says
 * otherwise): `GET /metrics`, and `GET /readyz` for a process that has no API of its own to say whether
 * it does its work (200 or 503 with what it found). The public API never serves metrics.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsListenerConfig } from '../config/config';
import type { PrometheusMetrics } from './prometheus-metrics';

export interface MetricsListener {
  /** e.g. `http://127.0.0.1:9464/metrics` */
  url: string;
  close(): Promise<void>;
}

/** What a process says of itself on `/readyz`: whether it is ready, and the findings behind it. */
export interface ProcessReadiness {
  ready: boolean;
  [finding: string]: unknown;
}

export async function listenForScrapes(settings: MetricsListenerConfig, metrics: PrometheusMetrics, readiness?: () => ProcessReadiness): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method === 'GET' && path === '/readyz' && readiness) {
      const { ready, ...findings } = readiness();
      response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ready' : 'not_ready', ...findings }));
      return;
    }
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
