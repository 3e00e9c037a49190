/**
 * The metrics' own HTTP listener (`PASSES_METRICS_PORT`, loopback unless `PASSES_METRICS_HOST` says
 * otherwise): `GET /metrics` and nothing else, apart from the public API, which never serves them.
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

export async function listenForScrapes(settings: MetricsListenerConfig, metrics: PrometheusMetrics): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
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
