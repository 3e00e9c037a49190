export * from './fresh-for-each-test';
export * from './test-servers';
export * from './wallet-credentials';
export * from './pkpass-files';
export * from './mongo-test-databases';
