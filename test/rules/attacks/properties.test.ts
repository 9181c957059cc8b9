/**
 * Properties of the attack verdicts, on random scenes. Distances that decide whether a piece is
 * "clear of the line" come from @flatten-js/core, not from src/geometry.
 */
import Flatten from '@flatten-js/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Polygon } from '../../../src/geometry/polygon';
import { OBSTACLE_TYPES } from '../../../src/model/catalog';
import type { AttackReport } from '../../../src/model/report';
import type { Obstacle, Ship, Squadron } from '../../../src/model/table';
import { attacksFrom } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { localOutline, ship, squadron, table } from '../../support/attacks';

const F = (P: Polygon) => new Flatten.Polygon(P.pairs().map(([x, y]) => new Flatten.Point(x, y)));
const seg = ([[ax, ay], [bx, by]]: [[number, number], [number, number]]) =>
  new Flatten.Segment(new Flatten.Point(ax, ay), new Flatten.Point(bx, by));
const distPolySeg = (P: Polygon, s: Flatten.Segment) => {
  const poly = F(P);
  if (poly.contains(s.start)) return 0;
  return s.distanceTo(poly)[0];
};
const distPolyPoly = (P: Polygon, Q: Polygon) => {
  const a = F(P),
    b = F(Q);
  if (a.contains(b.vertices[0]) || b.contains(a.vertices[0])) return 0;
  return a.distanceTo(b)[0];
};

const ZONES = ['front', 'left', 'right', 'rear'] as const;
const sceneArb = fc.record({
  aRot: fc.double({ min: -180, max: 180, noNaN: true }),
  bRot: fc.double({ min: -180, max: 180, noNaN: true }),
  bAng: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
  bDist: fc.double({ min: 170, max: 300, noNaN: true }),
  zone: fc.constantFrom(...ZONES),
  ruleset: fc.constantFrom('seed' as const, '1.6' as const),
});
type SceneSpec = typeof sceneArb extends fc.Arbitrary<infer T> ? T : never;

function baseScene(s: SceneSpec) {
  const A = ship('a', 1, 800, 450, s.aRot);
  const B = ship('b', 2, 800 + s.bDist * Math.cos(s.bAng), 450 + s.bDist * Math.sin(s.bAng), s.bRot);
  const S = squadron(
    's',
    2,
    800 + (s.bDist - 10) * Math.cos(s.bAng + 0.6),
    450 + (s.bDist - 10) * Math.sin(s.bAng + 0.6),
  );
  return { A, B, S };
}

const verdict = (r: AttackReport) => ({
  inArc: r.inArc,
  range: r.range,
  rangeMm: r.rangeMm,
  los: r.los,
  obstructedBy: [...r.obstructedBy].sort(),
  grazing: [...r.grazing].sort(),
  blockedBy: r.blockedBy ?? [],
  dustBy: r.dustBy ?? [],
});

const pieceArb = fc.record({
  kind: fc.constantFrom('obstacle', 'ship', 'squadron'),
  x: fc.double({ min: 450, max: 1150, noNaN: true }),
  y: fc.double({ min: 100, max: 800, noNaN: true }),
  rot: fc.double({ min: -180, max: 180, noNaN: true }),
  type: fc.constantFrom(...OBSTACLE_TYPES),
  player: fc.constantFrom(1 as const, 2 as const),
});

describe('attack verdict properties', () => {
  it('adding or removing pieces that do not touch either line (nor the two shield dials read by the 1.5 rule) never changes the verdict', () => {
    fc.assert(
      fc.property(
        sceneArb,
        fc.array(pieceArb, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (s, extra, keep) => {
          const { A, B, S } = baseScene(s);
          const t0 = table({ ships: [A, B], squadrons: [S], ruleset: s.ruleset });
          const w0 = new World(t0);
          const reports = attacksFrom(w0, `a.${s.zone}`);
          const ships: Ship[] = [],
            squads: Squadron[] = [],
            obs: Obstacle[] = [];
          extra.forEach((p, i) => {
            const id = `x${i}`;
            if (p.kind === 'ship') ships.push(ship(id, p.player, p.x, p.y, p.rot, 'small', 'cr90'));
            else if (p.kind === 'squadron') squads.push(squadron(id, p.player === 1 ? 1 : 2, p.x, p.y));
            else obs.push({ id, type: p.type, x: p.x, y: p.y, rotation: p.rot });
          });
          const w1 = new World(
            table({ ships: [A, B, ...ships], squadrons: [S, ...squads], obstacles: obs, ruleset: s.ruleset }),
          );
          // the outline each extra piece would show to a line: a ship's plastic base, a disc (as a
          // fine polygon for flatten), an obstacle's token
          const shapeOf = (id: string): Polygon | null => {
            const e = w1.byId.get(id)!;
            if (e.kind === 'ship') return e.shapes.footprint;
            if (e.kind === 'obstacle') return e.outline;
            return null;
          };
          const dials = [
            ...ZONES.map((z) => w1.ships[0].shapes.dials[z]),
            ...ZONES.map((z) => w1.ships[1].shapes.dials[z]),
          ];
          const lines = reports.flatMap((r0) => [seg(r0.losLine), seg(r0.rangeLine!)]);
          const clear = (id: string) => {
            const e = w1.byId.get(id)!;
            if (e.kind === 'squadron') {
              const c = new Flatten.Point(e.circle.cx, e.circle.cy);
              return lines.every((l) => l.distanceTo(c)[0] > e.circle.r + 0.01);
            }
            const P = shapeOf(id)!;
            return (
              lines.every((l) => distPolySeg(P, l) > 0.01) && dials.every((d) => distPolyPoly(P, d) > 0.01)
            );
          };
          const ids = extra.map((_, i) => `x${i}`).filter(clear);
          const keepIds = ids.filter((_, i) => keep[i]);
          const world = (chosen: string[]) =>
            new World(
              table({
                ships: [A, B, ...ships.filter((p) => chosen.includes(p.id))],
                squadrons: [S, ...squads.filter((p) => chosen.includes(p.id))],
                obstacles: obs.filter((p) => chosen.includes(p.id)),
                ruleset: s.ruleset,
              }),
            );
          const bySub = attacksFrom(world(keepIds), `a.${s.zone}`);
          const byAll = attacksFrom(world(ids), `a.${s.zone}`);
          // extra enemy squadrons are new defenders: compare the pairs of the base scene
          const same = (rs: AttackReport[]) =>
            reports.map((r0) => verdict(rs.find((r) => r.defender === r0.defender)!));
          expect(same(bySub)).toEqual(reports.map(verdict));
          expect(same(byAll)).toEqual(reports.map(verdict));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('an obstacle well clear of both lines never obstructs, grazes or forbids', () => {
    fc.assert(
      fc.property(sceneArb, pieceArb, (s, p) => {
        const { A, B, S } = baseScene(s);
        const o: Obstacle = { id: 'o', type: p.type, x: p.x, y: p.y, rotation: p.rot };
        const w = new World(table({ ships: [A, B], squadrons: [S], obstacles: [o], ruleset: s.ruleset }));
        const dials = [w.ships[0].shapes.dials[s.zone], ...ZONES.map((z) => w.ships[1].shapes.dials[z])];
        for (const r of attacksFrom(w, `a.${s.zone}`)) {
          const O = w.obstacles[0].outline;
          if (distPolySeg(O, seg(r.losLine)) <= 0.01 || distPolySeg(O, seg(r.rangeLine!)) <= 0.01) continue;
          if (s.ruleset === 'seed' && dials.some((d) => distPolyPoly(O, d) <= 0.01)) continue;
          expect(r.obstructedBy).not.toContain('o');
          expect(r.grazing).not.toContain('o');
          expect(r.dustBy ?? []).not.toContain('o');
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a line of sight through an obstacle deeper than the tolerance (no ship on it) is obstructed or worse', () => {
    fc.assert(
      fc.property(
        sceneArb,
        fc.constantFrom(...OBSTACLE_TYPES),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        fc.nat(),
        (s, type, rot, at, pick) => {
          const { A, B, S } = baseScene(s);
          const w0 = new World(table({ ships: [A, B], squadrons: [S], ruleset: s.ruleset }));
          const reports = attacksFrom(w0, `a.${s.zone}`);
          const r0 = reports[pick % reports.length];
          // a point of the obstacle at least 0.5 mm inside it, by flatten
          const local = localOutline(type).placed(0, 0, rot);
          const Fl = F(local);
          let deep: Flatten.Point | null = null;
          for (let k = 0; k < 400 && !deep; k++) {
            const x = local.minX + ((k * 0.618034) % 1) * (local.maxX - local.minX);
            const y = local.minY + ((k * 0.381966 + (0.5 * (k % 7)) / 7) % 1) * (local.maxY - local.minY);
            if (local.signedDistance(x, y) > -0.6) continue; // search with src, confirm with flatten
            const pt = new Flatten.Point(x, y);
            if (Fl.contains(pt) && pt.distanceTo(Fl)[0] > 0.5) deep = pt;
          }
          fc.pre(deep !== null);
          const [[px, py], [qx, qy]] = r0.losLine;
          const lx = px + (qx - px) * at,
            ly = py + (qy - py) * at;
          const o: Obstacle = { id: 'o', type, x: lx - deep!.x, y: ly - deep!.y, rotation: rot };
          const w = new World(table({ ships: [A, B], squadrons: [S], obstacles: [o], ruleset: s.ruleset }));
          const O = w.obstacles[0].outline;
          fc.pre(
            distPolyPoly(O, w.ships[0].shapes.footprint) > 0.01 &&
              distPolyPoly(O, w.ships[1].shapes.footprint) > 0.01,
          );
          const r = attacksFrom(w, `a.${s.zone}`).find((x) => x.defender === r0.defender)!;
          expect(['obstructed', 'dust', 'blocked']).toContain(r.los);
          expect([...r.obstructedBy, ...((r.dustBy as string[] | undefined) ?? [])]).toContain('o');
        },
      ),
      { numRuns: 80 },
    );
  });
});
