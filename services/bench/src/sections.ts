/**
 * Which parts of the bench run: `--sections=http,batches,hot-pass,long-stream,pkpass,images,rebuild,audit,payments,distributed`
 * (default: all but the long ones), so that one part can be measured again without waiting for the others. They
 * run in this order. The long sections (`scale`, `soak`: a store of `--passes` passes, a steady load of
 * `--soak-seconds`; `analytics`: a business of `--passes` passes; `browse`: searches on a store of `--passes` passes; `automation-sweep`: the
 * daily `inactive` sweep over `--passes` passes) run only when named.
 */
import { parseArgs } from 'node:util';

const SECTION_NAMES = ['http', 'batches', 'hot-pass', 'long-stream', 'pkpass', 'images', 'rebuild', 'audit', 'payments', 'distributed', 'campaign', 'automations', 'scale', 'soak', 'analytics', 'browse', 'automation-sweep'] as const;
const LONG_SECTIONS: readonly SectionName[] = ['scale', 'soak', 'analytics', 'browse', 'automation-sweep'];

export type SectionName = (typeof SECTION_NAMES)[number];

/** The data-size sections' knobs (issue 16): how large the large store is, how long the steady load lasts. */
export interface ScaleArguments {
  passes: number;
  soakSeconds: number;
}

export interface BenchArguments {
  sections: ReadonlySet<SectionName>;
  scale: ScaleArguments;
}

const DEFAULT_SCALE: ScaleArguments = { passes: 1_000_000, soakSeconds: 300 };

/** A bad command line: the run stops with this one line before anything starts. */
class UsageError extends Error {}

const isSectionName = (name: string): name is SectionName => (SECTION_NAMES as readonly string[]).includes(name);

function positiveInteger(option: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${option} must be a positive integer, got '${raw}'`);
  return value;
}

export function argumentsFrom(args: readonly string[]): BenchArguments {
  let values: { sections?: string | undefined; passes?: string | undefined; 'soak-seconds'?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { sections: { type: 'string' }, passes: { type: 'string' }, 'soak-seconds': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error: unknown) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const scale = {
    passes: positiveInteger('passes', values.passes, DEFAULT_SCALE.passes),
    soakSeconds: positiveInteger('soak-seconds', values['soak-seconds'], DEFAULT_SCALE.soakSeconds),
  };
  if (values.sections === undefined) return { sections: new Set(SECTION_NAMES.filter((name) => !LONG_SECTIONS.includes(name))), scale };
  const names = values.sections.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isSectionName(name));
  if (unknown.length > 0) {
    throw new UsageError(`--sections: unknown section ${unknown.map((name) => `'${name}'`).join(', ')}; use a comma-separated list of ${SECTION_NAMES.join(', ')}`);
  }
  return { sections: new Set(names.filter(isSectionName)), scale };
}
