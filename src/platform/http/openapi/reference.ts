import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';
import { CachedJson } from '../cached-json';
import type { OpenApiDocument } from './document';

// GET /api/openapi.json and the interactive reference at /api/docs. The reference is Swagger UI's
// prebuilt bundle (the swagger-ui-dist package), served from node_modules by the store itself with
// our own page and start script: it works with no internet access and adds nothing to the web
// app's bundle. Both are public: the document says what the API takes, never any data.

const PAGE_DIR = fileURLToPath(new URL('./page', import.meta.url));
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** What the page loads from the package; its other files (a demo page pointing at the petstore…) stay unserved. */
const SWAGGER_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css', '/favicon-32x32.png']);
const ASSETS = '/api/docs/assets';

export function apiReferenceRoutes(document: OpenApiDocument): Router {
  // Serialised once: the document is the same for the life of the process.
  const json = new CachedJson(document);
  const page = readFileSync(path.join(PAGE_DIR, 'index.html'));
  const router = Router();
  router.get('/api/openapi.json', (req, res) => json.send(req, res));
  router.get('/api/docs', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(page);
  });
  router.use(ASSETS, express.static(PAGE_DIR, { index: false, maxAge: '1h' }));
  router.use(ASSETS, onlyFiles(SWAGGER_FILES), express.static(SWAGGER_DIR, { index: false, maxAge: '1d' }));
  return router;
}

const onlyFiles =
  (files: Set<string>): RequestHandler =>
  (req, _res, next) =>
    files.has(req.path) ? next() : next('router');
