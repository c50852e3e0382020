import { fileURLToPath } from 'node:url';

/**
 * `@shared/<area>/types` and `@shared/<area>/constants`: the API's types, rules and messages from
 * src/shared, for the web app. Only those two files of each area resolve; the schemas (zod) and the
 * area's index, which re-exports them, stay out of the browser bundle. Used by Vite and by Vitest.
 */
export const sharedAlias = {
  find: /^@shared\/(\w+)\/(types|constants)$/,
  replacement: `${fileURLToPath(new URL('../src/shared', import.meta.url))}/$1/$2.ts`,
};
