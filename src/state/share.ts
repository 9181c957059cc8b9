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

export const ATTACK_PARAM = '&attack=';

/** `#table=...`, and `&attack=ATTACKER,DEFENDER` when an attack is named (table-format.md, Links). */
export function tableToHash(table: Table, attack?: { attacker: string; defender: string } | null): string {
  const pair = attack ? `${ATTACK_PARAM}${encodeURIComponent(attack.attacker)},${encodeURIComponent(attack.defender)}` : '';
  return SHARE_PREFIX + toBase64Url(JSON.stringify(table)) + pair;
}

/** The attack a link names (`&attack=A,D`), or null; throws an Error saying what is wrong with it. */
export function attackFromHash(hash: string): { attacker: string; defender: string } | null {
  const at = hash.indexOf(ATTACK_PARAM);
  if (at < 0) return null;
  const parts = hash.slice(at + ATTACK_PARAM.length).split('&')[0].split(',').map((p) => decodeURIComponent(p).trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new Error(`the link's attack should be ATTACKER,DEFENDER (for example isd.front,vsd.rear), got "${parts.join(',')}"`);
  }
  return { attacker: parts[0], defender: parts[1] };
}

/** The table a `#table=` hash carries; throws an Error naming the problem (TableError for a bad table). */
export function tableFromHash(hash: string): Table {
  const end = hash.indexOf('&');
  const code = hash.slice(SHARE_PREFIX.length, end < 0 ? undefined : end);
  if (!code) throw new Error('the link has nothing after #table=');
  return parseTableText(fromBase64Url(code));
}
