/**
 * A photo file's bytes read before decoding, with no decoder: what kind of file it is, the size its
 * header states, and a JPEG's EXIF orientation. Shared by the app (src/ui/photo-image.ts) and the
 * command line (src/cli/photo-image.ts), which decode it each their own way.
 */

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
