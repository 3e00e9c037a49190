/** The production logger (pino) writing into memory, so a test can read what the server logged. */
import { pinoLogger, type Logger } from '@passes/runtime';

export class CapturedLog {
  readonly lines: string[] = [];
  readonly logger: Logger = pinoLogger({ write: (line: string) => void this.lines.push(line) });

  /** Every line, parsed: each must be one JSON object. */
  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** The first record that satisfies `wanted`, once it is logged (a request's line follows its answer closely). */
  async waitFor(wanted: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (let tries = 0; tries < 500; tries++) {
      const found = this.records().find(wanted);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no such record was logged');
  }

  /** The per-request lines (`message: "request"`). */
  requests(): Record<string, unknown>[] {
    return this.records().filter((record) => record['message'] === 'request');
  }
}
