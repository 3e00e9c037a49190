/** Composition root of a webhook dispatcher process (distributed profile): one member of the Kafka consumer group. */
import 'reflect-metadata';
import { KafkaEventFeed, kafkaClient } from '@passes/event-bus';
import { openStores, processScope, requireDistributed, requireKafka, runProcess, TOKENS } from '@passes/runtime';
import { DispatcherService } from './dispatcher-service';

/** Every dispatcher is a member of this group: they share the topic's partitions. */
const CONSUMER_GROUP = 'passes-webhook-dispatcher';
/** The wallet notifiers of the dispatchers form their own group: they read every event too, on their own offsets. */
const WALLET_CONSUMER_GROUP = 'passes-wallet-notifier';

runProcess('webhook dispatcher', process.env, async (basics) => {
  const { config, logger } = basics;
  requireDistributed(config);
  const kafka = requireKafka(config);
  const stores = await openStores(config, () => basics.clock.now());
  const scope = processScope(basics, stores);
  const client = kafkaClient({ ...kafka, clientId: `passes-dispatcher-${process.pid}` }, logger);
  scope.register(TOKENS.webhookFeed, { useValue: new KafkaEventFeed(client, { topic: kafka.topic, groupId: CONSUMER_GROUP }) });
  scope.register(TOKENS.appUrl, { useValue: () => config.appUrl ?? '' });
  scope.register(TOKENS.walletFeed, { useValue: new KafkaEventFeed(client, { topic: kafka.topic, groupId: WALLET_CONSUMER_GROUP }) });
  const service = scope.resolve(DispatcherService);
  await service.start();
  return {
    describe: () => ({ topic: kafka.topic, group: CONSUMER_GROUP }),
    stop: async () => {
      await service.stop();
      await stores.close();
    },
  };
});
