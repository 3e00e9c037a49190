'use strict';
// Child process of sqlite-event-store.crash.spec.ts, run against the compiled adapter so the parent
// can SIGKILL a real writer. It prints "<id> <stream> <revision>" per event only once `append`
// resolved: every printed line is an acknowledgement the store must honour after the kill.
const { randomUUID } = require('node:crypto');

const [adapterPath, file] = process.argv.slice(2);
const { SqliteEventStore } = require(adapterPath);

const STREAMS = ['crash-a', 'crash-b', 'crash-c'];

function acknowledge(lines) {
  return new Promise((resolve, reject) => {
    process.stdout.write(lines, (error) => (error ? reject(error) : resolve()));
  });
}

function eventFor(batch, index, size) {
  return {
    id: randomUUID(),
    type: 'Appended',
    data: { batch, index, size },
    metadata: { correlation_id: randomUUID(), causation_id: null, business_id: null, actor: 'crash-test', schema_version: 1 },
  };
}

async function appendForever() {
  const store = SqliteEventStore.open(file);
  const revisions = new Map();
  for (let batch = 0; ; batch += 1) {
    const stream = STREAMS[batch % STREAMS.length];
    const size = 1 + (batch % 4);
    const events = Array.from({ length: size }, (_, index) => eventFor(batch, index, size));
    const current = revisions.get(stream);
    const result = await store.append(stream, events, current === undefined ? 'no_stream' : current);
    revisions.set(stream, result.nextRevision);
    const firstRevision = result.nextRevision - size + 1;
    await acknowledge(events.map((event, index) => `${event.id} ${stream} ${firstRevision + index}\n`).join(''));
  }
}

appendForever().catch((error) => {
  console.error(error);
  process.exit(1);
});
