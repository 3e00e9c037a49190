/** Composition root of the `passes` command-line tool: the stores of the configured profile, as the server sees them. */
// @passes/runtime loads tsyringe, which needs the metadata polyfill first.
import 'reflect-metadata';
import { systemClock } from '@passes/application';
import { CheckpointWaiter, readModelProjections, readModelsOf } from '@passes/read-model';
import { configFromEnvironment, openStores } from '@passes/runtime';
import { describeFailure, runCli } from './cli-commands';

/** The server's projector picks the CLI's appends up by polling the shared store; this waits for it. */
const CHECKPOINT_POLL_INTERVAL_MS = 20;
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

async function main(): Promise<void> {
  const stores = await openStores(configFromEnvironment(process.env), () => systemClock.now());
  const waiter = new CheckpointWaiter(stores.documents, readModelProjections.map((projection) => projection.collection), CHECKPOINT_POLL_INTERVAL_MS);
  try {
    await runCli(process.argv.slice(2), {
      events: stores.events,
      documents: stores.documents,
      readModels: readModelsOf(stores.documents),
      clock: systemClock,
      readYourWrites: { waitFor: (position) => waiter.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS) },
      output: {
        out: (text) => process.stdout.write(`${text}\n`),
        note: (text) => process.stderr.write(text),
        isTerminal: process.stderr.isTTY === true,
      },
      signal: interruption(),
    });
  } finally {
    waiter.close();
    await stores.close();
  }
}

main().catch((error: unknown) => {
  const failure = describeFailure(error);
  process.stderr.write(`${failure.message}\n`);
  process.exitCode = failure.exitCode;
});

/** The first Ctrl-C (or SIGTERM) asks a long command to stop cleanly; a second one ends the process at once. */
function interruption(): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}
