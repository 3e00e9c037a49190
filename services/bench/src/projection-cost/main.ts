/**
 * `npm run bench:projections -- [--requests=N] [--batch=N]`: the CPU each read model's projection costs a
 * request, on the SQLite read store, for the events an `issue` and a `stamp` make. A stream is recorded
 * through this build's embedded service (recorded-stream.ts), then each projection is run alone over it
 * into a fresh store, in this process, so no other projection, follower or request shares the figure.
 */
import { readModelProjections } from '@passes/read-model';
import { settingsFromEnvironment } from '../settings';
import { recordStream } from './recorded-stream';
import { timeProjection, type ProjectionCost } from './projection-timing';
import { runScript } from '../script-entry';

interface Arguments {
  requests: number;
  batch: number;
}

function argumentsFrom(argv: string[]): Arguments {
  const given = new Map(argv.map((argument) => {
    const match = /^--(requests|batch)=(\d+)$/.exec(argument);
    if (!match?.[1] || match[2] === undefined) throw new Error(`unknown argument '${argument}' (--requests=N, --batch=N)`);
    return [match[1], Number(match[2])] as const;
  }));
  const positive = (name: string, fallback: number) => {
    const value = given.get(name) ?? fallback;
    if (value < 1) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  // A live batch is what one feed delivery holds: about a group commit's requests under 20 connections.
  return { requests: positive('requests', 5000), batch: positive('batch', 16) };
}

const micros = (value: number) => value.toFixed(1);

async function run({ requests, batch }: Arguments): Promise<void> {
  const { connections } = settingsFromEnvironment(process.env);
  process.stderr.write(`projections: recording ${requests} issues and ${requests} stamps…\n`);
  const stream = await recordStream(requests, connections);
  const lines = ['| Projection | Load | Events | Fold µs a request | Commit µs a request | Total µs a request |', '|---|---|---|---|---|---|'];
  const totals = new Map<string, number>();
  for (const [index, load] of stream.loads.entries()) {
    const before = [...stream.setup, ...stream.loads.slice(0, index).flatMap((earlier) => earlier.events)];
    const costs: [string, ProjectionCost][] = [];
    for (const projection of readModelProjections) {
      process.stderr.write(`projections: ${projection.collection} over the ${load.scenario} load…\n`);
      costs.push([projection.collection, await timeProjection(projection, before, load.events, batch)]);
    }
    for (const [collection, cost] of costs.sort(([, a], [, b]) => b.foldMicros + b.commitMicros - (a.foldMicros + a.commitMicros))) {
      if (cost.events === 0) continue;
      const total = (cost.foldMicros + cost.commitMicros) / load.requests;
      totals.set(load.scenario, (totals.get(load.scenario) ?? 0) + total);
      lines.push(`| ${collection} | ${load.scenario} | ${cost.events} | ${micros(cost.foldMicros / load.requests)} | ${micros(cost.commitMicros / load.requests)} | ${micros(total)} |`);
    }
  }
  for (const load of stream.loads) {
    lines.push(`| every projection | ${load.scenario} | ${load.events.length} | | | ${micros(totals.get(load.scenario) ?? 0)} |`);
  }
  process.stdout.write(`${lines.join('\n')}\n(batches of ${batch} events, each projection alone on a fresh store; CPU of this process)\n`);
}

runScript('bench:projections', argumentsFrom, run);
