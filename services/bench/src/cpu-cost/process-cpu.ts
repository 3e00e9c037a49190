/** A process's CPU time so far, user and system, as Linux reports it in /proc/<pid>/stat. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The kernel's clock ticks a second, the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime and stime are the 14th and 15th fields; the 2nd (the command name) may hold spaces, so count after its `)`. */
export function cpuMicroseconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}
