import { deflateSync, Inflate } from 'fflate';
import { parseTableText, type Table } from '../model/table';

/** base64url (RFC 4648 section 5, no padding) of UTF-8 text. */
export function toBase64Url(text: string): string {
  return bytesToBase64Url(new TextEncoder().encode(text));
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decode base64url text to UTF-8; throws an Error saying what is wrong. */
export function fromBase64Url(code: string): string {
  const bytes = base64UrlToBytes(code);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the link does not decode to UTF-8 text');
  }
}

function base64UrlToBytes(code: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(code)) {
    const bad = code.match(/[^A-Za-z0-9_=-]/)?.[0] ?? '=';
    throw new Error(`the link is not base64url: it contains ${JSON.stringify(bad)}`);
  }
  const b64 = code.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 === 1)
    throw new Error('the link is cut short: its base64url text has a stray last character');
  let bin: string;
  try {
    bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new Error('the link is not valid base64url');
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** the plain form: base64url of the table file's JSON (always opened) */
export const SHARE_PREFIX = '#table=';
/** the compressed form the app writes: base64url of the JSON, raw DEFLATE (RFC 1951) */
export const COMPRESSED_PREFIX = '#tz=';
/** a link's table may not inflate to more than this (a table file is far smaller; the CLI's limit too) */
export const LINK_TABLE_MAX_BYTES = 4 * 1024 * 1024;

/** Whether a location hash carries a table (either form). */
export const isTableHash = (hash: string) =>
  hash.startsWith(SHARE_PREFIX) || hash.startsWith(COMPRESSED_PREFIX);

/** Raw DEFLATE of UTF-8 text, as base64url. */
export function compressToBase64Url(text: string): string {
  return bytesToBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }));
}

/**
 * Compressed bytes handed to the inflater at a time: DEFLATE grows a byte to at most 1,032, so one
 * step never makes more than about 4 MB, and a bomb stops at the first step past the limit. Each
 * step copies the inflater's 32 kB window again: 1 kB steps spent some 250 ms on an 800 kB link
 * (most of opening it), 4 kB steps a quarter of that.
 */
export const INFLATE_STEP_BYTES = 4096;

class TooLarge extends Error {}

/**
 * The text a compressed link carries; throws an Error saying what is wrong. Inflated as a stream, a
 * few kB of input at a time, stopping as soon as the output passes the limit (a link of 1.4 MB that
 * would grow to 1 GiB is refused after about 4 MB, never inflated whole). `onStep` sees each step's
 * input and output sizes (the tests' view of the work done).
 */
export function decompressFromBase64Url(
  code: string,
  onStep?: (input: number, output: number) => void,
): string {
  const bytes = base64UrlToBytes(code);
  const parts: Uint8Array[] = [];
  let size = 0;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > LINK_TABLE_MAX_BYTES) throw new TooLarge(tooLargeMessage(size));
    parts.push(chunk);
  });
  try {
    for (let at = 0; at < bytes.length || at === 0; at += INFLATE_STEP_BYTES) {
      const before = size;
      const step = bytes.subarray(at, at + INFLATE_STEP_BYTES);
      inflate.push(step, at + INFLATE_STEP_BYTES >= bytes.length);
      onStep?.(step.length, size - before);
    }
  } catch (e) {
    if (e instanceof TooLarge) throw e;
    throw new Error(BROKEN_DEFLATE);
  }
  return utf8Of(parts, size);
}

const BROKEN_DEFLATE = 'the link is not a compressed table (its DEFLATE data is broken or cut short)';
const tooLargeMessage = (size: number) =>
  `the link's table is larger than ${LINK_TABLE_MAX_BYTES / 1048576} MB (the most a link may carry) ` +
  `once inflated; refused after the first ${(size / 1048576).toFixed(1)} MB`;

/** The inflated parts as text (strict UTF-8). */
function utf8Of(parts: Uint8Array[], size: number): string {
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw new Error('the link does not decode to UTF-8 text');
  }
}

/**
 * decompressFromBase64Url without a long task: the browser's own inflater (DecompressionStream) read
 * as a stream, a chunk at a time between tasks, stopping as soon as the output passes the limit; the
 * same text and the same errors (test/state/share.test.ts holds the two together). Where there is no
 * such inflater, the plain one.
 */
export async function decompressFromBase64UrlAsync(code: string): Promise<string> {
  const bytes = base64UrlToBytes(code);
  if (!bytes.length) return decompressFromBase64Url(code); // nothing to inflate: the plain one says what it is
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    const inflater = new DecompressionStream('deflate-raw') as unknown as TransformStream<
      Uint8Array,
      Uint8Array
    >;
    reader = new Blob([bytes as BlobPart]).stream().pipeThrough(inflater).getReader();
  } catch {
    return decompressFromBase64Url(code); // no DecompressionStream, or no raw DEFLATE in it
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > LINK_TABLE_MAX_BYTES) {
        void reader.cancel().catch(() => undefined);
        throw new TooLarge(tooLargeMessage(size));
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof TooLarge) throw e;
    throw new Error(BROKEN_DEFLATE);
  }
  return utf8Of(parts, size);
}

export const ATTACK_PARAM = '&attack=';

/**
 * `#tz=...` (compressed; `#table=...` with plain), and `&attack=ATTACKER,DEFENDER` when an attack is
 * named (table-format.md, Links).
 */
export function tableToHash(
  table: Table,
  attack?: { attacker: string; defender: string } | null,
  plain = false,
): string {
  const pair = attack
    ? `${ATTACK_PARAM}${encodeURIComponent(attack.attacker)},${encodeURIComponent(attack.defender)}`
    : '';
  const json = JSON.stringify(table);
  return (plain ? SHARE_PREFIX + toBase64Url(json) : COMPRESSED_PREFIX + compressToBase64Url(json)) + pair;
}

/** One id of a link's `&attack=`, decoded; a broken percent escape is named (not "URI malformed"). */
function decodeSide(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    const loose = /%(?![0-9a-f]{2}).{0,2}/i.exec(part)?.[0];
    throw new Error(
      `the link's attack "${part.slice(0, 80)}" ` +
        (loose
          ? `holds a broken percent escape "${loose}": a % must be followed by two hexadecimal digits (%20 is a space)`
          : 'holds percent escapes that spell no UTF-8 text'),
    );
  }
}

/**
 * The attack a link names (`&attack=A,D`), or null; throws an Error saying what is wrong with it. The
 * ids are as written (an id may begin or end with a space: the app's own links write it %20); `pairIn`
 * settles ones typed with stray spaces.
 */
export function attackFromHash(hash: string): { attacker: string; defender: string } | null {
  const at = hash.indexOf(ATTACK_PARAM);
  if (at < 0) return null;
  const parts = hash
    .slice(at + ATTACK_PARAM.length)
    .split('&')[0]
    .split(',')
    .map(decodeSide);
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim()) {
    throw new Error(
      `the link's attack should be ATTACKER,DEFENDER (for example isd.front,vsd.rear), got "${parts.join(',')}"`,
    );
  }
  return { attacker: parts[0], defender: parts[1] };
}

/**
 * The pair a link names, as the table has it: the ids exactly as written when they are the table's,
 * else with the spaces around them left out (a hand-typed `isd.front, cr90.rear`); else the problem.
 */
export function pairIn(
  attack: { attacker: string; defender: string },
  problem: (attacker: string, defender: string) => string | null,
): { attacker: string; defender: string } | { problem: string } {
  const exact = problem(attack.attacker, attack.defender);
  if (!exact) return attack;
  const trimmed = { attacker: attack.attacker.trim(), defender: attack.defender.trim() };
  return problem(trimmed.attacker, trimmed.defender) ? { problem: exact } : trimmed;
}

/** The table a `#table=` or `#tz=` hash carries; throws an Error naming the problem (TableError for a bad table). */
export function tableFromHash(hash: string, opts: { photoFit?: boolean } = {}): Table {
  const { code, compressed } = hashCode(hash);
  return parseTableText(compressed ? decompressFromBase64Url(code) : fromBase64Url(code), opts);
}

/** tableFromHash, inflating without a long task (decompressFromBase64UrlAsync): what the app opens links with. */
export async function tableFromHashAsync(hash: string, opts: { photoFit?: boolean } = {}): Promise<Table> {
  const { code, compressed } = hashCode(hash);
  return parseTableText(compressed ? await decompressFromBase64UrlAsync(code) : fromBase64Url(code), opts);
}

/** The base64url text a table link carries, and whether it is compressed. */
function hashCode(hash: string): { code: string; compressed: boolean } {
  const end = hash.indexOf('&');
  const compressed = hash.startsWith(COMPRESSED_PREFIX);
  const prefix = compressed ? COMPRESSED_PREFIX : SHARE_PREFIX;
  const code = hash.slice(prefix.length, end < 0 ? undefined : end);
  if (!code) throw new Error(`the link has nothing after ${prefix}`);
  return { code, compressed };
}
