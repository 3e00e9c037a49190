/**
 * Jest runs TypeScript sources directly through swc; `npm run typecheck` checks the types. Two projects:
 * everything that needs no server, and the suites that run against real servers the run starts itself
 * (`*.servers.spec.ts`: a Kafka broker and a MongoDB-wire server, infra/servers.sh). The second project's
 * setup runs only when one of its suites is selected.
 */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: ['/node_modules/(?!(uuid|jose)/)'],
  moduleNameMapper: {
    '^@passes/(api|cli|bench|projector|relay|webhook-dispatcher)$': '<rootDir>/services/$1/src',
    '^@passes/([a-z-]+)$': '<rootDir>/packages/$1/src',
    '^@passes/([a-z-]+)/distributed$': '<rootDir>/packages/$1/src/distributed',
    // A dynamic import names the compiled file ('./x.js'), as Node's ESM resolution wants; Jest runs the source.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

module.exports = {
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: 'local', testMatch: ['**/src/**/*.spec.ts'], testPathIgnorePatterns: ['/node_modules/', '\\.servers\\.spec\\.ts$'] },
    {
      ...shared,
      displayName: 'servers',
      testMatch: ['**/src/**/*.servers.spec.ts'],
      globalSetup: '<rootDir>/infra/jest/start-servers.js',
      globalTeardown: '<rootDir>/infra/jest/stop-servers.js',
    },
  ],
};
