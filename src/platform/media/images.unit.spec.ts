import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UnsupportedImageError, prepareImage, sniffFormat } from './images';

const RENDITIONS = [
  { name: 'full', width: 1280 },
  { name: 'card', width: 480 },
];

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('image uploads', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts %s by its bytes and renders WebP renditions no wider than asked',
    async (format) => {
      const prepared = await prepareImage(await picture(format), RENDITIONS);
      expect(Object.keys(prepared.paths)).toEqual(['full', 'card']);
      expect(prepared.paths.full).toMatch(/^\/media\/[0-9a-f]{32}-full\.webp$/);
      expect(prepared.widths).toEqual({ full: 1280, card: 480 });
      for (const [file, width] of prepared.files.map((f, i) => [f, [1280, 480][i]] as const)) {
        const meta = await sharp(file.bytes).metadata();
        expect({ format: meta.format, width: meta.width, type: file.contentType }).toEqual({
          format: 'webp',
          width,
          type: 'image/webp',
        });
      }
    },
  );

  it('never enlarges a small picture and names renditions after the content', async () => {
    const small = await picture('png', 300, 200);
    const first = await prepareImage(small, RENDITIONS);
    expect((await sharp(first.files[0]!.bytes).metadata()).width).toBe(300);
    // The widths say what was rendered, so a srcset built from them stays true.
    expect(first.widths).toEqual({ full: 300, card: 300 });
    expect((await prepareImage(small, RENDITIONS)).paths).toEqual(first.paths);
    expect((await prepareImage(await picture('png', 301, 200), RENDITIONS)).paths).not.toEqual(first.paths);
  });

  it('refuses other formats, text named like an image, and truncated images', async () => {
    const png = await picture('png');
    const rejected = [
      await picture('gif'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('this is not a picture.jpg'),
      png.subarray(0, 200),
      Buffer.alloc(0),
    ];
    for (const bytes of rejected)
      await expect(prepareImage(bytes, RENDITIONS)).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('tells the three formats by their signatures', async () => {
    expect(sniffFormat(await picture('jpeg'))).toBe('jpeg');
    expect(sniffFormat(await picture('png'))).toBe('png');
    expect(sniffFormat(await picture('webp'))).toBe('webp');
    expect(sniffFormat(await picture('gif'))).toBeUndefined();
  });
});
