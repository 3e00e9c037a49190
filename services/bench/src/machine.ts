/** The context a figure needs to be compared with another run's. */
import os from 'node:os';

export interface Machine {
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
  memoryGiB: number;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    platform: `${os.platform()} ${os.arch()}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}
