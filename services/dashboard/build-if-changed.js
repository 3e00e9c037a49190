// Builds the dashboard only when a file it is built from is newer than its last build: `npm start` runs this,
// so a second start skips the type-check and the bundling (the API's own `tsc -b` skips what is up to date).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** What the bundle is made of: its sources and settings, and the packages' sources it compiles in. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', '../../packages/contracts/src', '../../packages/domain/src', '../../package-lock.json'];
const BUILT = path.join(here, 'dist', 'index.html');

/** The newest modification time under `entry`, 0 where it does not exist. */
function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = newest(BUILT);
const changedAt = Math.max(...INPUTS.map((input) => newest(path.join(here, input))));
if (builtAt > changedAt) {
  process.stdout.write('dashboard: up to date, not rebuilt\n');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: here, stdio: 'inherit' });
}
