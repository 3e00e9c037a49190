/**
 * The operator's commands (DESIGN §6). They work on the same stores as the server, also while it runs:
 * writes go through the event store, and a command returns once the server's projector has them.
 */
import { parseArgs } from 'node:util';
import { DomainError } from '@passes/domain';
import { ConfigError, DataDirectoryRefusal, ServerUnreachable, type Config } from '@passes/runtime';
import { auditVerify } from './commands/audit-verify';
import { type CliContext, type Output, Refused, UsageError } from './commands/cli-context';
import { backup, restore } from './commands/data-directory';
import { history } from './commands/history';
import { projectionsRebuild, RebuildRefused } from './commands/projections-rebuild';
import { projectionsStatus } from './commands/projections-status';
import { setPlan } from './commands/set-plan';
import { workList, workRetry, workStatus } from './commands/work';

export const USAGE = `Usage:
  passes history <business_id> <pass> [--as-of <instant>]  every event of a pass (id, serial_number or external_id),
                                                           or the pass as it was at an ISO 8601 instant
  passes admin set-plan <business_id> <free|pro>           change a business's plan
  passes projections status [--json]                       each projection's generation, checkpoint and lag
  passes projections rebuild [name…]                       rebuild projections (all when none is named) without downtime
  passes audit verify [--business <id>]                    fold every read model afresh from the events and compare with the live one
  passes work status [--json]                              each kind of background work: pending items and lag
  passes work list <kind> [--status <s>] [--group <g>] [--limit <n>] [--json]
                                                           a kind's items, newest first (e.g. webhook.delivery --status dead)
  passes work retry <id>                                   make a dead item due again now (a dead delivery, say)
  passes backup <directory>                                copy what the events cannot rebuild into a new directory,
                                                           also while the server runs (embedded profile)
  passes restore <directory>                               put such a copy in place, the server stopped (embedded profile)

Environment: the server's (PASSES_PROFILE, PASSES_DATA_DIR, PASSES_MONGODB_URL, …).`;

/** Whether `args` ask for the usage (`passes help`, `--help` or `-h` anywhere): printed to stdout, nothing opened. */
export function isHelp(args: readonly string[]): boolean {
  return args[0] === 'help' || args.some((arg) => arg === '--help' || arg === '-h');
}

/** Whether `args` ask for a command on the data directory's files, run with no store open (runFileCommand). */
export function isFileCommand(args: readonly string[]): boolean {
  return args[0] === 'backup' || args[0] === 'restore';
}

export function runFileCommand(args: readonly string[], config: Config, output: Output): void {
  const { positionals } = parse(args);
  const [command, directory, ...rest] = positionals;
  if (directory === undefined || rest.length > 0) throw new UsageError(USAGE);
  if (command === 'backup') backup(config, directory, output);
  else restore(config, directory, output);
}

export async function runCli(args: readonly string[], context: CliContext): Promise<void> {
  const { positionals, values } = parse(args);
  const [command, subcommand, ...rest] = positionals;
  const usage = () => new UsageError(USAGE);
  switch (`${command ?? ''} ${subcommand ?? ''}`.trim()) {
    case 'history':
      throw usage();
    case 'admin set-plan':
      if (rest.length !== 2) throw usage();
      return setPlan(context, rest[0] ?? '', rest[1] ?? '');
    case 'projections status':
      if (rest.length > 0) throw usage();
      return projectionsStatus(context, values.json === true);
    case 'projections rebuild':
      return projectionsRebuild(context, rest);
    case 'audit verify':
      if (rest.length > 0) throw usage();
      return auditVerify(context, values.business);
    case 'work status':
      if (rest.length > 0) throw usage();
      return workStatus(context, values.json === true);
    case 'work list':
      if (rest.length !== 1) throw usage();
      return workList(context, rest[0] ?? '', { status: values.status, group: values.group, limit: values.limit, json: values.json === true });
    case 'work retry':
      if (rest.length !== 1) throw usage();
      return workRetry(context, rest[0] ?? '');
    default:
      if (command === 'history' && subcommand !== undefined && rest.length === 1) return history(context, subcommand, rest[0] ?? '', values['as-of']);
      throw usage();
  }
}

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        business: { type: 'string' },
        'as-of': { type: 'string' },
        status: { type: 'string' },
        group: { type: 'string' },
        limit: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${parseFailure(error)}\n\n${USAGE}`);
  }
}

/** What parseArgs refused, without its hint about '--', which is about positionals no command here takes. */
function parseFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  return unknown ? (/^Unknown option '[^']*'\./.exec(message)?.[0] ?? message) : message;
}

export function describeFailure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError) return { message: error.message, exitCode: 2 };
  // The environment or a store file, not the invocation: as the server, which exits 1 for them.
  if (error instanceof ConfigError || error instanceof Refused || error instanceof RebuildRefused || error instanceof DataDirectoryRefusal || error instanceof ServerUnreachable) return { message: error.message, exitCode: 1 };
  if (error instanceof DomainError) return { message: `${error.code}: ${error.message}`, exitCode: 1 };
  return { message: String(error instanceof Error ? error.stack : error), exitCode: 1 };
}
