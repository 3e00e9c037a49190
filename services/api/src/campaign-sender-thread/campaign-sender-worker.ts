/**
 * Composition root of the embedded profile's campaign sender: a worker thread of the API process that is
 * a process of its own (as the dispatcher processes are in the distributed profile). It opens its own
 * connections to the data directory's files, and its own runner does `campaigns.send` and nothing else,
 * so paging the audience and deciding and appending the messages take no time from the thread that
 * answers requests. Its clock is the system's.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { Audiences, CampaignSender, CommandHandler, PassMessages, systemClock } from '@passes/application';
import { WorkRunner } from '@passes/background-work';
import { newLeaseHolder, readModelsOf } from '@passes/read-model';
import { openCampaignSenderStores } from '@passes/runtime';
import { fromSender, senderSettings, toSender, type FromSender } from './campaign-sender-messages';

function parent(): MessagePort {
  if (parentPort === null) throw new Error('campaign-sender-worker runs as a worker thread');
  return parentPort;
}

const port = parent();
const post = (message: FromSender) => port.postMessage(fromSender.parse(message));
const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

const settings = senderSettings.parse(workerData);
const clock = systemClock;
const stores = openCampaignSenderStores(settings.dataDir, () => clock.now());
const commands = new CommandHandler(stores.events);
const runner = new WorkRunner(stores.work, {
  holder: newLeaseHolder(),
  now: () => clock.now(),
  pollIntervalMs: settings.workPollIntervalMs,
  onError: (error) => post({ type: 'error', message: failure(error) }),
});
const messages = new PassMessages(commands, clock, settings.googleWallet);
runner.register(new CampaignSender(commands, messages, new Audiences(readModelsOf(stores.documents)), stores.work, clock, { wake: () => runner.wake() }));

async function stop(): Promise<void> {
  await runner.stop();
  await stores.close();
  post({ type: 'stopped' });
  port.close();
}

port.on('message', (raw: unknown) => {
  const message = toSender.parse(raw);
  switch (message.type) {
    case 'wake':
      runner.wake();
      return;
    case 'stop':
      void stop().catch((error: unknown) => {
        post({ type: 'error', message: failure(error) });
        port.close();
      });
      return;
  }
});

runner.start();
post({ type: 'ready' });
