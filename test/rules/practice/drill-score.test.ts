/** The drill's score by construction: mistakes with known margins give known words; levels adapt. */
import { describe, expect, it } from 'vitest';
import {
  type DrillAnswer,
  nextLevel,
  scoreOf,
  typicalMistake,
} from '../../../src/rules/practice/drill-score';

const ans = (
  kind: DrillAnswer['kind'],
  answer: string,
  given: string,
  marginMm: number,
  diagonal = false,
): DrillAnswer => ({
  kind,
  answer,
  given,
  marginMm,
  diagonal,
  level: 3,
});

describe('the drill score', () => {
  it('calling long range while the range is still medium, on diagonals, is called early by its median', () => {
    const wrong = [
      ans('range', 'medium', 'long', 8, true),
      ans('range', 'medium', 'long', 9, true),
      ans('range', 'medium', 'long', 12, true),
    ];
    expect(typicalMistake(wrong)).toEqual({ words: 'you call long range 9.0 mm early on diagonals', mm: 9 });
  });

  it('calling medium while it is long is late; the commoner direction is the typical one', () => {
    const wrong = [
      ans('range', 'long', 'medium', 4),
      ans('range', 'long', 'medium', 6),
      ans('range', 'medium', 'long', 30, true),
    ];
    expect(typicalMistake(wrong)!.words).toBe('you call long range 5.0 mm late along the table');
  });

  it('a range called a band or more away says how far from the band named', () => {
    expect(typicalMistake([ans('range', 'long', 'close', 110)])!.words).toBe(
      'you call close range for defenders at long range, 110 mm beyond close range',
    );
    expect(typicalMistake([ans('range', 'close', 'long', 70)])!.words).toBe(
      'you call long range for defenders at close range, 70 mm short of long range',
    );
    // a defender out of range is not "at beyond range"
    expect(typicalMistake([ans('range', 'beyond', 'close', 40)])!.words).toBe(
      'you call close range for defenders out of range, 40 mm beyond close range',
    );
  });

  it('arc and line-of-sight mistakes say which way they go', () => {
    expect(typicalMistake([ans('arc', 'out', 'in', 3.25)])!.words).toBe(
      'you see defenders in arc that lie 3.3 mm outside the arc line',
    );
    expect(typicalMistake([ans('los', 'obstructed', 'clear', 1.5)])!.words).toBe(
      'you call clear lines that cross 1.5 mm into an obstacle',
    );
  });

  it('counts right answers per kind, with no mistake words where there was none', () => {
    const s = scoreOf([
      ans('arc', 'in', 'in', 5),
      ans('arc', 'in', 'out', 2),
      ans('los', 'clear', 'clear', 4),
    ]);
    expect(s.map((k) => [k.kind, k.asked, k.right])).toEqual([
      ['arc', 2, 1],
      ['range', 0, 0],
      ['los', 1, 1],
    ]);
    expect(s[0].mistake).toBe('you call out of arc defenders that lie 2.0 mm inside the arc line');
    expect(s[2].mistake).toBeUndefined();
  });

  it('the level rises after two right answers at it, falls after a wrong one, and stays within 1-5', () => {
    const r = (right: boolean, level: number) => ({ right, level });
    expect(nextLevel(2, [r(true, 2)])).toBe(2);
    expect(nextLevel(2, [r(true, 2), r(true, 2)])).toBe(3);
    expect(nextLevel(3, [r(true, 2), r(true, 3)])).toBe(3);
    expect(nextLevel(3, [r(true, 3), r(false, 3)])).toBe(2);
    expect(nextLevel(1, [r(false, 1)])).toBe(1);
    expect(nextLevel(5, [r(true, 5), r(true, 5)])).toBe(5);
  });
});
