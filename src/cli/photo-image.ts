/**
 * The photo a table file names (`photo.image`) read for the command line: a JPEG (jpeg-js) or PNG
 * (fast-png) decoded to grey levels (Rec. 601 luma, as the app's snap worker takes them), upright as
 * the camera recorded it (a JPEG's EXIF orientation applied, as the browser does). Anything that stops
 * it (no such file, not a JPEG or PNG, too large, cut short) is an ImageProblem whose message names
 * the file and says what to do; the caller goes on with the marks as tapped.
 */
import { readFileSync, statSync } from 'node:fs';
import { convertIndexedToRgb, decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { exifOrientation, headerSize, sniff } from '../photo/image-bytes';
import type { GreyImage } from '../photo/snap';

/** The most pixels read (a 48-megapixel phone photo is within; decoding holds 4 bytes a pixel, then 4 more). */
export const MAX_IMAGE_MEGAPIXELS = 50;
/** The largest photo file read, bytes. */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

export class ImageProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageProblem';
  }
}

/** Rec. 601 luma of interleaved samples (`channels` a pixel, grey first or R, G, B), scaled to 0-255. */
function luma(data: ArrayLike<number>, channels: number, n: number, top: number): Float32Array {
  const out = new Float32Array(n);
  const k = 255 / top;
  for (let p = 0; p < n; p++) {
    const i = p * channels;
    out[p] = channels >= 3 ? k * (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) : k * data[i];
  }
  return out;
}

/**
 * The grey image turned upright by EXIF orientation `o` (2-8: mirrored and/or turned; 1 as stored): the
 * upright pixel (x, y) is the stored pixel this maps it to.
 */
export function upright(
  img: GreyImage & { data: Float32Array },
  o: number,
): GreyImage & { data: Float32Array } {
  if (!(o >= 2 && o <= 8)) return img;
  const W = img.width,
    H = img.height;
  const turned = o >= 5;
  const w = turned ? H : W,
    h = turned ? W : H;
  const from: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * W + (W - 1 - x),
    3: (x: number, y: number) => (H - 1 - y) * W + (W - 1 - x),
    4: (x: number, y: number) => (H - 1 - y) * W + x,
    5: (x: number, y: number) => x * W + y,
    6: (x: number, y: number) => (H - 1 - x) * W + y,
    7: (x: number, y: number) => (H - 1 - x) * W + (W - 1 - y),
    8: (x: number, y: number) => x * W + (W - 1 - y),
  }[o as 2 | 3 | 4 | 5 | 6 | 7 | 8];
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = img.data[from(x, y)];
  return { data, width: w, height: h };
}

function decodeJpeg(bytes: Uint8Array, name: string): GreyImage & { data: Float32Array } {
  let raw: { width: number; height: number; data: Uint8Array };
  try {
    raw = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_IMAGE_MEGAPIXELS,
      maxMemoryUsageInMB: 1024,
    });
  } catch (e) {
    throw new ImageProblem(
      `${name} is a JPEG that cannot be decoded (${(e as Error).message}): it is probably cut short; copy it again`,
    );
  }
  const n = raw.width * raw.height;
  const channels = raw.data.length / n;
  const grey = { data: luma(raw.data, channels, n, 255), width: raw.width, height: raw.height };
  return upright(grey, exifOrientation(bytes.subarray(0, 256 * 1024)));
}

function decodePngGrey(bytes: Uint8Array, name: string): GreyImage & { data: Float32Array } {
  let png: ReturnType<typeof decodePng>;
  try {
    png = decodePng(bytes);
  } catch (e) {
    throw new ImageProblem(
      `${name} is a PNG that cannot be decoded (${(e as Error).message}): it is probably cut short; copy it again`,
    );
  }
  const n = png.width * png.height;
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    return { data: luma(rgb, rgb.length / n, n, 255), width: png.width, height: png.height };
  }
  if (png.depth !== 8 && png.depth !== 16)
    throw new ImageProblem(
      `${name} is a PNG of ${png.depth} bits a sample; save it with 8 or 16 and try again`,
    );
  return {
    data: luma(png.data, png.channels, n, png.depth === 16 ? 65535 : 255),
    width: png.width,
    height: png.height,
  };
}

/** The photo at `file` (named `name` in messages) as upright grey levels, or an ImageProblem. */
export function readPhotoGrey(file: string, name: string): GreyImage & { data: Float32Array } {
  let bytes: Uint8Array;
  try {
    const size = statSync(file).size;
    if (size > MAX_IMAGE_BYTES)
      throw new ImageProblem(
        `${name} is ${(size / 1024 / 1024).toFixed(0)} MB; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB is read: ` +
          `give a smaller copy`,
      );
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof ImageProblem) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new ImageProblem(
      code === 'ENOENT'
        ? `${name}: no such file (the path is taken relative to the table file)`
        : `${name}: cannot read the file (${code ?? (e as Error).message})`,
    );
  }
  const kind = sniff(bytes);
  if (kind !== 'jpeg' && kind !== 'png') {
    const what = !bytes.length
      ? 'empty'
      : kind === 'unknown'
        ? 'not an image'
        : `a ${kind.toUpperCase()} file`;
    throw new ImageProblem(`${name} is ${what}; the command line reads JPEG and PNG photos`);
  }
  const stated = headerSize(bytes);
  if (stated && (stated.width * stated.height) / 1e6 > MAX_IMAGE_MEGAPIXELS)
    throw new ImageProblem(
      `${name} is ${stated.width} x ${stated.height} pixels (${((stated.width * stated.height) / 1e6).toFixed(0)} ` +
        `megapixels); at most ${MAX_IMAGE_MEGAPIXELS} are read: give a smaller copy, and marks made on it`,
    );
  return kind === 'jpeg' ? decodeJpeg(bytes, name) : decodePngGrey(bytes, name);
}
