/**
 * The servers of the distributed profile that our machines can run (a Kafka broker, a MongoDB-wire
 * server), started on loopback by the script the tests use, infra/servers.sh, and stopped with the
 * section. Where Java or Go is missing the script says which server it skipped and why.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Resources } from '../resources';
import { INFRA } from '../scripts';

const SERVERS_SCRIPT = path.join(INFRA, 'servers.sh');

export interface StartedServers {
  started: true;
  mongodbUrl: string;
  kafkaBrokers: string;
}

type TestServers = StartedServers | { started: false; why: string };

/** Runs the script with its progress on our stderr; resolves with its stdout and exit code. */
function runScript(command: 'start' | 'stop', stateDir: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SERVERS_SCRIPT, [command, stateDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, code }));
  });
}

export async function startTestServers(resources: Resources): Promise<TestServers> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-bench-servers-'));
  resources.defer(() => fs.rmSync(stateDir, { recursive: true, force: true }));
  // Deferred before starting: a start that fails halfway may leave one server running.
  resources.defer(async () => void (await runScript('stop', stateDir)));

  const { stdout, code } = await runScript('start', stateDir);
  const lines = stdout.split('\n');
  // The script's reasons name their server already (`kafka: Java missing: …`).
  const skipped = lines.map((line) => /^# \w+ skipped: (.*)$/.exec(line)?.[1]).filter((why) => why !== undefined);
  if (skipped.length > 0) return { started: false, why: skipped.join('; ') };
  if (code !== 0) return { started: false, why: `infra/servers.sh start exited with code ${String(code)}; its output is above` };
  const valueOf = (name: string) => lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1);
  const mongodbUrl = valueOf('PASSES_MONGODB_URL');
  const kafkaBrokers = valueOf('PASSES_KAFKA_BROKERS');
  if (mongodbUrl === undefined || kafkaBrokers === undefined) return { started: false, why: `infra/servers.sh start printed no addresses: ${stdout.trim()}` };
  return { started: true, mongodbUrl, kafkaBrokers };
}
