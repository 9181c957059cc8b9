/**
 * What a photo file is said to be before it is decoded (src/ui/photo-image.ts): its size from its
 * header (a photo too large to decode is named by its size, not taken for a cut-short file), the
 * megapixels to enough places not to round onto the limit, and every EXIF orientation in words.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { headerSize, refusal, sizeRefusal, storedWords } from '../../src/ui/photo-image';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
/** A PNG's signature and IHDR (the header a decoder reads first), with a little of its image data. */
const pngHead = (w: number, h: number) =>
  Uint8Array.from([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...be32(13),
    ...Buffer.from('IHDR'),
    ...be32(w),
    ...be32(h),
    ...[8, 2, 0, 0, 0, 0, 0, 0, 0],
    ...deflateSync(Buffer.alloc(64)),
  ]);
/** A JPEG's start: SOI, an APP0 segment, then a baseline start of frame (SOF0) of w x h. */
const jpegHead = (w: number, h: number) =>
  Uint8Array.from([
    ...[0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, 0, 17, 8, h >> 8, h & 255, w >> 8, w & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  ]);

describe('photo files: size and orientation in words', () => {
  it('a 30000 x 30000 PNG is named by its size, not as cut short', () => {
    const bytes = pngHead(30000, 30000);
    expect(headerSize(bytes)).toEqual({ width: 30000, height: 30000 });
    expect(sizeRefusal('bomb.png', 30000, 30000)).toBe(
      'bomb.png is 30000 x 30000 pixels (900 megapixels); at most 100 megapixels are read (it would take 3600 MB ' +
        'to hold). Load a smaller copy. Nothing was changed.',
    );
    // the decoder's failure alone would have said "probably cut short"
    expect(refusal('bomb.png', bytes, bytes.length)).toMatch(/probably cut short/);
  });

  it('a 10001 x 10000 JPEG is 100.01 megapixels, over the limit of 100 (not "100 megapixels; at most 100")', () => {
    expect(headerSize(jpegHead(10001, 10000))).toEqual({ width: 10001, height: 10000 });
    expect(sizeRefusal('big.jpg', 10001, 10000)).toBe(
      'big.jpg is 10001 x 10000 pixels (100.01 megapixels); at most 100 megapixels are read (it would take 400 MB ' +
        'to hold). Load a smaller copy. Nothing was changed.',
    );
    expect(sizeRefusal('ok.jpg', 10000, 10000)).toBeNull();
  });

  it('WebP headers (lossy, lossless, extended) give their size; no header, no size', () => {
    const riff = (chunk: string, body: number[]) =>
      Uint8Array.from([
        ...Buffer.from('RIFF'),
        0,
        0,
        0,
        0,
        ...Buffer.from('WEBP'),
        ...Buffer.from(chunk),
        ...body,
      ]);
    // VP8X: flags, 3 reserved bytes, then width-1 and height-1 in 24 bits each
    const vp8x = riff('VP8X', [10, 0, 0, 0, 0, 0, 0, 0, 0x3f, 0x9c, 0x00, 0x0f, 0x27, 0x00]);
    expect(headerSize(vp8x)).toEqual({ width: 40000, height: 10000 });
    // VP8L: signature 0x2f, then 14 bits of width-1 and 14 of height-1
    const b = (999 & 0x3fff) | ((499 & 0x3fff) << 14);
    const vp8l = riff('VP8L', [
      0,
      0,
      0,
      0,
      0x2f,
      b & 255,
      (b >> 8) & 255,
      (b >> 16) & 255,
      (b >>> 24) & 255,
      0,
    ]);
    expect(headerSize(vp8l)).toEqual({ width: 1000, height: 500 });
    expect(headerSize(Uint8Array.from(Buffer.from('not an image at all, no header')))).toBeNull();
  });

  it('EXIF orientations 2-8 in words: 5 and 7 are mirrored as well as turned', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(storedWords)).toEqual([
      '',
      'mirrored left to right',
      'upside down',
      'mirrored top to bottom',
      'mirrored and turned a quarter clockwise',
      'turned a quarter clockwise',
      'mirrored and turned a quarter anticlockwise',
      'turned a quarter anticlockwise',
    ]);
  });
});
