/**
 * The baseline: bare express 5 with the same JSON parsing as the service and no work behind it, so each
 * service figure can be read against what the framework alone manages on the same machine.
 * Announces its address like the service does, as a JSON line on stderr.
 */
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

const server = app.listen(Number(process.env['PORT'] ?? 0), process.env['HOST'] ?? '127.0.0.1', (error?: Error) => {
  if (error) throw error;
  const { address, port } = server.address() as AddressInfo;
  process.stderr.write(`${JSON.stringify({ level: 'info', message: 'echo server listening', url: `http://${address}:${port}` })}\n`);
});
