/**
 * `passes projections rebuild` as an operator runs it against a running service: the service's
 * projector builds the new generations, and the CLI follows until they are live, then prints
 * `Rebuilt …: N events replayed in X s (Y events/s).` Its progress lines pass through to stderr.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Resources } from '../resources';
import { CLI_SCRIPT } from '../scripts';

/** A rebuild that takes longer has failed the goal by far; the run stops instead of waiting forever. */
const TIMEOUT_MS = 30 * 60_000;
const DONE_LINE = /^Rebuilt (.+): ([\d,]+) events replayed in ([\d.]+) s \(([\d,]+) events\/s\)\.$/m;

export interface CliRebuild {
  /** The CLI's closing line, as printed. */
  line: string;
  /** The CLI's figures: the events its projections replayed (each projection counts its own events). */
  replayed: number;
  seconds: number;
  eventsPerSecond: number;
  /** From spawning the CLI to its exit, as the bench's clock saw it. */
  wallSeconds: number;
}

const integer = (text: string) => Number(text.replaceAll(',', ''));

/** Rebuilds the projections named (every one when none is). */
export function runCliRebuild(storesEnv: NodeJS.ProcessEnv, resources: Resources, projections: readonly string[] = []): Promise<CliRebuild> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI_SCRIPT, 'projections', 'rebuild', ...projections], { env: { ...process.env, ...storesEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  resources.defer(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
  let stdout = '';
  const stderr: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    process.stderr.write(`  passes projections rebuild: ${line}\n`);
  });

  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const wallSeconds = (performance.now() - started) / 1000;
      const done = DONE_LINE.exec(stdout);
      if (code !== 0 || done === null) {
        reject(new Error(`passes projections rebuild ended with ${signal ?? `code ${String(code)}`}: ${[stdout.trim(), ...stderr.slice(-5)].join('\n')}`));
        return;
      }
      const [line, , replayed = '', seconds = '', rate = ''] = done;
      resolve({ line, replayed: integer(replayed), seconds: Number(seconds), eventsPerSecond: integer(rate), wallSeconds });
    });
  });
}
