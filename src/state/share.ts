import { parseTableText, type Table } from '../model/table';

/** base64url (RFC 4648 section 5, no padding) of UTF-8 text. */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decode base64url text to UTF-8; throws an Error saying what is wrong. */
export function fromBase64Url(code: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(code)) {
    const bad = code.match(/[^A-Za-z0-9_=-]/)?.[0] ?? '=';
    throw new Error(`the link is not base64url: it contains ${JSON.stringify(bad)}`);
  }
  const b64 = code.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 === 1) throw new Error('the link is cut short: its base64url text has a stray last character');
  let bin: string;
  try {
    bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new Error('the link is not valid base64url');
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the link does not decode to UTF-8 text');
  }
}

export const SHARE_PREFIX = '#table=';

export function tableToHash(table: Table): string {
  return SHARE_PREFIX + toBase64Url(JSON.stringify(table));
}

/** The table a `#table=` hash carries; throws an Error naming the problem (TableError for a bad table). */
export function tableFromHash(hash: string): Table {
  const code = hash.slice(SHARE_PREFIX.length);
  if (!code) throw new Error('the link has nothing after #table=');
  return parseTableText(fromBase64Url(code));
}
