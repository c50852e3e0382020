// The locale area, whole: the server imports it from here; the web imports ./types and ./constants
// (through @shared).
export type * from './types';
export * from './constants';
