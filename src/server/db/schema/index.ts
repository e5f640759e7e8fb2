export * from './auth';
export * from './clinic';
