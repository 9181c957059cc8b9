/** bandOf: the ruler's rule. A length on a band's end line belongs to that band (the nearer one). */
import { describe, expect, it } from 'vitest';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { CATALOG, withMeasurements } from '../../src/model/catalog';
import { bandOf, edgeNote } from '../../src/rules/bands';

const D = CATALOG.ruler.distance;
const R = CATALOG.ruler.range;

describe('bandOf', () => {
  it('a length exactly on each end line is in that band; just past it, in the next', () => {
    D.forEach((b, i) => {
      expect(bandOf(b.end, D).index, b.name).toBe(i + 1);
      expect(bandOf(b.end, D).toEnd).toBe(0);
      expect(bandOf(b.end + TOLERANCE_MM * 0.99, D).index).toBe(i + 1);
      expect(bandOf(b.end + 0.01, D).index).toBe(i + 2 > D.length ? null : i + 2);
      expect(bandOf(b.end - 0.01, D).index).toBe(i + 1);
    });
    R.forEach((b, i) => expect(bandOf(b.end, R).name).toBe(b.name));
  });
  it('zero is in the first band; beyond the last band is null', () => {
    expect(bandOf(0, D)).toMatchObject({ index: 1, name: '1', fromStart: Infinity });
    expect(bandOf(1e9, D)).toMatchObject({ index: null, name: null });
    expect(bandOf(D[D.length - 1].end + 1, D).toEnd).toBeCloseTo(-1, 12);
  });
  it('reports how near the band edges are', () => {
    const b = bandOf(D[0].end + 1, D);
    expect(b.index).toBe(2);
    expect(b.fromStart).toBeCloseTo(1, 12);
    expect(edgeNote(b)).toBe(' (1.00 mm from a band edge)');
    expect(edgeNote(bandOf((D[1].end + D[2].end) / 2, D))).toBe('');
  });
  it('follows band lengths changed by the table', () => {
    const cat = withMeasurements(CATALOG, { distanceBands: { '1': 71.5 } });
    expect(bandOf(72, cat.ruler.distance).index).toBe(2);
    expect(bandOf(72, D).index).toBe(1);
  });
});
