import type { Kysely } from 'kysely';
import multer from 'multer';
import type { RequestHandler } from 'express';
import { HttpError, badRequest, notFound } from '../http/errors';
import { findMedia, type MediaTables } from './library';
import { coded, type Coded } from '../../shared/errors';

export interface ImageUploadOptions {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** The 413 message shown to the user. */
  tooLargeMessage: Coded;
}

/** Bodies far larger than any allowed upload are refused before they are read at all. */
const HOPELESS_FACTOR = 4;

/**
 * Parses a multipart form: text fields into req.body, at most one file (in memory) into req.file.
 * Other bodies pass through untouched, so the same route accepts JSON too.
 */
export function imageUpload(options: ImageUploadOptions): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 50, fieldSize: 100 * 1024, parts: 60 },
  }).single(options.field);
  return (req, res, next) => {
    if (Number(req.headers['content-length']) > options.maxBytes * HOPELESS_FACTOR) {
      res.setHeader('Connection', 'close');
      return next(new HttpError(413, options.tooLargeMessage));
    }
    parse(req, res, (error: unknown) => next(error ? uploadError(error, options) : undefined));
  };
}

function uploadError(error: unknown, options: ImageUploadOptions): unknown {
  // busboy's complaints about a malformed body ("Unexpected end of form"…) are the client's.
  if (!(error instanceof multer.MulterError))
    return badRequest(coded('request.malformed_form', { detail: (error as Error).message }));
  if (error.code === 'LIMIT_FILE_SIZE') return new HttpError(413, options.tooLargeMessage);
  if (error.code === 'LIMIT_UNEXPECTED_FILE') return badRequest(coded('request.one_image', { field: options.field }));
  return badRequest(coded('request.malformed_form', { detail: error.message }));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers GET /media/:name: names are content hashes, so a browser or CDN may keep them for a year. */
export function mediaHandler(db: Kysely<MediaTables>): RequestHandler {
  return async (req, res) => {
    const name = String(req.params.name);
    const etag = `"${name}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': IMMUTABLE }).end();
      return;
    }
    const file = await findMedia(db, name);
    if (!file) throw notFound(coded('request.image_not_found'));
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.bytes.length,
      ETag: etag,
      'Cache-Control': IMMUTABLE,
    });
    res.end(file.bytes);
  };
}
