/**
 * The real servers a `*.servers.spec.ts` suite runs against, started for the run by
 * infra/jest/start-servers.js. A suite whose server could not be had is skipped with the reason in
 * its name, never run against a stand-in.
 */
import { describe } from '@jest/globals';

const VARIABLES = {
  mongodb: 'PASSES_TEST_MONGODB_URL',
  kafka: 'PASSES_TEST_KAFKA_BROKERS',
  eventstoredb: 'PASSES_TEST_EVENTSTORE_URL',
} as const;

type TestServerName = keyof typeof VARIABLES;

/** The server's address for this run, or null when it could not be started here. */
function testServerAddress(name: TestServerName): string | null {
  return process.env[VARIABLES[name]] ?? null;
}

/** `describe` with the server's address, or a skipped `describe` that says why. */
export function describeWithServer(name: TestServerName, title: string, body: (address: string) => void): void {
  describeWithServers([name], title, (addresses) => body(addresses[name] ?? ''));
}

/** `describe` with every named server's address, or a skipped `describe` naming those missing. */
export function describeWithServers(names: readonly TestServerName[], title: string, body: (addresses: Partial<Record<TestServerName, string>>) => void): void {
  const addresses: Partial<Record<TestServerName, string>> = {};
  const missing: string[] = [];
  for (const name of names) {
    const address = testServerAddress(name);
    if (address === null) missing.push(`no ${name} server (${VARIABLES[name]} is not set)`);
    else addresses[name] = address;
  }
  if (missing.length > 0) describe.skip(`${title} (skipped: ${missing.join('; ')})`, () => body(addresses));
  else describe(title, () => body(addresses));
}
