import { createHash } from 'node:crypto';
import sharp from 'sharp';

// Turns an upload into the renditions the pages need. The format is judged by the bytes, never by
// the file name or the declared type: the signature first (cheap), then a full decode by sharp.

export interface Rendition {
  /** Part of the stored file name: `<content hash>-<name>.webp`. */
  name: string;
  /** The largest width; smaller images are not enlarged. */
  width: number;
}

export interface MediaFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface PreparedImage {
  /** Rendition name → public path with a leading slash (e.g. /media/ab12…-card.webp). */
  paths: Record<string, string>;
  /** Rendition name → the width it was rendered at: less than asked when the upload is narrower. */
  widths: Record<string, number>;
  files: MediaFile[];
}

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** The bytes are not a JPEG, PNG or WebP image that can be decoded. */
export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError';
}

/** A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export function sniffFormat(bytes: Buffer): (typeof ACCEPTED_FORMATS)[number] | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Checks the bytes and renders each rendition as WebP. File names come from a hash of the upload,
 * so the same picture uploaded twice is stored once and a name always means the same bytes.
 */
export async function prepareImage(bytes: Buffer, renditions: readonly Rendition[]): Promise<PreparedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new UnsupportedImageError('not a JPEG, PNG or WebP file');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await source.metadata();
    if (metadata.format !== format)
      throw new UnsupportedImageError(`declares ${format} but decodes as ${metadata.format}`);
    const rendered = await Promise.all(
      renditions.map((rendition) =>
        source
          .clone()
          // Phones store the orientation in EXIF; apply it, since the output carries no metadata.
          .rotate()
          .resize({ width: rendition.width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    const files = renditions.map((rendition, i) => ({
      name: `${hash}-${rendition.name}.webp`,
      contentType: 'image/webp',
      bytes: rendered[i]!.data,
    }));
    const paths = Object.fromEntries(renditions.map((r, i) => [r.name, `/media/${files[i]!.name}`]));
    const widths = Object.fromEntries(renditions.map((r, i) => [r.name, rendered[i]!.info.width]));
    return { paths, widths, files };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw error;
    throw new UnsupportedImageError(`cannot be decoded: ${(error as Error).message}`);
  }
}
