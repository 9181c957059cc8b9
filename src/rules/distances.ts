import { relate } from '../geometry/relate';
import type { DistanceReport } from '../model/report';
import { bandOf } from './bands';
import { type Entry, measureShape, type World } from './world';

/**
 * Every pair of pieces, closest point to closest point, with the distance band. A ship is
 * measured by its plastic base. Touching or overlapping pieces are at 0 mm.
 */
export function distances(world: World): DistanceReport[] {
  const out: DistanceReport[] = [];
  const all = world.all;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) out.push(distanceBetween(world, all[i], all[j]));
  }
  return out;
}

/** One pair's entry of the distances section. */
export function distanceBetween(world: World, a: Entry, b: Entry): DistanceReport {
  const r = relate(measureShape(a), measureShape(b));
  return { a: a.id, b: b.id, mm: r.distance, band: bandOf(r.distance, world.catalog.ruler.distance).index };
}
