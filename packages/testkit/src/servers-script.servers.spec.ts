/**
 * infra/servers.sh as operators and fault tests use it: it hands back a caller's captured stdout and
 * stderr when it exits (the servers it leaves running hold neither), and it restarts one server on the
 * port it had, with its data, leaving the other one alone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { describeWithServers } from './test-servers';

const SCRIPT = path.resolve(__dirname, '../../../infra/servers.sh');
/** How long the captured streams may stay open once the script has exited: far more than flushing takes. */
const STREAMS_CLOSE_WITHIN_MS = 10_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether both captured streams were closed within STREAMS_CLOSE_WITHIN_MS of the script's exit. */
  streamsClosed: boolean;
}

/** Runs the script with stdout and stderr both piped to us, as `$(servers.sh … 2>&1)` or execFileSync would. */
function run(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const timer = setTimeout(() => resolve({ code, stdout, stderr, streamsClosed: false }), STREAMS_CLOSE_WITHIN_MS);
      child.once('close', () => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, streamsClosed: true });
      });
    });
  });
}

function valueOf(output: string, name: string): string {
  const line = output.split('\n').find((candidate) => candidate.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`no ${name}= line in: ${output}`);
  return line.slice(name.length + 1);
}

const pidOf = (file: string) => fs.readFileSync(file, 'utf8').trim();

// The run's own servers tell that Java and Go are here; this suite starts a pair of its own to restart.
describeWithServers(['kafka', 'mongodb'], 'infra/servers.sh', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-servers-script-'));
  const kafkaPid = () => pidOf(path.join(stateDir, 'kafka', 'kafka.pid'));
  const mongodbPid = () => pidOf(path.join(stateDir, 'ferretdb', 'ferretdb.pid'));
  let started: Run;

  beforeAll(async () => {
    started = await run('start', stateDir);
  }, 240_000);

  afterAll(async () => {
    await run('stop', stateDir);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }, 120_000);

  it('starts both servers and hands back the captured stdout and stderr when it exits', () => {
    expect(started.code).toBe(0);
    expect(started.streamsClosed).toBe(true);
    expect(valueOf(started.stdout, 'PASSES_MONGODB_URL')).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    expect(valueOf(started.stdout, 'PASSES_KAFKA_BROKERS')).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('restarts the MongoDB-wire server on its port with its data, the broker untouched', async () => {
    const url = valueOf(started.stdout, 'PASSES_MONGODB_URL');
    const database = `servers_script_${process.pid}`;
    const before = new MongoClient(url);
    await before.db(database).collection<{ _id: string }>('kept').insertOne({ _id: 'written-before' });
    await before.close();
    const [broker, server] = [kafkaPid(), mongodbPid()];

    const restarted = await run('restart', stateDir, 'mongodb');

    expect(restarted.code).toBe(0);
    expect(restarted.streamsClosed).toBe(true);
    expect(valueOf(restarted.stdout, 'PASSES_MONGODB_URL')).toBe(url);
    expect(mongodbPid()).not.toBe(server);
    expect(kafkaPid()).toBe(broker);
    const after = new MongoClient(url);
    try {
      expect(await after.db(database).collection<{ _id: string }>('kept').countDocuments({ _id: 'written-before' })).toBe(1);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('restarts the broker on its port with its topics, the MongoDB-wire server untouched', async () => {
    const brokers = valueOf(started.stdout, 'PASSES_KAFKA_BROKERS');
    const topic = `servers-script-${process.pid}`;
    const admin = () => new Kafka({ clientId: 'servers-script-spec', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
    const before = admin();
    await before.connect();
    await before.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await before.disconnect();
    const [broker, server] = [kafkaPid(), mongodbPid()];

    const restarted = await run('restart', stateDir, 'kafka');

    expect(restarted.code).toBe(0);
    expect(restarted.streamsClosed).toBe(true);
    expect(valueOf(restarted.stdout, 'PASSES_KAFKA_BROKERS')).toBe(brokers);
    expect(kafkaPid()).not.toBe(broker);
    expect(mongodbPid()).toBe(server);
    const after = admin();
    try {
      await after.connect();
      expect(await after.listTopics()).toContain(topic);
    } finally {
      await after.disconnect();
    }
  }, 180_000);
});
