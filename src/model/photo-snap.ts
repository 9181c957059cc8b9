/**
 * What to ask of snapping (src/photo/snap.ts) for a mark on a piece of the table: a base corner with
 * its two edges where the plane's map and the piece's rough pose put them, a squadron's rim point with
 * its rough centre and radius, an obstacle's point with its outline where the map and its rough pose
 * put it. The app's photo view and snap worker (src/ui/photo.ts, src/ui/photo-snap-worker.ts) and the
 * command line (src/cli/refine-photo.ts) ask the same, and read what a mark stands for the same way
 * (markKind).
 */
import { place } from '../geometry/point';
import type { PlaneMap } from '../photo/homography';
import type { SnapRequest, XY } from '../photo/snap';
import type { Catalog } from './catalog';
import { type CornerName, cornerLocal, type PhotoMark, poseModel } from './photo';
import type { Obstacle, Table } from './table';

/** a ship's base corners in the order a player goes round them */
export const ROUND: CornerName[] = ['front-left', 'front-right', 'rear-right', 'rear-left'];

/**
 * what a point stands for on its piece, for snapping: a ship's corner, a squadron's rim, an obstacle's
 * (or token's) point in its own frame, or a point of an outline not yet known (`outline`)
 */
export type PointKind = CornerName | 'rim' | 'outline' | XY;

/** What the `j`th point of a photo mark stands for on its piece. */
export function markKind(t: Table, m: Pick<PhotoMark, 'piece' | 'points'>, j: number): PointKind {
  const p = Array.isArray(m.points) ? m.points[j] : undefined;
  if (t.ships.some((s) => s.id === m.piece)) return typeof p === 'string' ? p : ROUND[Math.min(3, j)];
  if (t.squadrons.some((s) => s.id === m.piece)) return 'rim';
  return Array.isArray(p) ? [p[0], p[1]] : 'outline';
}

/** an obstacle's outline and its point `local` (own frame) in the photo, where the map and its rough pose put them */
function outlineRequest(tap: XY, ob: Obstacle, cat: Catalog, map: PlaneMap, local: XY): SnapRequest {
  const ref = { kind: 'obstacle', piece: ob } as Parameters<typeof poseModel>[1];
  const see = (x: number, y: number): XY => {
    const q = map.toPx(place(x, y, ob.x, ob.y, ob.rotation));
    return [q.x, q.y];
  };
  const outline = poseModel(cat, ref, []).outline.map((p) => see(p.x, p.y));
  return { kind: 'outline', tap, outline, at: see(local[0], local[1]) };
}

/** the rough radius of a squadron's base in the photo, px: its rim's mean distance from its centre there */
function radiusPx(map: PlaneMap, x: number, y: number, r: number): number {
  const c = map.toPx({ x, y });
  let sum = 0;
  for (let k = 0; k < 8; k++) {
    const q = map.toPx(place(r, 0, x, y, k * 45));
    sum += Math.hypot(q.x - c.x, q.y - c.y) / 8;
  }
  return sum;
}

/**
 * What to ask of snapping for a tap on a piece: a base corner (with its two edges where the map and
 * the piece's rough pose put them, once there is a map), a squadron's rim point (its rough centre
 * and radius), an obstacle's point (its outline, once there is a map); for what is not snapped, why
 * (a token, no map yet).
 */
export function snapRequest(
  at: XY,
  t: Table,
  cat: Catalog,
  map: PlaneMap | undefined,
  piece: string,
  point: PointKind,
): SnapRequest | string {
  const tap: XY = [at[0], at[1]];
  const ship = t.ships.find((s) => s.id === piece);
  if (ship && typeof point === 'string' && point !== 'rim' && point !== 'outline') {
    if (!map) return { kind: 'corner', tap };
    const see = (c: CornerName) => {
      const l = cornerLocal(cat, ship, c);
      return map.toPx(place(l.x, l.y, ship.x, ship.y, ship.rotation));
    };
    const k = ROUND.indexOf(point);
    const c = see(point);
    const edges = [ROUND[(k + 1) % 4], ROUND[(k + 3) % 4]].map((n): XY => {
      const q = see(n);
      return [q.x - c.x, q.y - c.y];
    }) as [XY, XY];
    return { kind: 'corner', tap, edges, reachPx: [Math.hypot(...edges[0]), Math.hypot(...edges[1])] };
  }
  const sq = t.squadrons.find((s) => s.id === piece);
  if (sq) {
    if (!map) return 'calibrate first';
    const c = map.toPx(sq);
    return {
      kind: 'rim',
      tap,
      centre: [c.x, c.y],
      radiusPx: radiusPx(map, sq.x, sq.y, cat.squadron.diameter / 2),
    };
  }
  const ob = t.obstacles.find((o) => o.id === piece);
  if (ob) {
    if (!map) return "calibrate first: the obstacle's outline is put in the photo by the map";
    if (!Array.isArray(point)) return "which point of the obstacle's outline was marked is not known";
    return outlineRequest(tap, ob, cat, map, point);
  }
  return "a token's rim is not snapped";
}
