import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { judgeMove, purrgilReach } from '../src/rules/purrgil';
import { overlaps } from '../src/rules/overlaps';
import type { MoveObstacle } from '../src/model/table';
import { ringBoundaryDistance, ringContains } from './support/oracle';
import { DISTANCE_BANDS, obstacleRing, SQUADRON_DIAMETER } from './support/shapes';
import { discRightOf, rightOf, type T, world, uniform } from './campaign-helpers';

const d1 = DISTANCE_BANDS[0].end, d2 = DISTANCE_BANDS[1].end;
const r = SQUADRON_DIAMETER / 2;
const PURR = { id: 'purr', type: 'purrgil-1', x: 900, y: 450, rotation: 30 };
const move = (to: { x: number; y: number; rotation: number }, maxDistance = 2, minDistance?: number): MoveObstacle =>
  ({ id: 'm', kind: 'move-obstacle', obstacle: 'purr', to, maxDistance, ...(minDistance ? { minDistance } : {}) });
const judge = (t: T, p: MoveObstacle) => judgeMove(world({ obstacles: [PURR], ...t, ...(t.obstacles ? { obstacles: [PURR, ...t.obstacles] } : {}) }), p);

describe('purrgil movement: how far', () => {
  // a translation by v moves the token's extreme point in v's direction exactly |v| from the original
  const shifted = (len: number, deg = 0) => ({ x: PURR.x + len * Math.cos((deg * Math.PI) / 180), y: PURR.y + len * Math.sin((deg * Math.PI) / 180), rotation: PURR.rotation });
  for (const deg of [0, 137]) {
    it(`moved exactly to the distance-2 end line is legal; 0.01 mm more is not (direction ${deg})`, () => {
      expect(judge({}, move(shifted(d2, deg)))).toMatchObject({ legal: true, violations: [] });
      const rep = judge({}, move(shifted(d2 + 0.01, deg)));
      expect(rep.legal).toBe(false);
      expect(rep.violations).toHaveLength(1);
      expect(rep.violations[0]).toMatchObject({ rule: 'no part may end beyond distance 2 of its original position', with: null, measure: 'beyond the band end' });
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
    expect(judge({}, move(here, 2, 1)).violations).toEqual([expect.objectContaining({ rule: 'must move to distance 1 of its original position' })]);
    expect(judge({}, move(shifted(d1), 2, 2)).violations).toEqual([expect.objectContaining({ rule: 'must move to distance 2 of its original position' })]);
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
    fc.assert(fc.property(uniform(0, 360), uniform(0, 150), uniform(0, 360), (dir, len, rot) => {
      const to = { ...shifted(len, dir), rotation: rot };
      const rep = judge({}, move(to));
      const orig = obstacleRing(PURR.type, PURR.x, PURR.y, PURR.rotation);
      const moved = obstacleRing(PURR.type, to.x, to.y, to.rotation);
      let far = 0;
      for (let i = 0; i < moved.length; i++) {
        const [ax, ay] = moved[i], [bx, by] = moved[(i + 1) % moved.length];
        const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 0.05));
        for (let k = 0; k <= n; k++) {
          const x = ax + ((bx - ax) * k) / n, y = ay + ((by - ay) * k) / n;
          far = Math.max(far, ringContains(orig, x, y) ? 0 : ringBoundaryDistance(orig, x, y));
        }
      }
      expect(rep.farthestMm as number).toBeGreaterThanOrEqual(far - 0.002);
      expect(rep.farthestMm as number).toBeLessThanOrEqual(far + 0.05);
      if (far > d2 + 0.06) expect(rep.legal).toBe(false);
      if (far < d2 - 0.01) expect(rep.legal).toBe(true);
    }), { numRuns: 15 });
  });
});

describe('purrgil movement: what it may not end on', () => {
  const to = { x: PURR.x + 60, y: PURR.y + 20, rotation: 75 };
  const movedAt = { type: PURR.type, ...to };
  it('a squadron exactly touching is fine; 0.1 mm into it is not', () => {
    expect(judge({ squadrons: [{ id: 'tie', player: 1, ...discRightOf(movedAt, r, 0) }] }, move(to)).legal).toBe(true);
    const rep = judge({ squadrons: [{ id: 'tie', player: 1, ...discRightOf(movedAt, r, -0.1) }] }, move(to));
    expect(rep.violations).toHaveLength(1);
    expect(rep.violations[0]).toMatchObject({ rule: 'cannot end overlapping a squadron', with: 'tie', measure: 'overlap depth' });
    expect(rep.violations[0].gapMm as number).toBeCloseTo(0.1, 6);
  });
  it('a token, an obstacle and a ship: touching fine, overlapping named', () => {
    expect(judge({ tokens: [{ id: 'obj', radius: 12.5, ...discRightOf(movedAt, 12.5, 0) }] }, move(to)).legal).toBe(true);
    expect(judge({ tokens: [{ id: 'obj', radius: 12.5, ...discRightOf(movedAt, 12.5, -0.5) }] }, move(to)).violations[0]).toMatchObject({ rule: 'cannot end overlapping a token', with: 'obj' });
    expect(judge({ obstacles: [{ id: 'rock', type: 'asteroid-b', rotation: 10, ...rightOf(movedAt, 'asteroid-b', 10, 0) }] }, move(to)).legal).toBe(true);
    const rock = judge({ obstacles: [{ id: 'rock', type: 'asteroid-b', rotation: 10, ...rightOf(movedAt, 'asteroid-b', 10, -0.5) }] }, move(to));
    expect(rock.violations[0]).toMatchObject({ rule: 'cannot end overlapping another obstacle', with: 'rock' });
    const ship = judge({ ships: [{ id: 'vsd', size: 'medium', player: 1, x: to.x, y: to.y + 30, rotation: 0 }] }, move(to));
    expect(ship.violations[0]).toMatchObject({ rule: 'cannot end overlapping a ship', with: 'vsd' });
  });
  it('overlapping its own old position is fine', () => {
    expect(judge({}, move({ x: PURR.x + 5, y: PURR.y, rotation: PURR.rotation + 10 })).legal).toBe(true);
  });
});

describe('purrgilReach', () => {
  it('covers every point within the band of the token that no other piece covers, and nothing beyond the band', () => {
    const t: T = {
      obstacles: [PURR, { id: 'rock', type: 'asteroid-c', x: PURR.x + 90, y: PURR.y, rotation: 0 }],
      squadrons: [{ id: 'tie', player: 1, x: PURR.x, y: PURR.y + 80 }],
      ships: [{ id: 'cr90', size: 'small', player: 2, x: PURR.x - 110, y: PURR.y, rotation: 90 }],
    };
    const w = world(t);
    const region = purrgilReach(w, 'purr', 2);
    const rings = region.map((p) => p.pairs());
    const orig = obstacleRing(PURR.type, PURR.x, PURR.y, PURR.rotation);
    const inRegion = (x: number, y: number) => rings.some((g) => ringContains(g, x, y));
    const otherShapes = w.all.filter((e) => e.id !== 'purr');
    let checkedIn = 0, checkedOut = 0;
    fc.assert(fc.property(uniform(-200, 200), uniform(-200, 200), (dx, dy) => {
      const x = PURR.x + dx, y = PURR.y + dy;
      const d = ringContains(orig, x, y) ? 0 : ringBoundaryDistance(orig, x, y);
      // clearance from the other pieces, by the oracle's brute-force distances
      let clear = Infinity;
      for (const e of otherShapes) {
        const s = e.kind === 'ship' ? e.shapes.footprint : e.kind === 'obstacle' ? e.outline : e.circle;
        const dd = s.kind === 'circle' ? Math.hypot(x - s.cx, y - s.cy) - s.r
          : (ringContains(s.pairs(), x, y) ? -1 : 1) * ringBoundaryDistance(s.pairs(), x, y);
        clear = Math.min(clear, dd);
      }
      if (d <= d2 - 0.05 && clear > 0.1) { checkedIn++; expect(inRegion(x, y)).toBe(true); }
      if (d > d2 + 0.01 || clear < -0.1) { checkedOut++; expect(inRegion(x, y)).toBe(false); }
    }), { numRuns: 400 });
    expect(checkedIn).toBeGreaterThan(50);
    expect(checkedOut).toBeGreaterThan(50);
  });
});

describe('overlap effects of campaign obstacles', () => {
  it('purrgil: a ship suffers damage equal to its speed, a squadron one damage; exogorth: a ship one damage', () => {
    const w = world({
      obstacles: [PURR, { id: 'exo', type: 'exogorth-1', x: 300, y: 300, rotation: 0 }],
      ships: [{ id: 'vsd', size: 'medium', player: 1, x: PURR.x, y: PURR.y, rotation: 0, speed: 3 }, { id: 'neb', size: 'small', player: 2, x: 300, y: 300, rotation: 0, speed: 2 }],
      squadrons: [{ id: 'tie', player: 1, x: PURR.x + 10, y: PURR.y + 10 }, { id: 'x', player: 2, x: 300, y: 320 }],
    });
    const o = overlaps(w);
    expect(o.find((e) => e.piece === 'vsd')!.effect).toMatch(/damage equal to its speed \(3\)/);
    expect(o.find((e) => e.piece === 'tie')!.effect).toBe('suffers one damage');
    expect(o.find((e) => e.piece === 'neb')!.effect).toBe('suffers one damage');
    expect(o.find((e) => e.piece === 'x')!.effect).toBe('squadrons are unaffected');
  });
});
