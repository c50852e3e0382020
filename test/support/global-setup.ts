import type { TestProject } from 'vitest/node';
import { dropRunDatabases, findPostgres, findRedis } from './services';

// Finds the real PostgreSQL and Redis the integration tests use, once per run, and hands their
// URLs to every test file. Each file then makes its own fresh database (see ./database.ts).
export default async function setup(project: TestProject) {
  const postgres = await findPostgres();
  const redis = await findRedis();
  // Every database this run makes starts with its id, so teardown can drop what a test left behind.
  const runId = `t_${Date.now().toString(36)}`;
  project.provide('testRunId', runId);
  project.provide('pgAdminUrl', postgres.adminUrl);
  project.provide('redisUrl', redis.url ?? '');
  project.provide('redisProblem', redis.problem ?? '');
  return async () => {
    await dropRunDatabases(postgres.adminUrl, runId);
    await postgres.stop();
    await redis.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    testRunId: string;
    redisUrl: string;
    redisProblem: string;
  }
}
