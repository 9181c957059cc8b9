/**
 * The photo itself: read from a file (JPEG, PNG, WebP; upright as the camera recorded it), told
 * apart from what is no photo, and kept on this device only (IndexedDB, by the digest of its
 * bytes), never in a link. The table file names it by that digest (`photo.imageId`).
 */
import { openDB } from 'idb';

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

/** What a file is by its first bytes, when it is not something the browser decodes. */
export function sniff(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'pdf' | 'unknown' {
  const s = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, b));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x89 && s(1, 4) === 'PNG') return 'png';
  if (s(0, 4) === 'RIFF' && s(8, 12) === 'WEBP') return 'webp';
  if (s(0, 3) === 'GIF') return 'gif';
  if (s(0, 5) === '%PDF-') return 'pdf';
  if (s(4, 8) === 'ftyp' && /^(heic|heix|hevc|heim|heis|mif1|msf1|avif)$/.test(s(8, 12))) return 'heic';
  return 'unknown';
}

/** A JPEG's EXIF orientation (1 upright; 6 and 8 turned a quarter; 3 upside down), 1 when absent. */
export function exifOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return 1;
    const marker = bytes[i + 1],
      len = dv.getUint16(i + 2);
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(i + 4, i + 8)) === 'Exif') {
      const t = i + 10;
      if (t + 8 > bytes.length) return 1;
      const le = bytes[t] === 0x49;
      const ifd = t + dv.getUint32(t + 4, le);
      if (ifd + 2 > bytes.length) return 1;
      const n = dv.getUint16(ifd, le);
      for (let k = 0; k < n; k++) {
        const e = ifd + 2 + 12 * k;
        if (e + 12 > bytes.length) return 1;
        if (dv.getUint16(e, le) === 0x0112) return dv.getUint16(e + 8, le);
      }
      return 1;
    }
    if (marker === 0xda) return 1; // image data begins: no EXIF before it
    i += 2 + len;
  }
  return 1;
}

/**
 * The pixel size a JPEG, PNG or WebP file's header states, or null when it states none that can be
 * read (the photo is then left to the decoder). Read before decoding, so a photo too large to decode
 * is named by its size, not taken for a broken file.
 */
export function headerSize(bytes: Uint8Array): { width: number; height: number } | null {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = sniff(bytes);
  if (kind === 'png' && bytes.length >= 24) return { width: dv.getUint32(16), height: dv.getUint32(20) };
  if (kind === 'webp' && bytes.length >= 25) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    if (chunk === 'VP8X' && bytes.length >= 30) return { width: 1 + u24(24), height: 1 + u24(27) };
    if (chunk === 'VP8L') {
      const b = dv.getUint32(21, true);
      return { width: 1 + (b & 0x3fff), height: 1 + ((b >>> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ' && bytes.length >= 30)
      return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
    return null;
  }
  if (kind !== 'jpeg') return null;
  for (let i = 2; i + 9 <= bytes.length; ) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // a start of frame (SOF0-SOF15 but DHT, JPG and DAC): height, then width
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: dv.getUint16(i + 7), height: dv.getUint16(i + 5) };
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + dv.getUint16(i + 2);
  }
  return null;
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
