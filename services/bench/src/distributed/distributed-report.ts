/**
 * The distributed section as a person reads it. Every figure names the servers it ran on: FerretDB is a
 * MongoDB-wire test server, and nobody should read its figures as MongoDB's.
 */
import { count, seconds } from '../format';
import { tableLines, type Row } from '../report';
import { heading } from '../section';
import type { CatchUp } from './catch-up';
import type { DistributedFigures } from './distributed-figures';
import { serversLabel } from './server-versions';
import { storeCostLines } from './store-cost-report';

const TITLE = 'distributed · one API, projector, relay and webhook dispatcher as processes over one shared events.sqlite';

export function skippedLines(why: string): string[] {
  return ['', heading(TITLE), `distributed: skipped (${why})`];
}

/** Each scenario's embedded row (from the http section) above its distributed one. */
function comparisonRows(embedded: Row[] | null, distributed: Row[], label: string): Row[] {
  return distributed.flatMap((row) => {
    const twin = embedded?.find((candidate) => candidate.scenario === row.scenario);
    const renamed = { ...row, scenario: `${row.scenario} · distributed (${label})` };
    return twin ? [{ ...twin, scenario: `${row.scenario} · embedded` }, renamed] : [renamed];
  });
}

const catchUpLine = (what: string, { events, fromReadySeconds, fromSpawnSeconds, eventsPerSecond }: CatchUp, label: string) =>
  `${what}: ${count(events)} events in ${seconds(fromReadySeconds)} from its ready line, ${count(eventsPerSecond)} events/s (${seconds(fromSpawnSeconds)} from spawn) [${label}]`;

export function distributedLines(figures: DistributedFigures, embeddedRows: Row[] | null): string[] {
  const label = serversLabel(figures.servers);
  const { mongodbWire, kafka } = figures.servers;
  return [
    '',
    heading(`${TITLE} · ${label}`),
    `${mongodbWire} is a MongoDB-wire test server, not MongoDB: it serves one request at a time and scans whole collections on every query (docs/decisions.md, "Test servers"); these figures say nothing about MongoDB's`,
    ...tableLines(comparisonRows(embeddedRows, figures.scenarios, label)),
    ...(embeddedRows === null ? ['(the embedded rows and the echo ratios come from the http section: run it too to see them)'] : []),
    catchUpLine(`projector into ${mongodbWire}, until every projection's lag on /readyz is 0`, figures.projector, label),
    ...storeCostLines(figures.costs, figures.projectorCost),
    catchUpLine(`relay to ${kafka}, until its checkpoint (in ${mongodbWire}) reaches the head`, figures.relay, label),
    `backlog: ${count(figures.projector.events)} events (BENCH_DISTRIBUTED_EVENTS) appended straight into the shared events.sqlite with the projector, relay and dispatcher stopped, then the projector and the relay each started alone; kept modest because FerretDB scans whole collections on every query`,
  ];
}
