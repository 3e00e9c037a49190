/** Jest runs TypeScript sources directly through swc; `npm run typecheck` checks the types. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services'],
  testMatch: ['**/src/**/*.spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: ['/node_modules/(?!(uuid|jose)/)'],
  moduleNameMapper: {
    '^@passes/(api|cli|bench)$': '<rootDir>/services/$1/src',
    '^@passes/([a-z-]+)$': '<rootDir>/packages/$1/src',
  },
  testTimeout: 30000,
};
