/**
 * `passes backup <directory>` and `passes restore <directory>`: the embedded profile's data directory, file by
 * file, with no store open (a restore replaces the files the stores would hold open).
 */
import { backUpDataDirectory, DataDirectoryRefusal, restoreDataDirectory, type Config } from '@passes/runtime';
import type { Output } from './cli-context';

export function backup(config: Config, target: string, output: Output): void {
  const written = backUpDataDirectory(embeddedDataDir(config), target);
  output.out(`Backed up ${written.join(', ')} into ${target}`);
}

export function restore(config: Config, source: string, output: Output): void {
  const restored = restoreDataDirectory(embeddedDataDir(config), source);
  output.out(`Restored ${restored.join(', ')} into ${config.dataDir}; the server builds the read models again from the restored events when it starts.`);
}

function embeddedDataDir(config: Config): string {
  if (config.profile !== 'embedded') throw new DataDirectoryRefusal("backup and restore are the embedded profile's: back up EventStoreDB and MongoDB with their own tools (operations.md)");
  return config.dataDir;
}
