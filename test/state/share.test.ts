/** Share links: the compressed form the app writes (#tz=), the plain one it still opens (#table=). */
import { readFileSync } from 'node:fs';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTableText } from '../../src/model/table';
import { pairProblem } from '../../src/state/store';
import {
  attackFromHash,
  COMPRESSED_PREFIX,
  pairIn,
  decompressFromBase64Url,
  decompressFromBase64UrlAsync,
  INFLATE_STEP_BYTES,
  LINK_TABLE_MAX_BYTES,
  SHARE_PREFIX,
  tableFromHash,
  tableFromHashAsync,
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

  it("the browser's own inflater (the app's) reads what zlib reads, as the plain inflater does, and refuses the rest", async () => {
    // zlib (node's, as independent as an inflater gets) decides what is valid raw DEFLATE; fflate (the
    // plain inflater) gives the same text for all of it, though it is laxer with some broken streams
    const zlib = (bytes: Buffer) => {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(inflateRawSync(bytes));
      } catch {
        return null;
      }
    };
    const check = async (bytes: Buffer) => {
      if (!bytes.length) return; // a link with nothing after #tz= is refused before it is inflated
      const code = bytes.toString('base64url');
      const want = zlib(bytes);
      if (want === null) {
        await expect(decompressFromBase64UrlAsync(code)).rejects.toThrow(/broken or cut short|UTF-8/);
        return;
      }
      expect(await decompressFromBase64UrlAsync(code)).toBe(want);
      expect(decompressFromBase64Url(code)).toBe(want);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.nat(),
        async (text, level, cut) => {
          const bytes = deflateRawSync(Buffer.from(text), { level });
          await check(bytes);
          // cut short, one byte changed, junk after the end
          await check(bytes.subarray(0, cut % (bytes.length + 1)));
          const bent = Buffer.from(bytes);
          bent[cut % bent.length] ^= 1 + (cut % 255);
          await check(bent);
          await check(Buffer.concat([bytes, Buffer.from([cut % 256, 7])]));
        },
      ),
      { numRuns: 150, seed: 20261203 },
    );
    const bomb = deflateRawSync(Buffer.alloc(LINK_TABLE_MAX_BYTES + 1024, 32)).toString('base64url');
    await expect(decompressFromBase64UrlAsync(bomb)).rejects.toThrow(/larger than 4 MB/);
    await expect(decompressFromBase64UrlAsync(toBase64Url('not deflate at all'))).rejects.toThrow(
      /not a compressed table/,
    );
    const notUtf8 = deflateRawSync(Buffer.from([0xff, 0xfe, 0x41])).toString('base64url');
    await expect(decompressFromBase64UrlAsync(notUtf8)).rejects.toThrow(/UTF-8/);
    expect(() => decompressFromBase64Url(notUtf8)).toThrow(/UTF-8/);
    const hash = tableToHash(demo, { attacker: 'isd.front', defender: 'cr90.rear' });
    expect(await tableFromHashAsync(hash)).toEqual(tableFromHash(hash));
  });

  it('never inflates past the limit (a few kB that would grow to gigabytes)', () => {
    const bomb = deflateRawSync(Buffer.alloc(LINK_TABLE_MAX_BYTES + 1024, 32)).toString('base64url');
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => decompressFromBase64Url(bomb)).toThrow(/larger than 4 MB/);
  });

  it('refuses a 1.4 MB link that would inflate to 1 GiB as a stream: the size named, a few steps read, little memory', () => {
    // 1 MiB of spaces as DEFLATE blocks that end byte-aligned (a sync flush), repeated 1,024 times,
    // then an empty final block: raw DEFLATE of 1 GiB, built without ever holding the gigabyte
    const block = deflateRawSync(Buffer.alloc(1 << 20, 32), {
      level: 9,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    const bytes = Buffer.concat([...Array.from({ length: 1024 }, () => block), Buffer.from([3, 0])]);
    const code = bytes.toString('base64url');
    // the blocks read back (two of them, and the whole of a shorter stream)
    const two = inflateRawSync(bytes.subarray(0, block.length * 2), { finishFlush: constants.Z_SYNC_FLUSH });
    expect(two.length).toBe(2 << 20);
    expect(
      decompressFromBase64Url(Buffer.concat([block, block, Buffer.from([3, 0])]).toString('base64url'))
        .length,
    ).toBe(2 << 20);
    expect(code.length).toBeGreaterThan(1_000_000);
    const steps: [number, number][] = [];
    const rss = process.memoryUsage().rss;
    const t0 = performance.now();
    let message = '';
    try {
      decompressFromBase64Url(code, (i, o) => steps.push([i, o]));
    } catch (e) {
      message = (e as Error).message;
    }
    const ms = performance.now() - t0;
    const grew = (process.memoryUsage().rss - rss) / 1048576;
    console.log(
      `1 GiB bomb (${(code.length / 1048576).toFixed(2)} MB link): refused in ${ms.toFixed(0)} ms (a loaded ` +
        `machine: no measurement), after ${steps.length} steps, resident memory grew ${grew.toFixed(1)} MB`,
    );
    expect(message).toMatch(/larger than 4 MB/);
    // stopped at the limit: the input read is what 4 MB takes (about 4 kB per MiB here), not the link
    const read = (steps.length + 1) * INFLATE_STEP_BYTES;
    expect(read).toBeLessThan(bytes.length / 50);
    // no step makes more than its input can (DEFLATE grows a byte to at most 1,032)
    expect(Math.max(...steps.map(([, o]) => o))).toBeLessThanOrEqual(INFLATE_STEP_BYTES * 1032);
    expect(grew).toBeLessThan(50);
  });

  it("the app's own ruling link reopens on its pair when ids begin or end with a space; a hand-typed stray space is read too", () => {
    const t = parseTableText(
      JSON.stringify({
        ...demo,
        ships: demo.ships.map((e) => (e.id === 'isd' ? { ...e, id: ' isd' } : e)),
        squadrons: demo.squadrons.map((q) => (q.id === 'xwing1' ? { ...q, id: 'xwing1 ' } : q)),
      }),
    );
    const pair = { attacker: ' isd.front', defender: 'xwing1 ' };
    expect(pairProblem(t, pair.attacker, pair.defender)).toBeNull();
    const hash = tableToHash(t, pair);
    const opened = tableFromHash(hash);
    const named = attackFromHash(hash)!;
    expect(named).toEqual(pair);
    expect(pairIn(named, (a, d) => pairProblem(opened, a, d))).toEqual(pair);
    // typed by hand with spaces around the ids (a browser writes them %20)
    const typed = attackFromHash('#tz=x&attack=%20isd.front%20,%20cr90.rear')!;
    expect(pairIn(typed, (a, d) => pairProblem(demo, a, d))).toEqual({
      attacker: 'isd.front',
      defender: 'cr90.rear',
    });
    expect(
      pairIn({ attacker: 'nope.front', defender: 'cr90.rear' }, (a, d) => pairProblem(demo, a, d)),
    ).toEqual({
      problem: 'no ship or squadron "nope" on the table (the attacker)',
    });
  });

  it('a broken percent escape in &attack= is named (not "URI malformed")', () => {
    expect(() => attackFromHash('#tz=x&attack=isd.fr%2ont,cr90.rear')).toThrow(
      'the link\'s attack "isd.fr%2ont" holds a broken percent escape "%2o": a % must be followed by two ' +
        'hexadecimal digits (%20 is a space)',
    );
    expect(() => attackFromHash('#tz=x&attack=isd.front,cr90%')).toThrow(/broken percent escape "%"/);
    expect(() => attackFromHash('#tz=x&attack=isd.front,%ff')).toThrow(
      'the link\'s attack "%ff" holds percent escapes that spell no UTF-8 text',
    );
  });
});
