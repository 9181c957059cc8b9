import { relate } from '../geometry/relate';
import type { DistanceReport } from '../model/report';
import { bandOf } from './bands';
import { measureShape, type World } from './world';

/**
 * Every pair of pieces, closest point to closest point, with the distance band. A ship is
 * measured by its plastic base. Touching or overlapping pieces are at 0 mm.
 */
export function distances(world: World): DistanceReport[] {
  const out: DistanceReport[] = [];
  const shapes = world.all.map(measureShape);
  const bands = world.catalog.ruler.distance;
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const r = relate(shapes[i], shapes[j]);
      out.push({ a: world.all[i].id, b: world.all[j].id, mm: r.distance, band: bandOf(r.distance, bands).index });
    }
  }
  return out;
}
