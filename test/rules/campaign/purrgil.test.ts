import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { judgeMove, purrgilReach } from '../../../src/rules/campaign/purrgil';
import { overlaps } from '../../../src/rules/overlaps';
import type { MoveObstacle } from '../../../src/model/table';
import { ringBoundaryDistance, ringContains } from '../../support/oracle';
import { DISTANCE_BANDS, obstacleRing, SQUADRON_DIAMETER } from '../../support/shapes';
import { discRightOf, extreme, rightOf, type T, world, uniform } from '../../support/campaign';

const d1 = DISTANCE_BANDS[0].end,
  d2 = DISTANCE_BANDS[1].end;
const r = SQUADRON_DIAMETER / 2;
const PURR = { id: 'purr', type: 'purrgil-1', x: 900, y: 450, rotation: 30 };
const move = (
  to: { x: number; y: number; rotation: number },
  maxDistance = 2,
  minDistance?: number,
): MoveObstacle => ({
  id: 'm',
  kind: 'move-obstacle',
  obstacle: 'purr',
  to,
  maxDistance,
  ...(minDistance ? { minDistance } : {}),
});
const judge = (t: T, p: MoveObstacle) =>
  judgeMove(
    world({ obstacles: [PURR], ...t, ...(t.obstacles ? { obstacles: [PURR, ...t.obstacles] } : {}) }),
    p,
  );

describe('purrgil movement: how far', () => {
  // a translation by v moves the token's extreme point in v's direction exactly |v| from the original
  const shifted = (len: number, deg = 0) => ({
    x: PURR.x + len * Math.cos((deg * Math.PI) / 180),
    y: PURR.y + len * Math.sin((deg * Math.PI) / 180),
    rotation: PURR.rotation,
  });
  for (const deg of [0, 137]) {
    it(`moved exactly to the distance-2 end line is legal; 0.01 mm more is not (direction ${deg})`, () => {
      expect(judge({}, move(shifted(d2, deg)))).toMatchObject({ legal: true, violations: [] });
      const rep = judge({}, move(shifted(d2 + 0.01, deg)));
      expect(rep.legal).toBe(false);
      expect(rep.violations).toHaveLength(1);
      expect(rep.violations[0]).toMatchObject({
        rule: 'no part may end beyond distance 2 of its original position',
        with: null,
        measure: 'beyond the band end',
      });
      expect(rep.violations[0].gapMm as number).toBeGreaterThanOrEqual(0.01 - 1e-9);
      expect(rep.violations[0].gapMm as number).toBeLessThanOrEqual(0.012);
    });
  }
  it('distance 1 maximum uses the distance-1 end', () => {
    expect(judge({}, move(shifted(d1), 1)).legal).toBe(true);
    expect(judge({}, move(shifted(d1 + 0.01), 1)).legal).toBe(false);
  });
  it('without a minimum it may stay; with minimum 1 it must move; with minimum 2 it must pass the distance-1 end', () => {
    const here = { x: PURR.x, y: PURR.y, rotation: PURR.rotation };
    expect(judge({}, move(here)).legal).toBe(true);
    expect(judge({}, move(here, 2, 1)).violations).toEqual([
      expect.objectContaining({ rule: 'must move to distance 1 of its original position' }),
    ]);
    expect(judge({}, move(shifted(d1), 2, 2)).violations).toEqual([
      expect.objectContaining({ rule: 'must move to distance 2 of its original position' }),
    ]);
    expect(judge({}, move(shifted(d1 + 0.01), 2, 2)).legal).toBe(true);
  });
  it('the ruler procedure: the centre must lie within the band of the edge; rulerLine starts on the edge', () => {
    const rep = judge({}, move(shifted(d2 + 60, 60)));
    const ruler = rep.violations.find((v) => /ruler procedure/.test(v.rule));
    const ring = obstacleRing(PURR.type, PURR.x, PURR.y, PURR.rotation);
    const to = shifted(d2 + 60, 60);
    const centreGap = ringBoundaryDistance(ring, to.x, to.y);
    expect(ruler!.gapMm as number).toBeCloseTo(centreGap - d2, 6);
    const line = rep.rulerLine as [[number, number], [number, number]];
    expect(ringBoundaryDistance(ring, line[0][0], line[0][1])).toBeLessThan(1e-9);
    expect(Math.hypot(line[1][0] - line[0][0], line[1][1] - line[0][1])).toBeCloseTo(centreGap, 6);
  });
  it('rotation: legal while the farthest point stays within the band, as dense sampling finds it', () => {
    fc.assert(
      fc.property(uniform(0, 360), uniform(0, 150), uniform(0, 360), (dir, len, rot) => {
        const to = { ...shifted(len, dir), rotation: rot };
        const rep = judge({}, move(to));
        const orig = obstacleRing(PURR.type, PURR.x, PURR.y, PURR.rotation);
        const moved = obstacleRing(PURR.type, to.x, to.y, to.rotation);
        let far = 0;
        for (let i = 0; i < moved.length; i++) {
          const [ax, ay] = moved[i],
            [bx, by] = moved[(i + 1) % moved.length];
          const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 0.05));
          for (let k = 0; k <= n; k++) {
            const x = ax + ((bx - ax) * k) / n,
              y = ay + ((by - ay) * k) / n;
            far = Math.max(far, ringContains(orig, x, y) ? 0 : ringBoundaryDistance(orig, x, y));
          }
        }
        expect(rep.farthestMm as number).toBeGreaterThanOrEqual(far - 0.002);
        expect(rep.farthestMm as number).toBeLessThanOrEqual(far + 0.05);
        if (far > d2 + 0.06) expect(rep.legal).toBe(false);
        if (far < d2 - 0.01) expect(rep.legal).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});

describe('purrgil movement: what it may not end on', () => {
  const to = { x: PURR.x + 60, y: PURR.y + 20, rotation: 75 };
  const movedAt = { type: PURR.type, ...to };
  it('a squadron exactly touching is fine; 0.1 mm into it is not', () => {
    expect(
      judge({ squadrons: [{ id: 'tie', player: 1, ...discRightOf(movedAt, r, 0) }] }, move(to)).legal,
    ).toBe(true);
    const rep = judge({ squadrons: [{ id: 'tie', player: 1, ...discRightOf(movedAt, r, -0.1) }] }, move(to));
    expect(rep.violations).toHaveLength(1);
    expect(rep.violations[0]).toMatchObject({
      rule: 'cannot end overlapping a squadron',
      with: 'tie',
      measure: 'overlap depth',
    });
    expect(rep.violations[0].gapMm as number).toBeCloseTo(0.1, 6);
  });
  it('a token, an obstacle and a ship: touching fine, overlapping named', () => {
    expect(
      judge({ tokens: [{ id: 'obj', radius: 12.5, ...discRightOf(movedAt, 12.5, 0) }] }, move(to)).legal,
    ).toBe(true);
    expect(
      judge({ tokens: [{ id: 'obj', radius: 12.5, ...discRightOf(movedAt, 12.5, -0.5) }] }, move(to))
        .violations[0],
    ).toMatchObject({ rule: 'cannot end overlapping a token', with: 'obj' });
    expect(
      judge(
        {
          obstacles: [
            { id: 'rock', type: 'asteroid-b', rotation: 10, ...rightOf(movedAt, 'asteroid-b', 10, 0) },
          ],
        },
        move(to),
      ).legal,
    ).toBe(true);
    const rock = judge(
      {
        obstacles: [
          { id: 'rock', type: 'asteroid-b', rotation: 10, ...rightOf(movedAt, 'asteroid-b', 10, -0.5) },
        ],
      },
      move(to),
    );
    expect(rock.violations[0]).toMatchObject({
      rule: 'cannot end overlapping another obstacle',
      with: 'rock',
    });
    const ship = judge(
      { ships: [{ id: 'vsd', size: 'medium', player: 1, x: to.x, y: to.y + 30, rotation: 0 }] },
      move(to),
    );
    expect(ship.violations[0]).toMatchObject({ rule: 'cannot end overlapping a ship', with: 'vsd' });
  });
  it('overlapping its own old position is fine', () => {
    expect(judge({}, move({ x: PURR.x + 5, y: PURR.y, rotation: PURR.rotation + 10 })).legal).toBe(true);
  });
});

describe('purrgil movement: the play area', () => {
  // purrgil-1 at rotation 0: its lowest vertex sits `low` below its centre
  const low = -extreme('purrgil-1', 0, 'bottom')[1];
  const EDGE = { id: 'purr', type: 'purrgil-1', x: 600, y: low + 30, rotation: 0 };
  const at = (y: number) =>
    judgeMove(world({ obstacles: [EDGE] }), {
      id: 'm',
      kind: 'move-obstacle',
      obstacle: 'purr',
      to: { x: 600, y, rotation: 0 },
      maxDistance: 2,
    });
  it('touching the table edge is legal; 0.01 mm past it is not, and the violation says so', () => {
    expect(at(low).legal).toBe(true);
    const rep = at(low - 0.01);
    expect(rep.violations).toEqual([
      expect.objectContaining({
        rule: 'cannot end with part of it outside the play area',
        with: null,
        piece: 'purr',
      }),
    ]);
    expect(rep.violations[0].gapMm as number).toBeCloseTo(0.01, 6);
  });
});

/** The drawn region as rings, with containment and the distance to the nearest drawn edge. */
function regionOf(polys: ReturnType<typeof purrgilReach>) {
  const rings = polys.map((p) => p.pairs());
  return {
    inside: (x: number, y: number) => rings.some((g) => ringContains(g, x, y)),
    // for a point inside, the pieces' shared cuts count as edges too: that only skips more points
    edgeDistance: (x: number, y: number) => Math.min(...rings.map((g) => ringBoundaryDistance(g, x, y))),
  };
}

describe("purrgilReach: where the token's centre may end (no pockets)", () => {
  // The band about the drawn edge left unchecked: arcs are chords up to 2 x 0.01 mm inside the true
  // arc, clipper rounds to 0.0001 mm, and judgeMove allows 0.005 mm of overlap or reach.
  const BAND = 0.05;
  const tables: Record<string, T> = {
    'crowded middle': {
      obstacles: [
        PURR,
        { id: 'rock', type: 'asteroid-c', x: PURR.x + 130, y: PURR.y + 20, rotation: 0 },
        { id: 'dust', type: 'dust-1', x: PURR.x - 60, y: PURR.y - 140, rotation: 70 },
      ],
      // two squadrons 25 mm apart: the gap between them is open table but too narrow for the token
      squadrons: [
        { id: 'tie', player: 1, x: PURR.x - 20, y: PURR.y + 110 },
        { id: 'tie2', player: 1, x: PURR.x - 20 + 2 * r + 25, y: PURR.y + 110 },
      ],
      ships: [{ id: 'cr90', size: 'small', player: 2, x: PURR.x - 150, y: PURR.y + 30, rotation: 90 }],
    },
    'in a corner': {
      obstacles: [
        { ...PURR, x: 70, y: 80 },
        { id: 'deb', type: 'debris-b', x: 190, y: 60, rotation: 15 },
      ],
      squadrons: [{ id: 'x', player: 2, x: 60, y: 200 }],
    },
  };
  // where to sample centres, about the purrgil's centre: the corner's region lies up and right of it
  const box: Record<string, [number, number]> = { 'crowded middle': [-150, 150], 'in a corner': [-60, 140] };
  for (const [name, t] of Object.entries(tables)) {
    const [lo, hi] = box[name];
    it(`${name}: sampled centres inside the region are legal moves by judgeMove, those outside are not`, () => {
      const w = world(t);
      const purr = (t.obstacles as (typeof PURR)[])[0];
      let checkedIn = 0,
        checkedOut = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 359 }),
          fc.array(fc.tuple(uniform(lo, hi), uniform(lo, hi)), { minLength: 50, maxLength: 50 }),
          (rot, pts) => {
            const region = regionOf(purrgilReach(w, 'purr', 2, rot));
            for (const [dx, dy] of pts) {
              const x = purr.x + dx,
                y = purr.y + dy;
              if (region.edgeDistance(x, y) < BAND) continue;
              const inside = region.inside(x, y);
              const v = judgeMove(w, {
                id: 'm',
                kind: 'move-obstacle',
                obstacle: 'purr',
                to: { x, y, rotation: rot },
                maxDistance: 2,
              });
              if (v.legal !== inside)
                throw new Error(
                  `rotation ${rot}, centre (${x}, ${y}): drawn ${inside ? 'inside' : 'outside'}, judged ${v.legal ? 'legal' : 'illegal'}: ${v.why}`,
                );
              if (inside) checkedIn++;
              else checkedOut++;
            }
          },
        ),
        { numRuns: 12, seed: 1212 },
      );
      expect(checkedIn).toBeGreaterThan(60);
      expect(checkedOut).toBeGreaterThan(150);
    });
  }

  it('a gap between two squadrons narrower than the token is not drawn, while open table beside it is', () => {
    const t = tables['crowded middle'];
    const w = world(t);
    const region = regionOf(purrgilReach(w, 'purr', 2, 0));
    // between the two squadrons: no piece covers the point, but the token centred there overlaps them
    const gap = { x: PURR.x - 20 + r + 12.5, y: PURR.y + 110 };
    expect(region.inside(gap.x, gap.y)).toBe(false);
    expect(
      judgeMove(w, {
        id: 'm',
        kind: 'move-obstacle',
        obstacle: 'purr',
        to: { ...gap, rotation: 0 },
        maxDistance: 2,
      }).legal,
    ).toBe(false);
    // staying where it is: legal and drawn
    expect(region.inside(PURR.x, PURR.y)).toBe(true);
  });

  it('turned, the region changes with the token: the rotation asked for is the one drawn', () => {
    const w = world(tables['crowded middle']);
    const a = purrgilReach(w, 'purr', 2, 0),
      b = purrgilReach(w, 'purr', 2, 90);
    const area = (ps: typeof a) => ps.reduce((s, p) => s + p.area, 0);
    expect(Math.abs(area(a) - area(b))).toBeGreaterThan(1);
  });
});

describe('overlap effects of campaign obstacles', () => {
  it('purrgil: a ship suffers damage equal to its speed, a squadron one damage; exogorth: a ship one damage', () => {
    const w = world({
      obstacles: [PURR, { id: 'exo', type: 'exogorth-1', x: 300, y: 300, rotation: 0 }],
      ships: [
        { id: 'vsd', size: 'medium', player: 1, x: PURR.x, y: PURR.y, rotation: 0, speed: 3 },
        { id: 'neb', size: 'small', player: 2, x: 300, y: 300, rotation: 0, speed: 2 },
      ],
      squadrons: [
        { id: 'tie', player: 1, x: PURR.x + 10, y: PURR.y + 10 },
        { id: 'x', player: 2, x: 300, y: 320 },
      ],
    });
    const o = overlaps(w);
    expect(o.find((e) => e.piece === 'vsd')!.effect).toMatch(/damage equal to its speed \(3\)/);
    expect(o.find((e) => e.piece === 'tie')!.effect).toBe('suffers one damage');
    expect(o.find((e) => e.piece === 'neb')!.effect).toBe('suffers one damage');
    expect(o.find((e) => e.piece === 'x')!.effect).toBe('squadrons are unaffected');
  });
});
