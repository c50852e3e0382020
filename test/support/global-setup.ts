import type { TestProject } from 'vitest/node';
import { findPostgres, findRedis } from './services';

// Finds the real PostgreSQL and Redis the integration tests use, once per run, and hands their
// URLs to every test file. Each file then makes its own fresh database (see ./database.ts).
export default async function setup(project: TestProject) {
  const postgres = await findPostgres();
  const redis = await findRedis();
  project.provide('pgAdminUrl', postgres.adminUrl);
  project.provide('redisUrl', redis.url ?? '');
  project.provide('redisProblem', redis.problem ?? '');
  return async () => {
    await postgres.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    redisUrl: string;
    redisProblem: string;
  }
}
