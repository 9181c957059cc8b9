/**
 * A report that contradicts itself: an attack called `clear` while its line of sight crosses an
 * obstacle outline in the same report's `shapes`. Over 200 random tables (a quarter with two huge
 * ships, each laid with its gap over an obstacle now and then), every clear attack's line is cut
 * against every obstacle outline and every covering outline the report gives, by plain arithmetic
 * written here (test/support/oracle.ts: a ring's containment and boundary distance). A stretch of
 * the line inside an obstacle (more than 0.01 mm from its edge, longer than 0.05 mm) that no
 * covering outline hides (the visible-portion exception: a ship's plastic bases, `bases` of a huge
 * ship and never its gap; for dust a ship attacker's own and the defender's only; a squadron
 * attacker none: the default readings) must not be there, unless the attack names a reading that
 * decided it (`readings`). Tables take the default readings, or now and then another (cover token,
 * hugeGap covered, dust under the attacker visible): one that hides more must say so.
 */
import { describe, expect, it } from 'vitest';
import { generateTable, prng } from '../../../scripts/bench/tables';
import { CATALOG } from '../../../src/model/catalog';
import type { AttackReport } from '../../../src/model/report';
import type { Readings, Ship, Table } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import { ringBoundaryDistance, ringContains, type XY } from '../../support/oracle';

const TABLES = 200;
const MIN_STRETCH = 0.05;
const MIN_DEPTH = 0.01;

type Shapes = Record<
  string,
  { outline?: XY[]; base?: XY[]; bases?: XY[][]; hullZones?: Record<string, XY[]>; circle?: number[] }
>;

/** The parameters (0..1 along p-q) where the segment meets the ring's edges, with 0 and 1, sorted. */
function cuts(ring: readonly XY[], p: XY, q: XY): number[] {
  const ts = [0, 1];
  const dx = q[0] - p[0],
    dy = q[1] - p[1];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i],
      b = ring[(i + 1) % ring.length];
    const ex = b[0] - a[0],
      ey = b[1] - a[1];
    const den = dx * ey - dy * ex;
    if (den === 0) continue;
    const t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den;
    const u = ((a[0] - p[0]) * dy - (a[1] - p[1]) * dx) / den;
    if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
  }
  return ts.sort((x, y) => x - y);
}

const at = (p: XY, q: XY, t: number): XY => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];

/** The stretches [t0, t1] of segment p-q inside any of the rings. */
function insideAny(rings: readonly (readonly XY[])[], p: XY, q: XY): [number, number][] {
  const ts = [...new Set(rings.flatMap((r) => cuts(r, p, q)))].sort((x, y) => x - y);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const m = at(p, q, (ts[i] + ts[i + 1]) / 2);
    if (rings.some((r) => ringContains(r, m[0], m[1]))) out.push([ts[i], ts[i + 1]]);
  }
  return out;
}

/** The visible stretches of the line inside an obstacle: inside it, deep enough, under no cover. */
function visibleStretches(obstacle: XY[], covers: XY[][], p: XY, q: XY): number {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const ts = [...new Set([obstacle, ...covers].flatMap((r) => cuts(r, p, q)))].sort((x, y) => x - y);
  let visible = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const m = at(p, q, (ts[i] + ts[i + 1]) / 2);
    if (!ringContains(obstacle, m[0], m[1])) continue;
    if (ringBoundaryDistance(obstacle, m[0], m[1]) <= MIN_DEPTH) continue;
    if (covers.some((c) => ringContains(c, m[0], m[1]))) continue;
    visible += (ts[i + 1] - ts[i]) * len;
  }
  return visible;
}

/**
 * A ship's covering outlines under the default readings, from the report's shapes: its plastic base,
 * a huge ship's two bases (not the gap). Another reading that hides more must name itself.
 */
function coverRings(shape: Shapes[string]): XY[][] {
  return shape.bases ?? [shape.base!];
}

/** A random table: a few ships and squadrons, some on obstacles; a quarter with two huge ships. */
function randomTable(seed: number): Table {
  const t = generateTable({ shipsPerPlayer: 3, squadronsPerPlayer: 1, obstacles: 8, seed, onObstacle: 0.4 });
  const rnd = prng(seed * 7919 + 1);
  const ships: Ship[] = [...t.ships];
  if (seed % 4 === 0) {
    for (const player of [1, 2] as const) {
      // half the time the gap's middle over an obstacle, lying across it or along it
      const o = t.obstacles[Math.floor(rnd() * t.obstacles.length)];
      const over = rnd() < 0.5;
      ships.push({
        id: `exe${player}`,
        class: 'executor',
        size: 'huge',
        player,
        x: over ? o.x + (rnd() - 0.5) * 20 : 300 + rnd() * 1200,
        y: over ? o.y + (rnd() - 0.5) * 20 : 200 + rnd() * 500,
        rotation: Math.round(rnd() * 360),
        speed: 1,
      });
    }
  }
  const r = rnd();
  const readings: Readings =
    r < 0.1
      ? { cover: 'token' }
      : r < 0.2
        ? { hugeGap: 'covered' }
        : r < 0.25
          ? { dustUnderAttacker: 'visible' }
          : {};
  return { ...t, ships, proposals: [], readings, ruleset: rnd() < 0.5 ? 'seed' : '1.6' };
}

/** What may cover an obstacle for this attack: the ships by the rule (visible-portion exception, dust). */
function coveringShips(a: AttackReport, dust: boolean, table: Table): string[] {
  const shipAttacker = a.attacker.includes('.');
  if (!shipAttacker) return [];
  const ids = table.ships.map((s) => s.id);
  if (!dust) return ids;
  const own = a.attacker.split('.')[0],
    def = a.defender.split('.')[0];
  return ids.filter((id) => id === def || id === own);
}

describe('a report never contradicts itself: clear while the line crosses an obstacle it shows', () => {
  it(`${TABLES} random tables, a quarter with huge ships: every clear line's visible crossing is named by a reading`, () => {
    const bad: string[] = [];
    let clearLines = 0,
      crossed = 0,
      explained = 0,
      underGap = 0,
      hugeTables = 0;
    for (let seed = 1; seed <= TABLES; seed++) {
      const table = randomTable(seed);
      if (table.ships.some((s) => s.size === 'huge')) hugeTables++;
      const report = analyze(table, CATALOG);
      const shapes = report.shapes as unknown as Shapes;
      const obstacles = table.obstacles.map((o) => {
        const ring = shapes[o.id].outline!;
        const xs = ring.map((v) => v[0]),
          ys = ring.map((v) => v[1]);
        const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
        return { id: o.id, dust: o.type.startsWith('dust'), ring, box };
      });
      const huge = table.ships.filter((s) => s.size === 'huge');
      for (const a of report.attacks) {
        const [p, q] = a.losLine as [XY, XY];
        for (const o of obstacles) {
          // quick reject: the line's box apart from the outline's
          const [x0, y0, x1, y1] = o.box;
          if (Math.max(p[0], q[0]) < x0 || Math.min(p[0], q[0]) > x1) continue;
          if (Math.max(p[1], q[1]) < y0 || Math.min(p[1], q[1]) > y1) continue;
          if (!insideAny([o.ring], p, q).length) continue;
          const covers = coveringShips(a, o.dust, table).flatMap((id) => coverRings(shapes[id]));
          const seen = visibleStretches(o.ring, covers, p, q);
          // not vacuous: lines across an obstacle under a huge ship's gap (under its whole base, not its bases)
          for (const h of huge) {
            const { base, bases } = shapes[h.id];
            if (
              visibleStretches(o.ring, bases!, p, q) - visibleStretches(o.ring, [base!], p, q) >
              MIN_STRETCH
            )
              underGap++;
          }
          if (a.los !== 'clear') continue;
          clearLines++;
          if (seen <= MIN_STRETCH) continue;
          crossed++;
          if (a.readings?.length) {
            explained++;
            continue;
          }
          bad.push(
            `seed ${seed}: ${a.attacker} -> ${a.defender} clear, crosses ${o.id} for ${seen.toFixed(2)} mm visible`,
          );
        }
      }
    }
    console.log(
      `self-consistency: ${TABLES} tables (${hugeTables} with huge ships), ${clearLines} clear lines near an obstacle, ` +
        `${crossed} crossing one visibly, all ${explained} named by a reading; ${underGap} lines across an obstacle under a huge ship's gap`,
    );
    expect(bad).toEqual([]);
    expect(hugeTables).toBeGreaterThanOrEqual(TABLES / 4);
    expect(underGap).toBeGreaterThan(20);
  });
});
