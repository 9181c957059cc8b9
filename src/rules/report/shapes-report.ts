import type { Polygon } from '../../geometry/polygon';
import type { Point } from '../../geometry/point';
import type { ShapeReport, ShipShapesReport, XY } from '../../model/report';
import type { Entry, World } from '../world';

const ring = (p: Polygon): XY[] => p.pairs();
const xy = (p: Point): XY => [p.x, p.y];

/** Every piece as the analysis used it, in table coordinates. */
export function shapesReport(world: World): Record<string, ShapeReport> {
  const out: Record<string, ShapeReport> = Object.create(null); // keyed by id: no prototype behind it
  for (const e of world.all) out[e.id] = shapeOf(e);
  return out;
}

export function shapeOf(e: Entry): ShapeReport {
  switch (e.kind) {
    case 'ship': {
      const s = e.shapes;
      return {
        base: ring(s.base),
        footprint: ring(s.footprint),
        hullZones: Object.fromEntries(
          s.zones.map((z) => [z, ring(s.hullZones[z])]),
        ) as ShipShapesReport['hullZones'],
        targetingPoints: Object.fromEntries(
          s.zones.map((z) => [z, xy(s.targetingPoints[z])]),
        ) as ShipShapesReport['targetingPoints'],
        // a huge ship's two plastic bases (its `base` is the whole of them and the gap)
        ...(s.bases.length > 1 ? { bases: s.bases.map(ring) } : {}),
      };
    }
    case 'squadron':
    case 'token':
      return { circle: [e.circle.cx, e.circle.cy, e.circle.r] };
    case 'obstacle':
      return { outline: ring(e.outline) };
  }
}
