/** Composition root of a webhook dispatcher process (distributed profile): one member of the Kafka consumer group. */
import { noWait } from '@passes/application';
import { KafkaEventFeed, kafkaClient } from '@passes/event-bus';
import { composeApplication, composeWallets, openStores, processPorts, processWorkRunner, requireDistributed, requireKafka, runProcess, waitingInLog } from '@passes/runtime';
import { DispatcherService } from './dispatcher-service';

/** Every dispatcher is a member of this group: they share the topic's partitions. */
const CONSUMER_GROUP = 'passes-webhook-dispatcher';
/** The wallet notifiers of the dispatchers form their own group: they read every event too, on their own offsets. */
const WALLET_CONSUMER_GROUP = 'passes-wallet-notifier';
/** The automations' followers of the dispatchers form a group of their own as well. */
const AUTOMATION_CONSUMER_GROUP = 'passes-automations';

runProcess('webhook dispatcher', process.env, async (basics) => {
  const { config, logger } = basics;
  requireDistributed(config);
  const kafka = requireKafka(config);
  const stores = await openStores(config, () => basics.clock.now(), waitingInLog(logger), basics.metrics);
  const ports = processPorts(basics, stores);
  // Nothing here answers a client, so nothing waits for the read models; PASSES_APP_URL names the public site.
  const appUrl = () => config.appUrl ?? '';
  const application = composeApplication(ports, { readYourWrites: noWait, appUrl });
  const runner = processWorkRunner(ports, { sole: false });
  const client = kafkaClient({ ...kafka, clientId: `passes-dispatcher-${process.pid}` }, logger);
  const service = new DispatcherService(ports, {
    application,
    wallets: composeWallets(ports, application, appUrl),
    webhookFeed: new KafkaEventFeed(client, { topic: kafka.topic, groupId: CONSUMER_GROUP }),
    walletFeed: new KafkaEventFeed(client, { topic: kafka.topic, groupId: WALLET_CONSUMER_GROUP }),
    automationFeed: new KafkaEventFeed(client, { topic: kafka.topic, groupId: AUTOMATION_CONSUMER_GROUP }),
    runner,
  });

  await service.start();
  runner.start();
  return {
    describe: () => ({ topic: kafka.topic, group: CONSUMER_GROUP }),
    readiness: () => {
      const followers = service.followers();
      return { ready: followers.every((follower) => follower.running), followers };
    },
    stop: async () => {
      await service.stop();
      await runner.stop();
      service.close();
      await stores.close();
    },
  };
});
