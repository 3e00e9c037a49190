import { configFromEnvironment, ConfigError, DEFAULT_CONFIG } from './config';

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
      PASSES_SMTP_URL: 'smtp://mail.example.com:2525',
      PASSES_MAIL_FROM: 'Corner Passes <no-reply@example.com>',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://wallet.example.com',
      rateLimitPerMinute: 120,
      publicRateLimitPerMinute: 10,
      webhookRetryScheduleMs: [500, 30_000, 120_000, 3_600_000, 86_400_000],
      webhookAllowPrivate: true,
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
    ['PASSES_SMTP_URL', 'https://mail.example.com'],
    ['PASSES_SECRET_KEY', 'short'],
    ['PASSES_MAIL_FROM', 'a@example.com\nBcc: b@example.com'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    expect(() => configFromEnvironment({ [name]: value })).toThrow(ConfigError);
    expect(() => configFromEnvironment({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });
});
