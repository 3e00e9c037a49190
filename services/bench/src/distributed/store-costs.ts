/**
 * What a request or a projected batch asks of the stores, read from a process's own metrics before and
 * after: MongoDB commands (each one round trip) and event-store calls. Unlike the timings, these counts
 * do not depend on which MongoDB-wire server answers, so they say what MongoDB would be asked too.
 */

/** The collection a command's read-your-writes wait polls: shared by every request waiting then. */
const CATALOG = 'projection_generations';

/** Totals of one scrape. */
interface StoreCounters {
  requests: number;
  mongoCommands: number;
  /** Reads of the catalog: the polls of waits for the projector, and the live-generation lookups. */
  catalogReads: number;
  /** Commits of projected batches: each ends with one update of the catalog's checkpoints. */
  checkpointWrites: number;
  eventStoreCalls: number;
  /** MongoDB commands by `command collection` (`find passes`). */
  byCommand: Record<string, number>;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match?.[1] || match[3] === undefined) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map(([, label, value]) => [label ?? '', value ?? '']));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

export async function scrapeCounters(metricsUrl: string): Promise<StoreCounters> {
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`${metricsUrl} answered ${response.status}`);
  return countersOf(await response.text());
}

/** The totals in one scrape's text (Prometheus text format). */
export function countersOf(text: string): StoreCounters {
  const samples = samplesOf(text);
  const sum = (name: string, matches: (labels: Record<string, string>) => boolean = () => true) =>
    samples.filter((sample) => sample.name === name && matches(sample.labels)).reduce((total, sample) => total + sample.value, 0);
  const commands = 'passes_mongodb_commands_total';
  return {
    requests: sum('passes_http_request_duration_seconds_count'),
    mongoCommands: sum(commands),
    catalogReads: sum(commands, (labels) => labels['collection'] === CATALOG && labels['command'] === 'find'),
    checkpointWrites: sum(commands, (labels) => labels['collection'] === CATALOG && labels['command'] === 'update'),
    eventStoreCalls: sum('passes_event_store_calls_total'),
    byCommand: Object.fromEntries(
      samples.filter((sample) => sample.name === commands).map(({ labels, value }) => [`${labels['command'] ?? ''} ${labels['collection'] ?? ''}`.trim(), value]),
    ),
  };
}

/** Per request of one scenario, over the API process's counters before and after its load. */
export interface RequestCost {
  scenario: string;
  requests: number;
  mongoCommands: number;
  /** Of mongoCommands: the catalog reads (waits for the projector, shared by the requests waiting then). */
  catalogReads: number;
  eventStoreCalls: number;
  /** Per request, by `command collection`, the most frequent first. */
  byCommand: [string, number][];
}

export function requestCost(scenario: string, before: StoreCounters, after: StoreCounters): RequestCost {
  const requests = after.requests - before.requests;
  const per = (field: Exclude<keyof StoreCounters, 'byCommand'>) => (requests > 0 ? (after[field] - before[field]) / requests : 0);
  const byCommand = Object.entries(after.byCommand)
    .map(([command, total]): [string, number] => [command, requests > 0 ? (total - (before.byCommand[command] ?? 0)) / requests : 0])
    .filter(([, perRequest]) => perRequest > 0)
    .sort(([, a], [, b]) => b - a);
  return { scenario, requests, mongoCommands: per('mongoCommands'), catalogReads: per('catalogReads'), eventStoreCalls: per('eventStoreCalls'), byCommand };
}

/** The projector's commands over a backlog it caught up on, from its start. */
export interface ProjectorCost {
  events: number;
  batches: number;
  mongoCommands: number;
  /** By `command collection`, the most frequent first. */
  byCommand: [string, number][];
}

export function projectorCost(events: number, counters: StoreCounters): ProjectorCost {
  const byCommand = Object.entries(counters.byCommand).sort(([, a], [, b]) => b - a);
  return { events, batches: counters.checkpointWrites, mongoCommands: counters.mongoCommands, byCommand };
}
