/**
 * The region setupLegalRegion draws, fast enough to follow a drag. What an obstacle forbids the
 * next one's centre (its outline summed with the next outline reflected, grown by the spacing
 * band) depends on where it is only by a shift: it is computed once at the origin for each
 * (obstacle type, rotation, next type, rotation, band end) and moved to the obstacle's place. A
 * Minkowski sum costs tens of ms and the shift microseconds, so moving a piece, or dragging an
 * obstacle without turning it, costs only the union and difference of the drawing.
 *
 * The shift is made in clipper's integers, so a vertex may differ from the plain computation's
 * (which rounds the placed outline) by one unit, 1/SCALE mm (test/rules/setup/region.test.ts holds the
 * two together). The region only draws; judgeSetup decides with exact predicates.
 */
import type ClipperLib from 'clipper-lib';
import { minkowskiPaths, offsetPaths, reflected, SCALE } from '../../geometry/offset';
import type { Catalog, ObstacleType } from '../../model/catalog';
import { obstacleOutline } from '../../model/pieces';
import type { Obstacle } from '../../model/table';

type Paths = ClipperLib.Paths;

/** per catalog (a table's measurements make a catalog of their own): origin paths by key */
const cache = new WeakMap<Catalog, Map<string, Paths>>();
/** bound on the cached sums per catalog (each is a few hundred vertices); the oldest go first */
const MAX_CACHED = 400;

/** The paths where obstacle o forbids the centre of the next obstacle (type, rotation), in clipper units. */
export function forbiddenBy(
  cat: Catalog,
  o: Pick<Obstacle, 'type' | 'x' | 'y' | 'rotation'>,
  next: { type: ObstacleType; rotation: number },
  spacingEnd: number,
): Paths {
  let m = cache.get(cat);
  if (!m) cache.set(cat, (m = new Map()));
  const key = `${o.type}|${o.rotation}|${next.type}|${next.rotation}|${spacingEnd}`;
  let origin = m.get(key);
  if (!origin) {
    const O = obstacleOutline(cat, { type: o.type, x: 0, y: 0, rotation: o.rotation });
    const minusS = reflected(obstacleOutline(cat, { type: next.type, x: 0, y: 0, rotation: next.rotation }));
    origin = offsetPaths(minkowskiPaths(O, minusS), spacingEnd);
    if (m.size >= MAX_CACHED) m.delete(m.keys().next().value!);
    m.set(key, origin);
  }
  const tx = Math.round(o.x * SCALE),
    ty = Math.round(o.y * SCALE);
  return origin.map((p) => p.map((q) => ({ X: q.X + tx, Y: q.Y + ty })));
}
