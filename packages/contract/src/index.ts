export * from './errors';
export * from './health';
export * from './paths';
export * from './envelope';
export * from './auth';
export { LOGIN_TOKEN_STORAGE_KEY } from './storage';
export * from './wallet';
export * from './text';
export * from './events';
