/**
 * The baseline: bare express 5 with the same JSON parsing as the service and no work behind it, so each
 * service figure can be read against what the framework alone manages on the same machine.
 * Announces its address like the service does, as a JSON line on stderr.
 *
 * With ECHO_SERVER=app its server is made as the service's is (`createAppServer`), not by express's
 * `app.listen`: the same echo without express's per-request prototype swap, to show what that costs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/echo', (request, response) => {
  response.json(request.body);
});
app.get('/echo', (_request, response) => {
  response.json({ status: 'ok' });
});

async function serverFor(kind: string | undefined): Promise<http.Server> {
  if (kind === undefined || kind === '') return http.createServer(app);
  if (kind !== 'app') throw new Error(`ECHO_SERVER must be 'app' or unset, got '${kind}'`);
  // Loaded only here: the bare echo carries nothing of the service.
  const { createAppServer } = await import('@passes/api');
  return createAppServer(app);
}

void serverFor(process.env['ECHO_SERVER']).then((server) => {
  server.listen(Number(process.env['PORT'] ?? 0), process.env['HOST'] ?? '127.0.0.1', () => {
    const { address, port } = server.address() as AddressInfo;
    process.stderr.write(`${JSON.stringify({ level: 'info', message: 'echo server listening', url: `http://${address}:${port}` })}\n`);
  });
});
