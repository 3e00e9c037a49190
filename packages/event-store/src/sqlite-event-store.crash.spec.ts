import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { SqliteEventStore } from './sqlite-event-store';

/** The child must run what production runs: the compiled adapter, which `npm test` builds first. */
const COMPILED_ADAPTER = path.resolve(__dirname, '../dist/sqlite-event-store.js');
const WRITER = path.resolve(__dirname, 'testing/append-forever.js');
const ACKS_BEFORE_KILL = 200;
const WRITER_TIMEOUT_MS = 20000;

interface Ack {
  id: string;
  stream: string;
  revision: number;
}

let directory = '';

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-event-store-crash-'));
});

afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

function parseAck(line: string): Ack {
  const [id, stream, revision] = line.split(' ');
  if (id === undefined || stream === undefined || revision === undefined) throw new Error(`Unreadable ack: ${line}`);
  return { id, stream, revision: Number(revision) };
}

/** Runs the writer until it has acknowledged enough appends, then kills it without warning. */
async function acksOfKilledWriter(file: string): Promise<{ acks: Ack[]; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, [WRITER, COMPILED_ADAPTER, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const acks: Ack[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    acks.push(parseAck(line));
    if (acks.length >= ACKS_BEFORE_KILL) child.kill('SIGKILL');
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), WRITER_TIMEOUT_MS);
  try {
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    if (acks.length < ACKS_BEFORE_KILL) {
      throw new Error(`Writer stopped after ${acks.length} acks (exit ${String(code)}, ${String(signal)}):\n${stderr}`);
    }
    return { acks, signal };
  } finally {
    clearTimeout(timeout);
  }
}

it('keeps every acknowledged append, atomically and without gaps, when the writer is killed', async () => {
  if (!fs.existsSync(COMPILED_ADAPTER)) {
    throw new Error(`${COMPILED_ADAPTER} is missing: build first (npx tsc -b packages/event-store; npm test does it).`);
  }
  const file = path.join(directory, 'events.db');

  const { acks, signal } = await acksOfKilledWriter(file);

  expect(signal).toBe('SIGKILL');
  const store = SqliteEventStore.open(file);
  try {
    const stored = await store.readAll();
    const byId = new Map(stored.map((event) => [event.id, event]));
    const lost = acks.filter((ack) => {
      const event = byId.get(ack.id);
      return event?.stream !== ack.stream || event.revision !== ack.revision;
    });
    expect(lost).toEqual([]);

    for (const stream of new Set(stored.map((event) => event.stream))) {
      const revisions = (await store.readStream(stream)).map((event) => event.revision);
      expect(revisions).toEqual(revisions.map((_, index) => index));
    }

    const batchSizes = new Map<unknown, { expected: unknown; found: number }>();
    for (const event of stored) {
      const batch = batchSizes.get(event.data['batch']) ?? { expected: event.data['size'], found: 0 };
      batch.found += 1;
      batchSizes.set(event.data['batch'], batch);
    }
    const torn = [...batchSizes].filter(([, batch]) => batch.found !== batch.expected);
    expect(torn).toEqual([]);
  } finally {
    await store.close();
  }
});
