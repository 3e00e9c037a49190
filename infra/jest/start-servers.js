/**
 * Starts the Kafka broker and the MongoDB-wire server for the `servers` test project (infra/servers.sh),
 * and hands their addresses to the test workers through the environment. A server whose prerequisite
 * is missing (Java, Go) is reported, and its suites skip themselves by name; with
 * PASSES_REQUIRE_SERVERS=true (CI) a missing server fails the run instead.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const NAMES = { PASSES_KAFKA_BROKERS: 'PASSES_TEST_KAFKA_BROKERS', PASSES_MONGODB_URL: 'PASSES_TEST_MONGODB_URL' };

module.exports = async function startServers() {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-test-servers-'));
  process.env.PASSES_TEST_SERVERS_DIR = stateDir;
  const script = path.join(__dirname, '..', 'servers.sh');
  process.stderr.write('\nStarting the test servers (infra/servers.sh)…\n');
  let output;
  try {
    output = execFileSync(script, ['start', stateDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    // Jest runs no teardown after a failed setup: stop what did start, or it outlives the run.
    execFileSync(script, ['stop', stateDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    fs.rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const skipped = [];
  for (const line of output.split('\n')) {
    const skip = /^# (\w+) skipped: (.*)$/.exec(line);
    if (skip) skipped.push(`${skip[1]} (${skip[2]})`);
    const [name, ...value] = line.split('=');
    if (name && NAMES[name]) process.env[NAMES[name]] = value.join('=');
  }
  if (skipped.length > 0) {
    const message = `Test servers skipped: ${skipped.join('; ')}. Their suites are skipped.`;
    if (process.env.PASSES_REQUIRE_SERVERS === 'true') throw new Error(`${message} PASSES_REQUIRE_SERVERS=true does not allow that.`);
    process.stderr.write(`${message}\n`);
  }
};
