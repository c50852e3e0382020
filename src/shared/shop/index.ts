// The shop's legal identity, whole: the server imports it from here; the web imports ./types and ./constants.
export type * from './types';
export * from './constants';
export * from './schemas';
