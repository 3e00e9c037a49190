/**
 * A server under test in its own node process, so it has its own event loop and heap and the load
 * generator's work is not counted against it. It announces that it runs as a JSON log line on stderr;
 * a server that answers HTTP puts its address in that line's `url`, a background worker (projector,
 * relay, dispatcher) has none.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** Enough of the output to explain a process that dies before it is ready. */
const TAIL_LINES = 20;

interface ChildServerOptions {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  /** The `message` of the log line that says the process is ready. */
  readyMessage: string;
}

export interface LogProblems {
  count: number;
  first: string | null;
}

export interface RunningChild {
  /** The process id, e.g. to read its memory from /proc. */
  pid: number;
  /** Its metrics listener (`PASSES_METRICS_PORT`), as its ready line names it; null without one. */
  metricsUrl: string | null;
  /** Warnings and errors the process logged; a failing request shows up here with its cause. */
  problems(): LogProblems;
  stop(): Promise<void>;
}

export interface ChildServer extends RunningChild {
  url: string;
}

function parseLine(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Resolves with the process and its ready line once it logged `readyMessage`. */
function start({ name, script, env, readyMessage }: ChildServerOptions): Promise<{ child: RunningChild; ready: Record<string, unknown> }> {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const problems: LogProblems = { count: 0, first: null };
  const tail: string[] = [];

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      // Stopped before rejecting, so the caller may remove the process's files straight away.
      void stop().then(() => reject(new Error(`${name} did not start: ${reason}${tail.length ? `\n${tail.join('\n')}` : ''}`)));
    };
    const timer = setTimeout(() => fail(`no '${readyMessage}' line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.once('error', (error) => fail(error.message));
    // 'close' rather than 'exit': it waits for stderr to end, so the tail holds the last words.
    child.once('close', (code, signal) => fail(`exited with ${signal ?? `code ${String(code)}`}`));

    // Read stderr to the end, not only up to the ready line: a pipe nobody drains would block the server.
    createInterface({ input: child.stderr }).on('line', (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      const record = parseLine(line);
      if (record?.['level'] === 'warn' || record?.['level'] === 'error') {
        problems.count += 1;
        problems.first ??= line;
      }
      if (record?.['message'] === readyMessage) {
        clearTimeout(timer);
        const metricsUrl = typeof record['metrics'] === 'string' ? record['metrics'] : null;
        resolve({ child: { pid: child.pid ?? 0, metricsUrl, problems: () => ({ ...problems }), stop }, ready: record });
      }
    });
  });
}

/** A background worker: ready once it logged `readyMessage`. */
export async function startChildProcess(options: ChildServerOptions): Promise<RunningChild> {
  return (await start(options)).child;
}

/** A server that answers HTTP: ready once it logged `readyMessage` with the `url` it listens on. */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const { child, ready } = await start(options);
  const url = ready['url'];
  if (typeof url === 'string') return { ...child, url };
  await child.stop();
  throw new Error(`${options.name} did not start: its '${options.readyMessage}' line has no url`);
}
