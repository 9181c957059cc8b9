import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/state/html';
import { decodeText, oneTextEdit, textsIfSameTags } from '../../src/ui/text-patch';
import { textsIfSameTagsReference } from './text-patch-reference';

// An attack entry's HTML as verdicts.ts writes it (while a piece is held: no explanation), from its parts.
const entry = (los: string, inArc: boolean, range: string, mm: string, by: string[]) =>
  `<li class="attack los-${escapeHtml(los)}${inArc ? '' : ' out-of-arc'}" data-los="${escapeHtml(los)}" ` +
  `data-range="${escapeHtml(range)}"><b>${escapeHtml('a<&>"\'1.front')}</b> → <b>d2</b>: ` +
  `${inArc ? 'in arc' : 'not in arc'}, ${escapeHtml(range)} (${mm} mm), line of sight <b class="los">` +
  `${escapeHtml(los)}</b>${by.length ? ` by ${escapeHtml(by.join(', '))}` : ''}</li>`;

describe('text-only changes of an entry', () => {
  it('decodes what escapeHtml writes, and refuses other references', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(decodeText(escapeHtml(s))).toBe(s);
      }),
    );
    expect(decodeText('a &nbsp; b')).toBeNull();
    expect(decodeText('&copy; &lt')).toBeNull();
  });

  it('gives the new texts when only figures changed, and null when any tag or attribute did', () => {
    const los = fc.constantFrom('clear', 'obstructed', 'blocked'),
      range = fc.constantFrom('close', 'medium', 'long'),
      mm = fc.double({ min: 0, max: 900, noNaN: true }).map((x) => x.toFixed(2)),
      by = fc.array(fc.constantFrom('o1-asteroid', 'x<y', 'ship & co'), { maxLength: 2 });
    fc.assert(
      fc.property(
        los,
        range,
        mm,
        by,
        los,
        range,
        mm,
        by,
        fc.boolean(),
        (l1, r1, m1, b1, l2, r2, m2, b2, arc) => {
          const a = entry(l1, arc, r1, m1, b1),
            b = entry(l2, arc, r2, m2, b2);
          const t = textsIfSameTags(a, b);
          if (l1 !== l2 || r1 !== r2 || !b1.length !== !b2.length) expect(t).toBeNull();
          else {
            // the texts are the new entry's text with its tags taken out, in order
            expect(t).not.toBeNull();
            const plain = b
              .replace(/<[^>]*>/g, '\u0000')
              .split('\u0000')
              .filter((x) => x !== '')
              .map((x) => decodeText(x));
            expect(t).toEqual(plain);
            expect(t!.join('')).toContain(`${m2} mm`);
          }
        },
      ),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('refuses a text that appears or goes between two tags', () => {
    expect(textsIfSameTags('<li><b>a</b></li>', '<li><b>a</b>b</li>')).toBeNull();
    expect(textsIfSameTags('<li><b>a</b>b</li>', '<li><b>a</b></li>')).toBeNull();
    expect(textsIfSameTags('<li><b>a</b>b</li>', '<li><b>c</b>d</li>')).toEqual(['c', 'd']);
  });

  it('scans to the same answer as splitting both strings into texts and tags', () => {
    // pieces that make tags, broken tags, entities good and bad, special tags and plain text
    const piece = fc.constantFrom(
      '<b>',
      '</b>',
      '<li class="a">',
      '<li class="b">',
      '<script>',
      '</TD>',
      '<!-- x -->',
      '<',
      '>',
      'a',
      'b',
      ' ',
      '&amp;',
      '&lt;',
      '&nbsp;',
      '&rarr;',
      '&rarr',
      '&lt',
      '&',
      '1.5 mm',
    );
    const html = fc.array(piece, { maxLength: 14 }).map((xs) => xs.join(''));
    // pairs alike but for a few pieces, as a drag step's entries are, and pairs unlike
    const pair = fc.oneof(
      fc.tuple(html, html),
      fc
        .tuple(fc.array(piece, { maxLength: 14 }), fc.array(fc.tuple(fc.nat(), piece), { maxLength: 3 }))
        .map(([xs, edits]) => {
          const ys = [...xs];
          for (const [k, p] of edits) if (ys.length) ys[k % ys.length] = p;
          return [xs.join(''), ys.join('')] as [string, string];
        }),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(textsIfSameTags(a, b)).toEqual(textsIfSameTagsReference(a, b));
      }),
      { numRuns: 5000 },
    );
    // one text's edit: when given, what the texts' scan gives with that one text changed
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const one = oneTextEdit(a, b);
        if (!one) return;
        const before = textsIfSameTagsReference(a, a)!,
          after = textsIfSameTagsReference(a, b);
        expect(after).not.toBeNull();
        expect(one.of).toBe(before.length);
        expect(after).toEqual(before.map((x, k) => (k === one.at ? one.text : x)));
      }),
      { numRuns: 5000 },
    );
  });

  it("finds the one text a drag step's figure changed, and declines when the markup changed", () => {
    const a = entry('obstructed', true, 'medium', '301.25', ['x<y']),
      b = entry('obstructed', true, 'medium', '299.50', ['x<y']);
    const texts = textsIfSameTags(b, b)!;
    const k = texts.findIndex((t) => t.includes('299.50 mm'));
    expect(oneTextEdit(a, b)).toEqual({ at: k, of: texts.length, text: texts[k] });
    expect(oneTextEdit(a, a)).toBeNull();
    expect(oneTextEdit(a, entry('clear', true, 'medium', '301.25', ['x<y']))).toBeNull();
    expect(oneTextEdit(a, entry('obstructed', false, 'medium', '301.25', ['x<y']))).toBeNull();
    // the text at the end of a stretch grows or shrinks; a stretch that would appear or go is declined
    expect(oneTextEdit('<b>ab</b>x', '<b>abc</b>x')).toEqual({ at: 0, of: 2, text: 'abc' });
    expect(oneTextEdit('<b>ab</b>x', '<b>a</b>x')).toEqual({ at: 0, of: 2, text: 'a' });
    expect(oneTextEdit('<b>ab</b>x', '<b></b>x')).toBeNull();
    expect(oneTextEdit('<b></b>x', '<b>a</b>x')).toBeNull();
    expect(oneTextEdit('<b>a&amp;</b>', '<b>a&lt;</b>')).toEqual({ at: 0, of: 1, text: 'a<' });
    expect(oneTextEdit('<table><b>a</b>', '<table><b>b</b>')).toBeNull();
  });
});
