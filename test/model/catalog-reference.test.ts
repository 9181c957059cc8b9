/**
 * The catalog held against the shared reference (../shared/reference, beside the repository in
 * CI): the thirteen obstacle outlines within 1 mm of the reference outlines, every ship class of
 * section 7 with its figures, the band ends of section 2, the sizes of sections 1, 3 and 4.
 * Figures are read from the reference text at test time, never copied here.
 */
import { sharedFile } from '../support/shared';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, OBSTACLE_TYPES } from '../../src/model/catalog';
import { ringBoundaryDistance, signedArea, type XY } from '../support/oracle';
import { ringCentroid } from '../support/shapes';
import { markdownTableRows } from '../../scripts/markdown-table';

const REF = join(__dirname, '..', '..', '..', 'shared', 'reference');
const OUTLINES = join(REF, 'obstacle-outlines.json');
const GEOMETRY = join(REF, 'armada-geometry.md');
const FORMAT = join(REF, '..', 'table-format.md');

/** Points along a ring: every vertex and a point every `step` mm along each edge. */
function along(ring: readonly XY[], step: number): XY[] {
  const out: XY[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i],
      b = ring[(i + 1) % ring.length];
    const k = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let j = 0; j < k; j++) out.push([a[0] + ((b[0] - a[0]) * j) / k, a[1] + ((b[1] - a[1]) * j) / k]);
  }
  return out;
}

/** Largest distance from a point of one ring to the other ring's boundary, both ways (sampled every 0.05 mm). */
function hausdorff(a: readonly XY[], b: readonly XY[]): number {
  let worst = 0;
  for (const p of along(a, 0.05)) worst = Math.max(worst, ringBoundaryDistance(b, p[0], p[1]));
  for (const p of along(b, 0.05)) worst = Math.max(worst, ringBoundaryDistance(a, p[0], p[1]));
  return worst;
}

function selfIntersects(ring: readonly XY[]): boolean {
  const n = ring.length;
  const o = (p: XY, q: XY, r: XY) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const a = ring[i],
        b = ring[(i + 1) % n],
        c = ring[j],
        d = ring[(j + 1) % n];
      if (o(a, b, c) * o(a, b, d) <= 0 && o(c, d, a) * o(c, d, b) <= 0) return true;
    }
  }
  return false;
}

describe("the catalog's own obstacle outlines", () => {
  it('are thirteen simple counter-clockwise rings centred on their area centroid', () => {
    expect(Object.keys(CATALOG.obstacles).sort()).toEqual([...OBSTACLE_TYPES].sort());
    for (const type of OBSTACLE_TYPES) {
      const ring = CATALOG.obstacles[type].outline;
      expect(ring.length, type).toBeGreaterThanOrEqual(3);
      expect(signedArea(ring), type).toBeGreaterThan(0);
      expect(selfIntersects(ring), type).toBe(false);
      const [cx, cy] = ringCentroid(ring);
      expect(Math.hypot(cx, cy), type).toBeLessThan(0.01);
    }
  });
});

const refOutlines = sharedFile('reference/obstacle-outlines.json', 'the outline comparison');

describe.skipIf(!refOutlines)(
  `outlines against ${refOutlines ? 'the reference' : 'the reference (SKIPPED: reference file absent)'}`,
  () => {
    const ref = refOutlines
      ? (
          JSON.parse(readFileSync(OUTLINES, 'utf8')) as {
            obstacles: Record<string, { outline: XY[]; area_mm2?: number }>;
          }
        ).obstacles
      : {};
    it('the reference holds the same thirteen obstacles', () => {
      expect(Object.keys(ref).sort()).toEqual([...OBSTACLE_TYPES].sort());
    });
    for (const type of OBSTACLE_TYPES) {
      it(`${type}: every point of either outline is within 1 mm of the other`, () => {
        const mine = CATALOG.obstacles[type].outline,
          theirs = ref[type].outline;
        expect(hausdorff(mine, theirs)).toBeLessThanOrEqual(1);
        expect(
          Math.abs(Math.abs(signedArea(mine)) - Math.abs(signedArea(theirs))) / Math.abs(signedArea(theirs)),
        ).toBeLessThan(0.02);
      });
    }
    it('the comparison can fail: an outline moved 1.5 mm is caught', () => {
      const t = OBSTACLE_TYPES[0];
      const moved = CATALOG.obstacles[t].outline.map(([x, y]) => [x + 1.5, y] as XY);
      expect(hausdorff(moved, ref[t].outline)).toBeGreaterThan(1);
    });
  },
);

const refText =
  sharedFile('reference/armada-geometry.md', 'the figures comparison') &&
  sharedFile('table-format.md', 'the figures comparison');

const tableRows = markdownTableRows;
const nums = (s: string): number[] => (s.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe.skipIf(!refText)('figures against armada-geometry.md', () => {
  const md = refText ? readFileSync(GEOMETRY, 'utf8') : '';
  const format = refText ? readFileSync(FORMAT, 'utf8') : '';

  it('section 7: every ship class, with its size and arc-line figures', () => {
    const ids = (format.match(/keep these ids:([^.;]*)[.;]/)?.[1] ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\s+/g, ''));
    const rows = tableRows(md, '## 7.');
    expect(rows.length).toBe(13);
    expect(ids.length).toBe(rows.length);
    const sizes: Record<string, string> = { S: 'small', M: 'medium', L: 'large' };
    rows.forEach(([name, size, ...figs], i) => {
      const spec = CATALOG.shipClasses[ids[i]];
      expect(spec, `${name} as ${ids[i]}`).toBeDefined();
      // the catalog's name is the reference's, spelled out
      expect(
        spec.name
          .toLowerCase()
          .replace(/mark/g, 'mk')
          .replace(/[^a-z0-9]/g, ''),
      ).toContain(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
      expect(spec.size).toBe(sizes[size]);
      const [fo, fc, ro, rc] = figs.map(Number);
      expect(spec.arcs, name).toMatchObject({ frontOffset: fo, frontConj: fc, rearOffset: ro, rearConj: rc });
    });
  });

  it('section 7: the measured targeting points', () => {
    const classRows = tableRows(md, '## 7.');
    const ids = (format.match(/keep these ids:([^.;]*)[.;]/)?.[1] ?? '').split(',').map((s) => s.trim());
    const idOf = new Map(classRows.map(([name], i) => [name, ids[i]]));
    const rows = tableRows(md, '## 7.', 'Targeting points');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [name, front, rear, side] of rows) {
      const tp = CATALOG.shipClasses[idOf.get(name)!]?.targetingPoints;
      expect(tp, name).toBeDefined();
      expect(tp).toMatchObject({ front: Number(front), rear: Number(rear), side: nums(side) });
    }
  });

  it('section 2: band ends and their spreads', () => {
    const rows = tableRows(md, '## 2.');
    const want = new Map(
      rows.map(([what, def, spread]) => [what, { end: Number(def), spread: nums(spread) }]),
    );
    for (const b of CATALOG.ruler.range)
      expect({ end: b.end, spread: b.spread }, b.name).toEqual(want.get(`${b.name} range`));
    for (const b of CATALOG.ruler.distance)
      expect({ end: b.end, spread: b.spread }, b.name).toEqual(want.get(`distance ${b.name}`));
    expect(CATALOG.ruler.range.map((b) => b.name)).toEqual(['close', 'medium', 'long']);
    expect(CATALOG.ruler.distance.map((b) => b.name)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sections 1, 3 and 4: table, base, token and squadron sizes', () => {
    const [w, h] = nums(md.match(/standard play area \| 3'x6' = ([\d. x]+)/)![1]);
    expect([CATALOG.tables['3x6'].height, CATALOG.tables['3x6'].width]).toEqual([w, h]);
    for (const [size, base, token] of tableRows(md, '## 3.')) {
      const spec = CATALOG.shipSizes[size as 'small'];
      if (size === 'huge') {
        // the row gives the token only ("token about 77.5 x 365 on two large bases"), and two large bases
        expect([spec.token.width, spec.token.length], size).toEqual(nums(base).slice(0, 2));
        const large = CATALOG.shipSizes.large.base as { width: number; length: number };
        const hb = spec.base as { width: number; baseLength?: number };
        expect([hb.width, hb.baseLength], size).toEqual([large.width, large.length]);
        continue;
      }
      expect([spec.base.width, spec.base.length], size).toEqual(nums(base));
      expect([spec.token.width, spec.token.length], size).toEqual(nums(token));
    }
    expect(CATALOG.squadron.diameter).toBe(nums(md.match(/Round plastic base, about ([\d.]+)/)![1])[0]);
  });
});
