// Writes a brotli (.br) and a gzip (.gz) copy next to each of the web app's files that compress
// (JavaScript, CSS, SVG, JSON…), at the highest levels: done once per build, so the store sends
// them without compressing anything per request (src/platform/http/web-app.ts, docs/architecture.md#compression).
// index.html is left out: the server writes each page's own head into it and compresses that.
// Run after `vite build` (npm run build, scripts/ensure-web-build.mjs): node scripts/precompress-web.mjs [dir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
/** As src/platform/http/compression.ts: smaller files gain nothing. */
const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* filesIn(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else yield full;
  }
}

/** Compresses every candidate of `dir`; a copy that would not be smaller is not written. */
export async function precompress(dir) {
  const files = [...filesIn(dir)].filter(
    (file) =>
      COMPRESSIBLE.test(file) && path.basename(file) !== 'index.html' && statSync(file).size >= COMPRESS_FROM_BYTES,
  );
  let before = 0;
  let after = 0;
  // libuv's thread pool runs four at a time.
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      if (br.length < body.length) writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      before += body.length;
      after += Math.min(br.length, body.length);
    }),
  );
  return { files: files.length, before, after };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'web/dist'));
  const { files, before, after } = await precompress(dir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `Precompressed ${files} files of ${path.relative(process.cwd(), dir) || '.'}: ${kb(before)} → ${kb(after)} brotli`,
  );
}
