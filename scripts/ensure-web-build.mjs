// Builds the web app when web/dist is missing or older than its sources, so `npm start` and
// `npm test` always serve the current web app without rebuilding it every time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { precompress } from './precompress-web.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'web/dist/.source-hash');
const sources = [
  'web/index.html',
  'web/vite.config.ts',
  'web/shared-alias.ts',
  'web/route-manifest.ts',
  'scripts/precompress-web.mjs',
  'web/src',
  'web/public',
  'src/shared',
  'package-lock.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'routeTree.gen.ts') continue;
      yield* files(path.join(entry, name));
    }
  } else yield entry;
}

const hash = createHash('sha256');
for (const source of sources)
  for (const file of files(source)) hash.update(file).update(readFileSync(path.join(root, file)));
const current = hash.digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) process.exit(0);
console.log('Building the web app (web/dist)…');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (result.status !== 0) process.exit(result.status ?? 1);
// As `npm run build`: the brotli and gzip copies the store sends.
await precompress(path.join(root, 'web/dist'));
writeFileSync(stamp, current);
