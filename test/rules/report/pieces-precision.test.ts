/** How exactly pieces together are known (src/rules/report/photo.ts piecesPrecision), by construction. */
import { describe, expect, it } from 'vitest';
import { piecesPrecision } from '../../../src/rules/report/photo';

describe('the precision of pieces together', () => {
  const photo = new Map([
    ['cr90', 0.6],
    ['isd', 1.0],
  ]);
  it('is the placement precision for pieces placed by hand', () => {
    expect(piecesPrecision(photo, ['tie', 'rock'], 1)).toBe(1);
  });
  it("is the photo's uncertainties summed when every piece came from it, each counted once", () => {
    expect(piecesPrecision(photo, ['cr90', 'isd', 'cr90'], 1)).toBeCloseTo(1.6, 12);
  });
  it('adds the placement precision once when some were placed by hand', () => {
    expect(piecesPrecision(photo, ['cr90', 'rock', 'tie'], 0.5)).toBeCloseTo(1.1, 12);
  });
});
