import { describe, expect, it } from 'vitest';
import { LINE_RECORD, recordLine, sameLine } from '../../src/render/line-record';

describe('line records', () => {
  const args = [1.5, -2, 300.25, 4, 3.5, 0xff6b6b, 0.3, 1.5, -2] as const;
  const kept = () => {
    const l = new Float64Array(LINE_RECORD);
    recordLine(l, ...args);
    return l;
  };

  it('hold a line recorded as the same line', () => {
    expect(sameLine(kept(), ...args)).toBe(true);
  });

  it('tell any number changed, however little, as another line', () => {
    for (let i = 0; i < args.length; i++) {
      const other = [...args] as [number, number, number, number, number, number, number, number, number];
      other[i] = other[i] + (Math.abs(other[i]) || 1) * 1e-12;
      expect(sameLine(kept(), ...other), `argument ${i}`).toBe(false);
    }
  });

  it('never hold a line with a NaN (a new place, or one that showed none)', () => {
    const l = new Float64Array(LINE_RECORD).fill(NaN);
    expect(sameLine(l, NaN, 0, 0, 0, 0, 0, 0, 0, 0)).toBe(false);
  });
});
