/**
 * "Snap to touching" for an exogorth being placed (seed, Obstacles: "An exogorth obstacle is
 * placed touching another obstacle"): slide it along the way it is pushed until it touches the
 * first obstacle in its way. A hand cannot set a token within 0.005 mm of another; this is how a
 * player places it so that it touches. Nothing is judged here: the placement is judged as any.
 */
import { closest } from '../../geometry/relate';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { obstacleOutline } from '../../model/pieces';
import type { Obstacle } from '../../model/table';
import type { World } from '../world';

export interface ExogorthSnap {
  x: number;
  y: number;
  /** the obstacle it now touches */
  touches: string;
  /** how far it slid, mm */
  movedMm: number;
}

/** The gap left when a slide stops: well inside the tolerance, so the rule's test says "touch". */
const STOP_MM = TOLERANCE_MM / 4;

/**
 * Slide `o` (an exogorth's obstacle, not yet on the table or on it under its own id) along `dir`
 * until it touches another obstacle. Conservative advancement: each step moves by the least gap
 * to any other obstacle, which the exogorth cannot cross in that step, so it never overlaps one;
 * it stops once the gap is below STOP_MM. Without `dir` it slides straight toward the nearest
 * obstacle (one step). Null: nothing lies that way on the table, or it already overlaps one.
 */
export function snapExogorthTouching(
  world: World,
  o: Obstacle,
  dir?: { x: number; y: number },
): ExogorthSnap | null {
  const others = world.obstacles.filter((e) => e.id !== o.id);
  if (!others.length) return null;
  const T = world.catalog.tables[world.table.table];
  const reach = Math.hypot(T.width, T.height);
  const gapAt = (x: number, y: number) => {
    const E = obstacleOutline(world.catalog, { ...o, x, y });
    let best = { d: Infinity, id: '', a: { x: 0, y: 0 }, b: { x: 0, y: 0 } };
    for (const e of others) {
      const c = closest(E, e.outline);
      if (c.distance < best.d) best = { d: c.distance, id: e.id, a: c.a, b: c.b };
    }
    return best;
  };
  let g = gapAt(o.x, o.y);
  if (g.d <= 0) return null;
  let ux: number, uy: number;
  if (dir) {
    const l = Math.hypot(dir.x, dir.y);
    if (!(l > 0)) return null;
    ux = dir.x / l;
    uy = dir.y / l;
  } else {
    ux = (g.b.x - g.a.x) / g.d;
    uy = (g.b.y - g.a.y) / g.d;
  }
  let t = 0;
  for (let i = 0; i < 400 && g.d > STOP_MM; i++) {
    // a step of the whole gap would end exactly touching; a hair less keeps it from overlapping by rounding
    t += g.d - STOP_MM / 2;
    if (t > reach) return null;
    g = gapAt(o.x + ux * t, o.y + uy * t);
  }
  if (g.d > STOP_MM) return null;
  return { x: o.x + ux * t, y: o.y + uy * t, touches: g.id, movedMm: t };
}
