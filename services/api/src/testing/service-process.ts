/**
 * One compiled service process of the distributed profile (api, projector, relay, dispatcher), started
 * as an operator would with `npm run start:*`, for tests of the topology: it is ready once it logs its
 * `… running` line, and it can be killed with SIGKILL and started again with the same settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const SERVICES = path.resolve(__dirname, '../../..');
const START_TIMEOUT_MS = 60_000;

const SERVICE_MAINS = {
  api: { main: path.join(SERVICES, 'api/dist/main.js'), ready: 'wallet pass service running' },
  projector: { main: path.join(SERVICES, 'projector/dist/main.js'), ready: 'projector running' },
  relay: { main: path.join(SERVICES, 'relay/dist/main.js'), ready: 'relay running' },
  dispatcher: { main: path.join(SERVICES, 'webhook-dispatcher/dist/main.js'), ready: 'webhook dispatcher running' },
} as const;

export type ServiceKind = keyof typeof SERVICE_MAINS;

/** How a process ended: its exit code, or the signal that ended it. */
interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class ServiceProcess {
  private child: ChildProcess | null = null;
  private readonly log: string[] = [];
  /** The `url` of its ready line (API processes): `http://127.0.0.1:<port>/api/v1`. */
  url = '';
  /** The `metrics` of its ready line, when PASSES_METRICS_PORT is set: `http://127.0.0.1:<port>/metrics`. */
  metricsUrl = '';

  constructor(
    readonly name: string,
    private readonly kind: ServiceKind,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async start(): Promise<this> {
    const { main, ready } = SERVICE_MAINS[this.kind];
    if (!fs.existsSync(main)) throw new Error(`${main} is not built: run \`npm run build\` (npm test does)`);
    const child = spawn(process.execPath, [main], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not log '${ready}' within ${START_TIMEOUT_MS} ms:\n${this.tail()}`)), START_TIMEOUT_MS);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${signal ?? String(code)}) before it was ready:\n${this.tail()}`));
      });
      createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
        this.log.push(line);
        const record = parse(line);
        if (record?.['message'] !== ready) return;
        clearTimeout(timer);
        if (typeof record['url'] === 'string') this.url = record['url'];
        if (typeof record['metrics'] === 'string') this.metricsUrl = record['metrics'];
        resolve();
      });
    });
    return this;
  }

  /** Every line it has written to stderr so far. */
  logLines(): readonly string[] {
    return this.log;
  }

  /** Resolves once it has logged a record with this message; fails if it has not within the start timeout. */
  async logged(message: string): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!this.log.some((line) => parse(line)?.['message'] === message)) {
      if (Date.now() > deadline) throw new Error(`${this.name} did not log '${message}':\n${this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** What it logged at warn or error level: a healthy run logs none of its own. */
  problems(): string[] {
    return this.log.filter((line) => ['warn', 'error'].includes(String(parse(line)?.['level'])));
  }

  /** Freezes the process (SIGSTOP) until `resume`: alive, holding its connections, doing nothing. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Sends the signal at once; resolves when the process has ended. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<ExitStatus> {
    const child = this.child;
    this.child = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })));
    child.kill(signal);
    return exited;
  }

  private tail(): string {
    return this.log.slice(-20).join('\n');
  }
}

function parse(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : null;
  } catch {
    return null;
  }
}
