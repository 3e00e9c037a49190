/**
 * Who holds a lease: `host/pid/nonce`. A holder on this host whose process is gone is stale at once, so
 * a restart after `kill -9` does not wait for the lease to run out; holders on other hosts, and other
 * holders in this very process, are waited out.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';

export function newLeaseHolder(): string {
  return `${os.hostname()}/${process.pid}/${randomUUID()}`;
}

export function isStaleLeaseHolder(holder: string): boolean {
  const [host, pidText, nonce] = holder.split('/');
  if (host !== os.hostname() || pidText === undefined || nonce === undefined) return false;
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  return !processIsAlive(pid);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
