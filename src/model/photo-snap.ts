/**
 * What to ask of snapping (src/photo/snap.ts) for a mark on a piece of the table: a base corner with
 * its two edges where the plane's map and the piece's rough pose put them, a squadron's rim point with
 * its rough centre and radius. The app's photo view (src/ui/photo.ts) and the command line
 * (src/cli/refine-photo.ts) ask the same.
 */
import { place } from '../geometry/point';
import type { PlaneMap } from '../photo/homography';
import type { SnapRequest, XY } from '../photo/snap';
import type { Catalog } from './catalog';
import { type CornerName, cornerLocal } from './photo';
import type { Table } from './table';

/** a ship's base corners in the order a player goes round them */
export const ROUND: CornerName[] = ['front-left', 'front-right', 'rear-right', 'rear-left'];

/** what a point stands for on its piece, for snapping: a ship's corner, a squadron's rim, an obstacle's outline */
export type PointKind = CornerName | 'rim' | 'outline';

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
 * and radius); for what is not snapped, why (an obstacle's outline, a token).
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
  if (ship && point !== 'rim' && point !== 'outline') {
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
  if (t.obstacles.some((o) => o.id === piece))
    return "an obstacle's outline is not snapped (its corners are rounded)";
  return "a token's rim is not snapped";
}
