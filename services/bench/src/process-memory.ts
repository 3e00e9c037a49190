/** A process's resident set size as Linux reports it (`VmRSS` in /proc/<pid>/status); null elsewhere. */
import fs from 'node:fs';

const VM_RSS = /^VmRSS:\s+(\d+) kB$/m;

export function residentMiB(pid: number): number | null {
  try {
    const kib = VM_RSS.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}
