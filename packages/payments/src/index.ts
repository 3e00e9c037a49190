export * from './payment-gateway';
export * from './stripe-gateway';
