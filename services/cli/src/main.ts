/** Composition root of the `passes` command-line tool. */
import path from 'node:path';
import { openEmbeddedStores } from '@passes/application';
import { describeFailure, runCli } from './cli-commands';

async function main(): Promise<void> {
  const stores = openEmbeddedStores(path.resolve(process.env['PASSES_DATA_DIR'] ?? './data'));
  try {
    await runCli(process.argv.slice(2), stores, { out: (text) => process.stdout.write(`${text}\n`) });
  } finally {
    await stores.events.close();
    await stores.documents.close();
  }
}

main().catch((error: unknown) => {
  const failure = describeFailure(error);
  process.stderr.write(`${failure.message}\n`);
  process.exitCode = failure.exitCode;
});
