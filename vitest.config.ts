import { defineConfig } from 'vitest/config';
import { sharedAlias } from './web/shared-alias';

export default defineConfig({
  // The web app's unit tests import src/shared as the app does.
  resolve: { alias: [sharedAlias] },
  test: {
    include: [
      'src/**/*.spec.ts',
      'web/src/**/*.unit.spec.ts',
      'web/*.unit.spec.ts',
      'e2e/**/*.spec.ts',
      'test/**/*.spec.ts',
    ],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
