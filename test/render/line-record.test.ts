import { describe, expect, it } from 'vitest';
import { LINE_RECORD, recordLine, sameLine } from '../../src/render/line-record';

describe('line records', () => {
  const args = [1.5, -2, 300.25, 4, 3.5, 0xff6b6b, 0.3, 1.5, -2];
  const line = (xs: readonly number[]) => Float64Array.from(xs);
  const kept = () => {
    const l = new Float64Array(LINE_RECORD);
    recordLine(l, line(args));
    return l;
  };

  it('hold a line recorded as the same line', () => {
    expect(args.length).toBe(LINE_RECORD);
    expect(sameLine(kept(), line(args))).toBe(true);
  });

  it('tell any number changed, however little, as another line', () => {
    for (let i = 0; i < args.length; i++) {
      const other = [...args];
      other[i] = other[i] + (Math.abs(other[i]) || 1) * 1e-12;
      expect(sameLine(kept(), line(other)), `number ${i}`).toBe(false);
    }
  });

  it('never hold a line with a NaN (a new place, or one that showed none)', () => {
    const l = new Float64Array(LINE_RECORD).fill(NaN);
    expect(sameLine(l, line([NaN, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(false);
  });
});
