/**
 * The photo itself: read from a file (JPEG, PNG, WebP; upright as the camera recorded it), told
 * apart from what is no photo, and kept on this device only (IndexedDB, by the digest of its
 * bytes), never in a link. The table file names it by that digest (`photo.imageId`).
 */
import { openDB } from 'idb';
import { exifOrientation, headerSize, sniff } from '../photo/image-bytes';

export { exifOrientation, headerSize, sniff };

/** Photos larger than this are refused (a 100-megapixel photo takes 400 MB to decode). */
export const MAX_MEGAPIXELS = 100;
/** The longest side the photo is drawn at (marking reads the full resolution in the loupe). */
export const DISPLAY_SIDE = 4096;

export interface LoadedPhoto {
  /** the first 16 hex digits of the SHA-256 of the file's bytes */
  id: string;
  /** full resolution, upright */
  full: ImageBitmap;
  /** at most DISPLAY_SIDE on its longer side */
  display: ImageBitmap;
  width: number;
  height: number;
  /** what was done to it, in words (turned upright, drawn downscaled), or '' */
  note: string;
}

/** A photo's size as said to the player: both sides, and megapixels to enough places not to round onto the limit. */
function sizeWords(width: number, height: number): string {
  const mp = (width * height) / 1e6;
  const places = mp > MAX_MEGAPIXELS && Number(mp.toFixed(0)) <= MAX_MEGAPIXELS ? 2 : 0;
  return `${width} x ${height} pixels (${mp.toFixed(places)} megapixels)`;
}

/** The refusal of a photo over MAX_MEGAPIXELS, or null when it is within. */
export function sizeRefusal(name: string, width: number, height: number): string | null {
  const mp = (width * height) / 1e6;
  if (mp <= MAX_MEGAPIXELS) return null;
  return (
    `${name} is ${sizeWords(width, height)}; at most ${MAX_MEGAPIXELS} megapixels are read (it would take ` +
    `${Math.round(mp * 4)} MB to hold). Load a smaller copy. Nothing was changed.`
  );
}

/** How a JPEG was stored, by its EXIF orientation (2-8), in words; '' for 1 (upright) or a value EXIF has not. */
export function storedWords(o: number): string {
  return (
    {
      2: 'mirrored left to right',
      3: 'upside down',
      4: 'mirrored top to bottom',
      5: 'mirrored and turned a quarter clockwise',
      6: 'turned a quarter clockwise',
      7: 'mirrored and turned a quarter anticlockwise',
      8: 'turned a quarter anticlockwise',
    }[o] ?? ''
  );
}

const KIND_WORDS = {
  jpeg: 'a JPEG',
  png: 'a PNG',
  webp: 'a WebP image',
  gif: 'a GIF',
  heic: 'a HEIC/HEIF photo',
  pdf: 'a PDF document',
  unknown: 'not an image',
} as const;

/** Why a file cannot be used as the photo, in a sentence that says what it is and what to do. */
export function refusal(name: string, bytes: Uint8Array, size: number): string {
  const kind = sniff(bytes);
  if (size === 0) return `${name} is empty (0 bytes): choose the photo again.`;
  if (kind === 'heic')
    return (
      `${name} is a HEIC/HEIF photo, which this browser cannot read: set the camera to "Most Compatible" ` +
      `(JPEG), or share the photo as JPEG, and load that. Nothing was changed.`
    );
  if (kind === 'pdf')
    return `${name} is a PDF document, not a photo: load the photo itself (JPEG, PNG or WebP). Nothing was changed.`;
  if (kind === 'unknown')
    return `${name} is not an image this app reads (JPEG, PNG or WebP). Nothing was changed.`;
  return (
    `${name} is ${KIND_WORDS[kind]} that cannot be decoded: it is probably cut short (an incomplete copy or ` +
    `download). Copy it again and load the whole file. Nothing was changed.`
  );
}

async function digest(bytes: Uint8Array): Promise<string> {
  const h = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(h.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Decode a photo (the blob as stored) upright; throws an Error whose message is the sentence to show. */
export async function decodePhoto(blob: Blob, name: string): Promise<LoadedPhoto> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const stated = headerSize(bytes);
  const tooLarge = stated && sizeRefusal(name, stated.width, stated.height);
  if (tooLarge) throw new Error(tooLarge);
  let full: ImageBitmap;
  try {
    full = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(refusal(name, bytes, blob.size));
  }
  const mp = (full.width * full.height) / 1e6;
  const over = sizeRefusal(name, full.width, full.height);
  if (over) {
    full.close();
    throw new Error(over);
  }
  const notes: string[] = [];
  const o = exifOrientation(bytes.subarray(0, 256 * 1024));
  if (storedWords(o))
    notes.push(`turned upright as the camera recorded it (stored ${storedWords(o)}, EXIF orientation ${o})`);
  let display = full;
  const side = Math.max(full.width, full.height);
  if (side > DISPLAY_SIDE) {
    const k = DISPLAY_SIDE / side;
    display = await createImageBitmap(full, {
      resizeWidth: Math.round(full.width * k),
      resizeHeight: Math.round(full.height * k),
      resizeQuality: 'high',
    });
    notes.push(
      `${mp.toFixed(1)} megapixels: drawn at ${display.width} x ${display.height}, marked at full resolution in the ` +
        `loupe`,
    );
  }
  return {
    id: await digest(bytes),
    full,
    display,
    width: full.width,
    height: full.height,
    note: notes.join('; '),
  };
}

const db = () => openDB('armada-photos', 1, { upgrade: (d) => d.createObjectStore('photos') });

/** Keep the photo's bytes on this device under its id. */
export async function keepPhoto(id: string, blob: Blob, name: string): Promise<void> {
  await (await db()).put('photos', { blob, name, kept: Date.now() }, id);
}

/** The photo kept under this id, or null. */
export async function keptPhoto(id: string): Promise<{ blob: Blob; name: string } | null> {
  try {
    return ((await (await db()).get('photos', id)) as { blob: Blob; name: string } | undefined) ?? null;
  } catch {
    return null;
  }
}
