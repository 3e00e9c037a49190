export * from './fresh-for-each-test';
