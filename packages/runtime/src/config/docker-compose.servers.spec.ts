/**
 * docker-compose.yml runs every process with this configuration, but no Docker engine runs where the tests
 * do: infra/compose-check/check.sh validates the file without one (compose-go, the loader docker compose
 * uses, plus checks against config.ts and the service mains). It is built with Go on first use, so this
 * suite lives with the suites that need Go-built tools; where Go is missing it is skipped, by name, as
 * the test servers' suites are (packages/testkit/src/test-servers.ts), unless PASSES_REQUIRE_SERVERS=true.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';

const REPO = path.resolve(__dirname, '../../../..');
const CHECK = path.join(REPO, 'infra/compose-check/check.sh');
/** The first run builds the checker (about a minute on 2 cores, more with a cold module cache). */
const FIRST_BUILD_TIMEOUT_MS = 10 * 60_000;

const goMissing = spawnSync('go', ['version']).error !== undefined && process.env['PASSES_REQUIRE_SERVERS'] !== 'true';
const describeWithGo = goMissing ? describe.skip : describe;
const title = `docker-compose.yml, checked without a Docker engine${goMissing ? ' (skipped: Go missing; check.sh builds its checker with Go)' : ''}`;

function check(...flags: string[]) {
  const run = spawnSync(CHECK, flags, { encoding: 'utf8', timeout: FIRST_BUILD_TIMEOUT_MS });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

describeWithGo(title, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'passes-compose-check-'));

  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it(
    'loads with schema validation and interpolation, and matches the commands and the configuration',
    () => {
      const { status, stdout, stderr } = check();
      expect({ status, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, stderr: '' });
      expect(stdout.split('\n')).toHaveLength(1);
      expect(stdout).toMatch(/^compose-check: docker-compose\.yml OK: \d+ services \(6 of ours: api-1, api-2, dispatcher-1, dispatcher-2, projector, relay\)/);
    },
    FIRST_BUILD_TIMEOUT_MS,
  );

  it('reports a variable the configuration does not read and an API listening on loopback only', () => {
    // A copy of the repository's layout with a broken compose file, so the checker's own findings are tested.
    for (const entry of ['packages', 'services', 'infra']) fs.symlinkSync(path.join(REPO, entry), path.join(scratch, entry));
    const compose = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
    const broken = compose.replace('PASSES_MONGODB_DATABASE: passes', 'PASSES_MONGO_DATABASE: passes').replace(/^( +)HOST: 0\.0\.0\.0\n/m, '');
    expect(broken).not.toBe(compose);
    fs.writeFileSync(path.join(scratch, 'docker-compose.yml'), broken);

    const { status, stdout, stderr } = check('-root', scratch);
    expect(status).toBe(1);
    expect(stderr).toContain('service api-1: sets PASSES_MONGO_DATABASE, which packages/runtime/src/config does not read');
    expect(stderr).toContain('service api-1: publishes ports but HOST is "", not 0.0.0.0');
    expect(stdout).toMatch(/^compose-check: docker-compose\.yml: \d+ problem\(s\)/);
  }, FIRST_BUILD_TIMEOUT_MS);
});
