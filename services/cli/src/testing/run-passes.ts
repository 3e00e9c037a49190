/** Runs the compiled CLI as an operator does, for the CLI's specs (`npm test` builds it first). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const CLI = path.resolve(__dirname, '../../bin/passes.js');
const run = promisify(execFile);

export interface CliOutcome {
  /** Null when the command was killed at its `timeoutMs`. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `passes …args` with `env` over this process's environment; a command not ended after `timeoutMs` is killed. */
export async function runPasses(env: NodeJS.ProcessEnv, args: readonly string[], timeoutMs?: number): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile's error for a command that ran: its exit code and what it printed.
    const failed = error as CliOutcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
