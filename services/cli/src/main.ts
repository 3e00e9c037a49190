/** Composition root of the `passes` command-line tool: the use cases and stores of the configured profile, as the server sees them; backup and restore work on the data directory's files, no store open. */
import { cryptoIdGenerator, systemClock } from '@passes/application';
import { CheckpointWaiter, readModelProjections } from '@passes/read-model';
import { composeApplication, composeWallets, configFromEnvironment, noMetrics, openStores, processPorts, silentLogger, TOKENS } from '@passes/runtime';
import { describeFailure, isFileCommand, isHelp, runCli, runFileCommand, USAGE } from './cli-commands';
import type { Output } from './commands/cli-context';

/** The server's projector picks the CLI's appends up by polling the shared store; this waits for it. */
const CHECKPOINT_POLL_INTERVAL_MS = 20;
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
/** How long the tool waits for a MongoDB server that does not answer before it gives up (a script must not hang). */
const SERVER_WAIT_MS = 60_000;

const output: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  note: (text) => process.stderr.write(text),
  isTerminal: process.stderr.isTTY === true,
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (isHelp(args)) return output.out(USAGE);
  const config = configFromEnvironment(process.env);
  if (isFileCommand(args)) return runFileCommand(args, config, output);
  const stores = await openStores(config, () => systemClock.now(), {
    onWait: ({ server, delayMs, reason }) => process.stderr.write(`Waiting for ${server} (${reason}); trying again in ${Math.ceil(delayMs / 1000)} s…\n`),
    maxWaitMs: SERVER_WAIT_MS,
  });
  // The tool speaks through its own output; it keeps no log and serves no metrics.
  const ports = processPorts({ config, clock: systemClock, ids: cryptoIdGenerator, logger: silentLogger, metrics: noMetrics }, stores);
  const waiter = new CheckpointWaiter(stores.documents, readModelProjections.map((projection) => projection.collection), CHECKPOINT_POLL_INTERVAL_MS);
  const appUrl = () => config.appUrl ?? '';
  const application = composeApplication(ports, {
    readYourWrites: { waitFor: (position) => waiter.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS) },
    appUrl,
  });
  const wallets = composeWallets(ports, application, appUrl);
  try {
    await runCli(args, {
      application,
      events: ports.get(TOKENS.eventStore),
      documents: ports.get(TOKENS.documentStore),
      readModels: ports.get(TOKENS.readModels),
      work: ports.get(TOKENS.workStore),
      passLinks: (pass) => wallets.links(pass),
      clock: systemClock,
      output,
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
