/**
 * Closes an HTTP server the way a rolling restart needs: no new connections, idle keep-alive connections
 * closed, every request in flight answered (its connection closed after the answer), and after the grace
 * period whatever is still open cut.
 */
import type http from 'node:http';

/** How often connections that have just answered their request are looked for and closed. */
const IDLE_SWEEP_MS = 25;

export async function closeGracefully(server: http.Server, graceMs: number): Promise<void> {
  // Answers given from now on tell keep-alive clients to reconnect elsewhere.
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => response.setHeader('Connection', 'close'));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  server.closeIdleConnections();
  let cut: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    cut = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
  });
  await Promise.race([closed, graceOver]);
  clearInterval(sweep);
  clearTimeout(cut);
  await closed;
}
