import { hostname } from 'node:os';

/**
 * This process as operators see it (host:pid): named on the connection that holds its projections'
 * locks and on the rebuilds it runs, so a status says which instance does what.
 */
export const INSTANCE_NAME = `${hostname()}:${process.pid}`;
