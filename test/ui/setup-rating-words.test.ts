/** A setup rating in words (src/ui/setup-practice.ts ratingWhy): its scale and the figures it is made of. */
import { describe, expect, it } from 'vitest';
import type { SetupRating } from '../../src/rules/practice/setup-rating';
import { ratingWhy } from '../../src/ui/setup-practice';

const side = (player: 1 | 2, ends: number, safeShots: number, onObstacles: number) => ({
  player,
  ships: 2,
  ends,
  safeShots,
  edge: 0,
  onObstacles,
});

describe('a setup rating in words', () => {
  it("gives the scale, then each side's safe first shots and ends on obstacles as shares of its reach ends", () => {
    const r: SetupRating = { player: 1, rating: 7.5, own: side(1, 48, 16, 2), enemy: side(2, 24, 3, 0) };
    const w = ratingWhy(r, 'your', "the app's");
    expect(w).toContain('from −100 to +100');
    expect(w).toContain("a safe first shot from 33% of your ships' reach ends, against 13%");
    expect(w).toContain('on an obstacle 4% against 0%');
  });

  it('a side with no reach ends reads 0%, not a division by nothing', () => {
    const r: SetupRating = { player: 2, rating: 0, own: side(2, 0, 0, 0), enemy: side(1, 0, 0, 0) };
    expect(ratingWhy(r, 'your', "the app's")).not.toMatch(/NaN|Infinity/);
  });
});
