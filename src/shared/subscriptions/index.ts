// The subscriptions area, whole: the server imports it from here; the web imports ./types and
// ./constants (through @shared), which stay free of zod.
export type * from './types';
export * from './constants';
export * from './schemas';
