export * from './api-operation';
export * from './api-operations';
export * from './openapi-document';
export * from './refusals';
