/** Share links: the compressed form the app writes (#tz=), the plain one it still opens (#table=). */
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseTableText } from '../../src/model/table';
import {
  COMPRESSED_PREFIX,
  decompressFromBase64Url,
  LINK_TABLE_MAX_BYTES,
  SHARE_PREFIX,
  tableFromHash,
  tableToHash,
  toBase64Url,
} from '../../src/state/share';

const demo = parseTableText(readFileSync('assets/demo-table.json', 'utf8'));

describe('share links', () => {
  it('writes #tz=: raw DEFLATE (RFC 1951) that any inflater reads back', () => {
    const hash = tableToHash(demo, { attacker: 'isd.front', defender: 'cr90.rear' });
    expect(hash.startsWith(COMPRESSED_PREFIX)).toBe(true);
    const code = hash.slice(COMPRESSED_PREFIX.length, hash.indexOf('&'));
    expect(JSON.parse(inflateRawSync(Buffer.from(code, 'base64url')).toString('utf8'))).toEqual(demo);
    expect(tableFromHash(hash)).toEqual(demo);
    expect(hash.endsWith('&attack=isd.front,cr90.rear')).toBe(true);
  });

  it('is much shorter than the plain link, and the plain one still opens', () => {
    const plain = tableToHash(demo, null, true);
    const short = tableToHash(demo);
    console.log(`demo link: ${plain.length} characters plain, ${short.length} compressed`);
    expect(plain.startsWith(SHARE_PREFIX)).toBe(true);
    expect(short.length).toBeLessThan(plain.length / 2);
    expect(tableFromHash(plain)).toEqual(demo);
  });

  it('opens a link compressed elsewhere (node zlib)', () => {
    const code = deflateRawSync(Buffer.from(JSON.stringify(demo))).toString('base64url');
    expect(tableFromHash(COMPRESSED_PREFIX + code)).toEqual(demo);
  });

  it('says what is wrong with a broken compressed link', () => {
    const code = tableToHash(demo).slice(COMPRESSED_PREFIX.length);
    expect(() => tableFromHash(COMPRESSED_PREFIX + code.slice(0, 40))).toThrow(/broken or cut short/);
    expect(() => tableFromHash(COMPRESSED_PREFIX)).toThrow(/nothing after #tz=/);
    expect(() => tableFromHash(COMPRESSED_PREFIX + '%%')).toThrow(/not base64url/);
    expect(() => tableFromHash(COMPRESSED_PREFIX + toBase64Url('not deflate at all'))).toThrow(
      /not a compressed table/,
    );
  });

  it('never inflates past the limit (a few kB that would grow to gigabytes)', () => {
    const bomb = deflateRawSync(Buffer.alloc(LINK_TABLE_MAX_BYTES + 1024, 32)).toString('base64url');
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => decompressFromBase64Url(bomb)).toThrow(/larger than 4 MB/);
  });
});
