/** Composition root of the API process: reads the configuration, wires the embedded profile, serves. */
import 'reflect-metadata';
import { cryptoIdGenerator, systemClock } from '@passes/application';
import { container } from 'tsyringe';
import { ConfigError, configFromEnvironment } from './config';
import { EmbeddedServer } from './embedded-server';
import { jsonLogger } from './logger';
import { TOKENS } from './tokens';

async function main(): Promise<void> {
  container.register(TOKENS.config, { useValue: configFromEnvironment(process.env) });
  container.register(TOKENS.clock, { useValue: systemClock });
  container.register(TOKENS.ids, { useValue: cryptoIdGenerator });
  container.register(TOKENS.logger, { useValue: jsonLogger });
  const server = container.resolve(EmbeddedServer);
  await server.start();
  jsonLogger.info('wallet pass service listening', { url: `${server.url}/api/v1`, profile: 'embedded' });

  const shutdown = (signal: string) => {
    jsonLogger.info('shutting down', { signal });
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        jsonLogger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
