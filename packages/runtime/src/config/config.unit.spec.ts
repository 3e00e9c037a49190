import { describe, expect, it } from '@jest/globals';
import { configFromEnvironment, ConfigError, DEFAULT_CONFIG, requireDistributed, requireKafka } from './config';

describe('configuration from the environment', () => {
  it('gives the documented defaults when nothing is set', () => {
    const { dataDir, ...config } = configFromEnvironment({});
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(dataDir.endsWith('data')).toBe(true);
  });

  it('reads every variable', () => {
    const config = configFromEnvironment({
      PORT: '8080',
      PASSES_APP_URL: 'https://wallet.example.com/',
      PASSES_RATE_LIMIT_PER_MINUTE: '120',
      PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE: '10',
      PASSES_WEBHOOK_RETRY_SCHEDULE: '500ms, 30s,2m,1h,1d',
      PASSES_WEBHOOK_ALLOW_PRIVATE: 'true',
      PASSES_WORK_RETENTION_DAYS: '90',
      PASSES_SMTP_URL: 'smtp://mail.example.com:2525',
      PASSES_MAIL_FROM: 'Corner Passes <no-reply@example.com>',
      PASSES_TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1',
      PASSES_METRICS_PORT: '9464',
      PASSES_METRICS_HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'loopback', '::1'],
      metricsListener: { port: 9464, host: '0.0.0.0' },
      port: 8080,
      appUrl: 'https://wallet.example.com',
      rateLimitPerMinute: 120,
      publicRateLimitPerMinute: 10,
      webhookRetryScheduleMs: [500, 30_000, 120_000, 3_600_000, 86_400_000],
      webhookAllowPrivate: true,
      workRetentionMs: 90 * 86_400_000,
      smtpUrl: 'smtp://mail.example.com:2525',
      mailFrom: 'Corner Passes <no-reply@example.com>',
    });
  });

  it.each([
    ['PORT', '70000'],
    ['PASSES_RATE_LIMIT_PER_MINUTE', '0'],
    ['PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE', 'many'],
    ['PASSES_WEBHOOK_RETRY_SCHEDULE', '1m,soon'],
    ['PASSES_WEBHOOK_RETRY_SCHEDULE', '0s'],
    ['PASSES_WEBHOOK_RETRY_SCHEDULE', '8d'],
    ['PASSES_WEBHOOK_ALLOW_PRIVATE', 'yes'],
    ['PASSES_WORK_RETENTION_DAYS', '0'],
    ['PASSES_WORK_RETENTION_DAYS', '1.5'],
    ['PASSES_SMTP_URL', 'https://mail.example.com'],
    ['PASSES_SECRET_KEY', 'short'],
    ['PASSES_MAIL_FROM', 'a@example.com\nBcc: b@example.com'],
    ['PASSES_TRUST_PROXY', 'yes'],
    ['PASSES_TRUST_PROXY', '10.0.0.0/33'],
    ['PASSES_TRUST_PROXY', '10.0.0.1,proxy.example.com'],
    ['PASSES_TRUST_PROXY', '99'],
    ['PASSES_METRICS_PORT', '65536'],
    ['PASSES_METRICS_HOST', ''],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => configFromEnvironment({ [name]: value })).toThrow(ConfigError);
    expect(() => configFromEnvironment({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });
});

describe('PASSES_TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['fd00::/8,uniquelocal', ['fd00::/8', 'uniquelocal']],
  ])('reads %s as express reads it', (value, trustProxy) => {
    expect(configFromEnvironment({ PASSES_TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });
});

describe('the distributed profile', () => {
  const SECRET = 'a-secret-of-at-least-thirty-two-characters';
  const distributed = {
    PASSES_PROFILE: 'distributed',
    PASSES_SECRET_KEY: SECRET,
    PASSES_EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
    PASSES_MONGODB_URL: 'mongodb://127.0.0.1:27017',
    PASSES_KAFKA_BROKERS: '127.0.0.1:9092, [::1]:9093',
  };

  it('reads its servers, with EventStoreDB as the event store by default', () => {
    expect(configFromEnvironment(distributed)).toMatchObject({
      profile: 'distributed',
      distributed: {
        eventStore: 'eventstoredb',
        eventStoreUrl: 'esdb://127.0.0.1:2113?tls=false',
        mongoUrl: 'mongodb://127.0.0.1:27017',
        mongoDatabase: 'passes',
        kafkaBrokers: ['127.0.0.1:9092', '[::1]:9093'],
        kafkaTopic: 'passes.events',
      },
    });
  });

  it('may share one SQLite event store file instead, without an EventStoreDB URL', () => {
    const { PASSES_EVENTSTORE_URL: _unused, ...withoutUrl } = distributed;
    expect(configFromEnvironment({ ...withoutUrl, PASSES_EVENT_STORE: 'sqlite' }).distributed).toMatchObject({ eventStore: 'sqlite', eventStoreUrl: null });
  });

  it.each([
    ['PASSES_MONGODB_URL', { PASSES_MONGODB_URL: undefined }],
    ['PASSES_MONGODB_URL', { PASSES_MONGODB_URL: 'http://127.0.0.1:27017' }],
    ['PASSES_EVENTSTORE_URL', { PASSES_EVENTSTORE_URL: undefined }],
    ['PASSES_EVENTSTORE_URL', { PASSES_EVENTSTORE_URL: 'http://127.0.0.1:2113' }],
    ['PASSES_SECRET_KEY', { PASSES_SECRET_KEY: undefined }],
    ['PASSES_KAFKA_BROKERS', { PASSES_KAFKA_BROKERS: '127.0.0.1' }],
    ['PASSES_KAFKA_BROKERS', { PASSES_KAFKA_BROKERS: '127.0.0.1:99999' }],
    ['PASSES_KAFKA_TOPIC', { PASSES_KAFKA_TOPIC: 'no spaces' }],
    ['PASSES_MONGODB_DATABASE', { PASSES_MONGODB_DATABASE: 'a/b' }],
    ['PASSES_EVENT_STORE', { PASSES_EVENT_STORE: 'postgres' }],
  ])('refuses a missing or malformed %s with one line naming it', (name, change) => {
    expect(() => configFromEnvironment({ ...distributed, ...change })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('refuses an event store choice on the embedded profile', () => {
    expect(() => configFromEnvironment({ PASSES_EVENT_STORE: 'sqlite' })).toThrow(/^Invalid configuration: PASSES_EVENT_STORE: /);
  });

  it('lets the API run without Kafka, but not the processes that need it', () => {
    const { PASSES_KAFKA_BROKERS: _unused, ...withoutKafka } = distributed;
    const config = configFromEnvironment(withoutKafka);
    expect(() => requireKafka(config)).toThrow(/^Invalid configuration: PASSES_KAFKA_BROKERS: /);
    expect(requireKafka(configFromEnvironment(distributed)).brokers).toEqual(['127.0.0.1:9092', '[::1]:9093']);
    expect(() => requireDistributed(configFromEnvironment({}))).toThrow(/^Invalid configuration: PASSES_PROFILE: /);
  });
});
