/**
 * Which parts of the bench run: `--sections=http,batches,hot-pass,long-stream,pkpass,rebuild,audit,distributed` (default: all), so
 * that one part can be measured again without waiting for the others. They run in this order.
 */
import { parseArgs } from 'node:util';

export const SECTION_NAMES = ['http', 'batches', 'hot-pass', 'long-stream', 'pkpass', 'rebuild', 'audit', 'distributed'] as const;

export type SectionName = (typeof SECTION_NAMES)[number];

/** A bad command line: the run stops with this one line before anything starts. */
export class UsageError extends Error {}

const isSectionName = (name: string): name is SectionName => (SECTION_NAMES as readonly string[]).includes(name);

export function sectionsFromArguments(args: readonly string[]): ReadonlySet<SectionName> {
  let values: { sections?: string | undefined };
  try {
    ({ values } = parseArgs({ args: [...args], options: { sections: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error: unknown) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.sections === undefined) return new Set(SECTION_NAMES);
  const names = values.sections.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isSectionName(name));
  if (unknown.length > 0) {
    throw new UsageError(`--sections: unknown section ${unknown.map((name) => `'${name}'`).join(', ')}; use a comma-separated list of ${SECTION_NAMES.join(', ')}`);
  }
  return new Set(names.filter(isSectionName));
}
