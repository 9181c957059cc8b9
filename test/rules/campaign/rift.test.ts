import { describe, expect, it } from 'vitest';
import { RIFT_EFFECTS, rift, riftBands } from '../../../src/rules/campaign/rift';
import { analyze } from '../../../src/rules/report/analyze';
import { CATALOG } from '../../../src/model/catalog';
import { ARC_TOLERANCE_MM } from '../../../src/geometry/offset';
import { overlaps } from '../../../src/rules/overlaps';
import { World } from '../../../src/rules/world';
import { expectedRelation, ringBoundaryDistance, ringContains } from '../../support/oracle';
import { DISTANCE_BANDS, obstacleRing, shipFootprint, SIZES } from '../../support/shapes';
import { extreme, world } from '../../support/campaign';

const RIFT = { id: 'rift', type: 'gravity-rift', x: 500, y: 450, rotation: 0 };
const d1 = DISTANCE_BANDS[0].end,
  d2 = DISTANCE_BANDS[1].end;
const halfW = SIZES.small.base.width / 2,
  halfL = SIZES.small.base.length / 2;

/** A small ship (bow +y) whose base's left edge lies `gap` right of the rift's rightmost vertex; dy puts that vertex dy above the ship's centre. */
function shipAt(gap: number, dy: number, speed = 3) {
  const [rx, ry] = extreme('gravity-rift', 0, 'right');
  return {
    id: 'cr90',
    size: 'small',
    player: 1,
    x: RIFT.x + rx + gap + halfW,
    y: RIFT.y + ry - dy,
    rotation: 0,
    speed,
  };
}

function oracleOverlapping(ship: ReturnType<typeof shipAt>): boolean {
  return (
    expectedRelation(
      { ring: shipFootprint('small', ship.x, ship.y, 0) },
      { ring: obstacleRing('gravity-rift', RIFT.x, RIFT.y, 0) },
      0.005,
    ).verdict === 'overlap'
  );
}

describe('gravity rift: ships at distance 1-2 or overlapping', () => {
  // the vertex near the base's rear corner: far from the side dial frame
  const corner = -(halfL - 1);
  const cases: [string, number, number | null][] = [
    ['on the distance-2 end line', d2, 2],
    ['within the tolerance past the distance-2 end', d2 + 0.004, 2],
    ['0.01 mm beyond distance 2', d2 + 0.01, null],
    ['on the distance-1 end line', d1, 1],
    ['0.01 mm into distance 2', d1 + 0.01, 2],
    ['touching', 0, 1],
  ];
  for (const [name, gap, band] of cases) {
    it(`${name}: ${band === null ? 'not listed' : `band ${band}`}`, () => {
      const ship = shipAt(gap, corner);
      expect(oracleOverlapping(ship)).toBe(false);
      const r = rift(world({ ships: [ship], obstacles: [RIFT] }));
      if (band === null) return expect(r).toEqual([]);
      expect(r).toHaveLength(1);
      expect(r[0]).toMatchObject({ ship: 'cr90', band, rift: 'rift', overlapping: false });
      expect(r[0].effects).toEqual([RIFT_EFFECTS.deploy, RIFT_EFFECTS.course]);
      expect(r[0].mm as number).toBeCloseTo(Math.max(0, gap), 6);
    });
  }

  it('a ship overlapping the rift: band 1, speed reduced to 0 as well as the distance 1-2 effects', () => {
    const ship = shipAt(-3, corner);
    expect(oracleOverlapping(ship)).toBe(true);
    const r = rift(world({ ships: [ship], obstacles: [RIFT] }));
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ band: 1, overlapping: true });
    expect(r[0].effects).toEqual([RIFT_EFFECTS.overlap, RIFT_EFFECTS.deploy, RIFT_EFFECTS.course]);
  });

  it('only a shield-dial frame on the rift: overlapping (frames count for overlapping), base 2 mm away', () => {
    const ship = shipAt(2, 0);
    expect(oracleOverlapping(ship)).toBe(true);
    const r = rift(world({ ships: [ship], obstacles: [RIFT] }));
    expect(r[0]).toMatchObject({ band: 1, overlapping: true });
    expect(r[0].mm as number).toBeCloseTo(2, 6);
    expect(r[0].effects).toContain(RIFT_EFFECTS.overlap);
    // and the overlaps section names the rift's overlap effect
    const o = overlaps(world({ ships: [ship], obstacles: [RIFT] }));
    expect(o).toMatchObject([
      { piece: 'cr90', obstacle: 'rift', effect: 'speed dial reduced to 0', part: 'dial frame' },
    ]);
  });

  it('squadrons are not listed; band ends come from the table measurements', () => {
    const ship = shipAt(127, corner);
    const base = { ships: [ship], obstacles: [RIFT], squadrons: [{ id: 'sq', player: 1, x: 500, y: 300 }] };
    expect(rift(world(base))).toEqual([]);
    const w = world(base);
    const w2 = new World({ ...w.table, measurements: { distanceBands: { '2': 130 } } });
    expect(rift(w2)).toMatchObject([{ ship: 'cr90', band: 2 }]);
  });

  it('the why text gives the course speed: speed -1, minimum 0', () => {
    expect(rift(world({ ships: [shipAt(10, corner, 0)], obstacles: [RIFT] }))[0].why).toMatch(
      /speed 0 instead of 0/,
    );
    expect(rift(world({ ships: [shipAt(10, corner, 3)], obstacles: [RIFT] }))[0].why).toMatch(
      /speed 2 instead of 3/,
    );
  });
});

describe('riftBands', () => {
  it('outlines the rift grown by the distance-1 and distance-2 band ends', () => {
    const w = world({ obstacles: [{ ...RIFT, rotation: 17 }] });
    const ring = obstacleRing('gravity-rift', RIFT.x, RIFT.y, 17);
    const b = riftBands(w, 'rift');
    for (const [polys, d] of [
      [b.distance1, d1],
      [b.distance2, d2],
    ] as const) {
      expect(polys).toHaveLength(1);
      for (const [x, y] of polys[0].pairs()) {
        expect(ringContains(ring, x, y)).toBe(false);
        const dd = ringBoundaryDistance(ring, x, y);
        expect(dd).toBeLessThanOrEqual(d + 1e-3);
        expect(dd).toBeGreaterThanOrEqual(d - 2 * ARC_TOLERANCE_MM - 1e-3);
      }
    }
    expect(() => riftBands(w, 'nope')).toThrow();
  });
});

describe("gravity rift: a ship near distance 2's end is a close call, either way", () => {
  const corner = -(halfL - 1);
  const [lo, hi] = CATALOG.ruler.distance[1].spread!;
  const near = (gap: number) => {
    const t = { ships: [shipAt(gap, corner)], obstacles: [RIFT] };
    const report = analyze(world(t).table);
    return { listed: report.rift, near: report.riftNear! };
  };

  it('on the end line: listed at distance 2, within the measured spread; beyond it, it would not be', () => {
    const { listed, near: out } = near(d2);
    expect(listed).toHaveLength(1);
    expect(listed[0].nearEnd).toMatchObject({
      band: 2,
      endMm: d2,
      spread: [lo, hi],
      side: 'within',
      inSpread: true,
    });
    expect((listed[0].nearEnd as { marginMm: number }).marginMm).toBeCloseTo(0, 6);
    expect(listed[0].why).toMatch(/too close to call/i);
    expect(listed[0].why).toContain('read beyond distance 2');
    expect(out).toEqual([]);
  });

  it('0.01 mm inside the end: listed, a close call (0.01 mm from the end)', () => {
    const { listed } = near(d2 - 0.01);
    expect(listed[0].nearEnd).toMatchObject({ side: 'within', inSpread: true });
    expect((listed[0].nearEnd as { marginMm: number }).marginMm).toBeCloseTo(0.01, 6);
  });

  it('0.01 mm beyond the end: not at distance 2, but near it: within the measured spread, a close call', () => {
    const { listed, near: out } = near(d2 + 0.01);
    expect(listed).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ ship: 'cr90', rift: 'rift' });
    expect(out[0].mm).toBeCloseTo(d2 + 0.01, 6);
    expect(out[0].nearEnd).toMatchObject({ band: 2, endMm: d2, side: 'beyond', inSpread: true });
    expect(out[0].nearEnd.marginMm).toBeCloseTo(0.01, 6);
    expect(out[0].why).toMatch(/too close to call/i);
    expect(out[0].why).toContain('read at distance 2');
  });

  it('past the measured spread but within 1 mm of the end: near, named, not within the spread', () => {
    const gap = d2 + 0.9;
    expect(gap).toBeGreaterThan(hi);
    const { near: out } = near(gap);
    expect(out).toHaveLength(1);
    expect(out[0].nearEnd).toMatchObject({ side: 'beyond', inSpread: false });
    expect(out[0].why).not.toMatch(/too close to call/i);
  });

  it('well away from the end either side: no close call', () => {
    const inside = near(lo - 3);
    expect(inside.listed).toHaveLength(1);
    expect(inside.listed[0]).not.toHaveProperty('nearEnd');
    expect(inside.listed[0].why).not.toMatch(/too close/i);
    expect(inside.near).toEqual([]);
    const outside = near(hi + 3);
    expect(outside.listed).toEqual([]);
    expect(outside.near).toEqual([]);
    // a table without a rift has no such section
    expect(analyze(world({ ships: [shipAt(d2, corner)] }).table)).not.toHaveProperty('riftNear');
  });

  it('the end the table sets has no measured spread: near within 1 mm of it only', () => {
    const t = {
      ships: [shipAt(130.3, corner)],
      obstacles: [RIFT],
      measurements: { distanceBands: { '2': 130 } },
    };
    const out = analyze(world(t).table).riftNear!;
    expect(out).toHaveLength(1);
    expect(out[0].nearEnd).toMatchObject({ endMm: 130, spread: null, inSpread: false, side: 'beyond' });
  });
});
