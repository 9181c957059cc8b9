import type { Band } from '../model/catalog';
import { TOLERANCE_MM } from '../geometry/tolerance';

export interface BandLookup {
  /** 1-based index of the band the length falls in, or null beyond the last band */
  index: number | null;
  name: string | null;
  /** how far inside the band's far end line the length is (negative: beyond the last band's end) */
  toEnd: number;
  /** how far past the previous band's end line (Infinity in the first band) */
  fromStart: number;
}

/**
 * The ruler's rule: a length on a band's end line belongs to that band (the nearer one).
 * A length within the tolerance past an end line counts as on it. count: only the first bands
 * count (a squadron attacks at distance 1 only).
 */
export function bandOf(
  mm: number,
  bands: readonly Band[],
  tol = TOLERANCE_MM,
  count = bands.length,
): BandLookup {
  let prev = 0;
  const n = Math.min(count, bands.length);
  for (let i = 0; i < n; i++) {
    if (mm <= bands[i].end + tol) {
      return {
        index: i + 1,
        name: bands[i].name,
        toEnd: bands[i].end - mm,
        fromStart: i === 0 ? Infinity : mm - prev,
      };
    }
    prev = bands[i].end;
  }
  return { index: null, name: null, toEnd: bands[n - 1].end - mm, fromStart: mm - prev };
}

/** A phrase saying how near a length is to the nearest band edge, when that is close enough to matter. */
export function edgeNote(b: BandLookup, within = 2): string {
  const near = Math.min(Math.abs(b.toEnd), b.fromStart);
  if (!(near <= within)) return '';
  return ` (${near.toFixed(2)} mm from a band edge)`;
}
