import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipSegment, clipToBox, clipToBoxPlain } from '../../src/render/clip-box';

// The drawn lines are clipped by one Liang-Barsky (clipSegment, through clipToBox): the same figures,
// bit for bit, as the plain form, on random segments, on ones along the box's sides and degenerate ones.
describe('clipToBox', () => {
  const coord = fc.oneof(
    fc.double({ min: -500, max: 1500, noNaN: true }),
    fc.constantFrom(-20, 0, 1000, 1020, 500),
  );
  it('equals the plain form', () => {
    fc.assert(
      fc.property(coord, coord, coord, coord, (px, py, qx, qy) => {
        expect(clipToBox(px, py, qx, qy, -20, -20, 1020, 820)).toEqual(
          clipToBoxPlain(px, py, qx, qy, -20, -20, 1020, 820),
        );
      }),
      { numRuns: 5000, seed: 11 },
    );
  });
  it('keeps what lies inside and drops what misses', () => {
    expect(clipToBox(0, 0, 100, 0, -20, -20, 50, 50)).toEqual([0, 0, 50, 0]);
    expect(clipToBox(-100, -100, -50, -50, -20, -20, 50, 50)).toBeNull();
  });
});

// the attack lines' clip (numbers in arrays): the same figures as the plain form, and the segment left alone
// when it misses
describe('clipSegment', () => {
  const coord = fc.oneof(
    fc.double({ min: -500, max: 1500, noNaN: true }),
    fc.constantFrom(-20, 0, 1000, 1020, 500),
  );
  it('equals the plain form', () => {
    const box = Float64Array.of(-20, -20, 1020, 820);
    fc.assert(
      fc.property(coord, coord, coord, coord, (px, py, qx, qy) => {
        const m = Float64Array.of(px, py, qx, qy, 7);
        const hit = clipSegment(m, box);
        const plain = clipToBoxPlain(px, py, qx, qy, -20, -20, 1020, 820);
        expect(hit ? [...m.subarray(0, 4)] : null).toEqual(plain);
        if (!hit) expect([...m]).toEqual([px, py, qx, qy, 7]);
        expect(m[4]).toBe(7);
      }),
      { numRuns: 5000, seed: 12 },
    );
  });
  it('clips to the box grown by a pad as the plain form clips to the grown box', () => {
    const box = Float64Array.of(-20, -20, 1020, 820);
    fc.assert(
      fc.property(
        coord,
        coord,
        coord,
        coord,
        fc.double({ min: 0, max: 40, noNaN: true }),
        (px, py, qx, qy, pad) => {
          const m = Float64Array.of(px, py, qx, qy);
          const hit = clipSegment(m, box, pad);
          const plain = clipToBoxPlain(px, py, qx, qy, -20 - pad, -20 - pad, 1020 + pad, 820 + pad);
          expect(hit ? [...m] : null).toEqual(plain);
        },
      ),
      { numRuns: 3000, seed: 13 },
    );
  });
});
