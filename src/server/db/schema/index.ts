export * from './auth';
export * from './clinic';
export * from './doctors';
export * from './patients';
export * from './appointments';
export * from './audit';
export * from './rate-limits';
export * from './outbox';
