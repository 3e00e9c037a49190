/**
 * The `browse` section (issue 38, "answered in milliseconds at 1,000,000 passes"): a service on a store of
 * `--passes` passes, filled straight through the event store as in `scale`, and the business's lists
 * read as the dashboard reads them: the first page of every pass, a search that finds one pass (a serial
 * number's beginning), a search that finds them all (a word every customer's name holds), a filter, the
 * customers, a customer search by a whole email (words most customers share beside one only theirs) and
 * one customer by email. Each over the store's sampled passes in turn.
 */
import { count } from '../format';
import { measure, type Measurement } from '../measure';
import { rowsOf, tableLines, warningLines } from '../report';
import type { Resources } from '../resources';
import type { Scenario } from '../scenarios';
import { heading, type SectionOutcome } from '../section';
import type { ScaleArguments } from '../sections';
import type { Settings } from '../settings';
import { customerOf, seededStore, type SeededStore } from '../scale/seeded-store';

export interface BrowseFigures {
  passes: number;
  measurements: Measurement[];
}

/** The sampled passes' serial numbers, read once through the API (the seeding made them, not the bench). */
async function serialsOf(store: SeededStore): Promise<string[]> {
  const serials: string[] = [];
  for (const id of [...store.sampled.values()].slice(0, 100)) {
    const answer = await fetch(`${store.service.url}/businesses/${store.fixture.businessId}/passes/${id}`, { headers: { authorization: `Bearer ${store.fixture.token}` } });
    const body: unknown = await answer.json();
    if (typeof body === 'object' && body !== null && 'serial_number' in body && typeof body.serial_number === 'string') serials.push(body.serial_number);
  }
  return serials;
}

function browseScenarios(store: SeededStore, serials: readonly string[]): Scenario[] {
  const base = `/businesses/${store.fixture.businessId}`;
  const indexes = [...store.sampled.keys()];
  const get = (name: string, paths: () => string[]): Scenario => ({ name, target: 'service', method: 'GET', paths });
  return [
    get('passes, first page', () => [`${base}/passes`]),
    get('passes, search finding one (serial)', () => serials.map((serial) => `${base}/passes?q=${encodeURIComponent(serial.slice(0, 10))}`)),
    get('passes, search finding all (name)', () => [`${base}/passes?q=customer`]),
    get('passes, status filter', () => [`${base}/passes?status=active`]),
    get('customers, first page', () => [`${base}/customers`]),
    get('customers, search by email', () => indexes.map((index) => `${base}/customers?q=${encodeURIComponent(customerOf(index).email)}`)),
    get('customer by email', () => indexes.map((index) => `${base}/customers/${encodeURIComponent(customerOf(index).email)}`)),
  ];
}

export async function runBrowseSection(settings: Settings, scale: ScaleArguments, resources: Resources): Promise<SectionOutcome<BrowseFigures>> {
  process.stderr.write(`browse: appending ${count(scale.passes)} passes straight into events.sqlite, the service following…\n`);
  const store = await seededStore('browse store service', scale.passes, resources);
  const scenarios = browseScenarios(store, await serialsOf(store));
  const measurements: Measurement[] = [];
  for (const scenario of scenarios) {
    process.stderr.write(`browse: measuring ${scenario.name} for ${settings.durationSeconds} s…\n`);
    measurements.push(await measure(scenario, store.service.url, store.fixture, settings));
  }
  const rows = rowsOf(scenarios, measurements);
  const lines = ['', heading(`browse · embedded profile · lists and searches on ${count(scale.passes)} passes`), ...tableLines(rows)];
  return { lines, warnings: warningLines(rows, { 'browse store service': store.service.problems() }), figures: { passes: scale.passes, measurements } };
}
