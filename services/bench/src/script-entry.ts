/**
 * How the bench's own commands start (`bench:cpu`, `bench:projections`): bad arguments exit 2 with their
 * message, a failed run exits 1 with its own, each line named for the command.
 */
export function runScript<Arguments>(name: string, argumentsFrom: (argv: string[]) => Arguments, run: (parsed: Arguments) => Promise<void>): void {
  const failed = (error: unknown, exitCode: number) => {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = exitCode;
  };
  let parsed: Arguments;
  try {
    parsed = argumentsFrom(process.argv.slice(2));
  } catch (error: unknown) {
    failed(error, 2);
    return;
  }
  run(parsed).catch((error: unknown) => failed(error, 1));
}
