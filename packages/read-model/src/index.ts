export * from './document-store';
export * from './sqlite-document-store';
export * from './projections/customer-email-digest';
export * from './projections/projection';
export * from './projections/read-models';
export * from './projector';
