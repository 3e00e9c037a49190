/** Stops what start-servers.js started and removes its state. */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function stopServers() {
  const stateDir = process.env.PASSES_TEST_SERVERS_DIR;
  if (!stateDir) return;
  execFileSync(path.join(__dirname, '..', 'servers.sh'), ['stop', stateDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  fs.rmSync(stateDir, { recursive: true, force: true });
};
