import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../scripts/bench/tables';
import { CATALOG } from '../../src/model/catalog';
import { hitEntry, nearBox, zonesNear } from '../../src/render/hit';
import { World } from '../../src/rules/world';

// nearBox lets the rotation handle skip a piece without testing the points around it: it must never
// say "far" of a piece that a point within the reach lies on. Checked against hitEntry itself, on
// points on the reach's circle (as the handle samples it), inside it, and on pieces' corners.
const world = new World(tournamentTable(1), CATALOG);
const corners = world.all.flatMap((e) => {
  if (e.kind !== 'ship' && e.kind !== 'obstacle')
    return [[e.circle.cx + e.circle.r, e.circle.cy] as [number, number]];
  const out: [number, number][] = [];
  for (const s of e.kind === 'ship' ? [e.shapes.footprint, e.shapes.token] : [e.outline])
    for (let i = 0; i < s.n; i++) out.push([s.xy[2 * i], s.xy[2 * i + 1]]);
  return out;
});

describe('nearBox', () => {
  it('never rules out a piece that a point within the reach lies on', () => {
    let ruledOut = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...corners),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.01, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([cx, cy], angle, reach, f) => {
          // p placed so that a point at distance reach (or less) from it is the corner
          const d = f < 0.5 ? reach : reach * (f - 0.5) * 2;
          const p: [number, number] = [cx - d * Math.cos(angle), cy - d * Math.sin(angle)];
          const q: [number, number] = [p[0] + d * Math.cos(angle), p[1] + d * Math.sin(angle)];
          for (const e of world.all) {
            if (nearBox(e, p, reach)) continue;
            ruledOut++;
            if (hitEntry(e, q[0], q[1])) return false;
          }
          return true;
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
    expect(ruledOut).toBeGreaterThan(1000);
  });

  it('rules out a piece clearly out of reach', () => {
    const e = world.ships[0];
    const b = e.shapes.footprint;
    expect(nearBox(e, [b.maxX + 200, b.maxY + 200], 10)).toBe(false);
    expect(nearBox(e, [b.maxX + 5, b.maxY], 10)).toBe(true);
  });
});

describe('zonesNear', () => {
  const e = world.ships[0];
  if (e.kind !== 'ship') throw new Error('the table starts with a ship');
  const { zones, targetingPoints } = e.shapes;

  it("a zone's targeting point, no reach: that zone alone", () => {
    for (const z of zones) {
      const p = targetingPoints[z];
      expect(zonesNear(e, p.x, p.y, 0)).toEqual([z]);
    }
  });

  it("reach enough to cover the ship: every zone, in the ship's order; off the ship: none", () => {
    const p = targetingPoints[zones[0]];
    expect(zonesNear(e, p.x, p.y, 1000)).toEqual([...zones]);
    const b = e.shapes.footprint;
    expect(zonesNear(e, b.maxX + 50, b.maxY + 50, 10)).toEqual([]);
    expect(zonesNear(world.obstacles[0], p.x, p.y, 1000)).toEqual([]);
  });

  it('a zone joins once the reach passes its distance from the point', () => {
    const p = targetingPoints[zones[0]];
    for (const z of zones.slice(1)) {
      const d = e.shapes.hullZones[z].boundaryDistance(p.x, p.y);
      expect(zonesNear(e, p.x, p.y, d * 0.99)).not.toContain(z);
      expect(zonesNear(e, p.x, p.y, d * 1.01)).toContain(z);
    }
  });
});
