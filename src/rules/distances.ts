import { relate, relateDistance, type Relation } from '../geometry/relate';
import type { DistanceReport } from '../model/report';
import { bandOf } from './bands';
import type { Budget } from './report/budget';
import { type Entry, measureShape, type World } from './world';

/**
 * Every pair of pieces, closest point to closest point, with the distance band. A ship is
 * measured by its plastic base. Touching or overlapping pieces are at 0 mm. With a budget, the
 * pairs past its end are left out (the first pairs in this order are kept) and counted in it.
 */
export function distances(world: World, budget?: Budget): DistanceReport[] {
  const out: DistanceReport[] = [];
  const all = world.all;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      if (budget && (out.length & 63) === 0 && budget.over()) {
        budget.countPairs('distances', out.length, (all.length * (all.length - 1)) / 2);
        return out;
      }
      out.push(distanceBetween(world, all[i], all[j]));
    }
  }
  budget?.countPairs('distances', out.length, out.length);
  return out;
}

/**
 * Two pieces related by their measuring shapes; a huge ship is measured from its two plastic
 * bases (as the reference mod's distance ruler is drawn), not from the gap between them.
 */
export function relateMeasured(a: Entry, b: Entry): Relation {
  const A = a.kind === 'ship' && a.shapes.bases.length > 1 ? a.shapes.bases : [measureShape(a)];
  const B = b.kind === 'ship' && b.shapes.bases.length > 1 ? b.shapes.bases : [measureShape(b)];
  let best: Relation | null = null;
  for (const x of A)
    for (const y of B) {
      const r = relate(x, y);
      if (!best || r.distance < best.distance || (r.distance === best.distance && r.kind === 'overlap'))
        best = r;
    }
  return best!;
}

/**
 * relateMeasured(a, b).distance, the same number, without closest points (the distances section keeps
 * the figure alone).
 */
export function measuredDistance(a: Entry, b: Entry): number {
  if (!(a.kind === 'ship' && a.shapes.bases.length > 1) && !(b.kind === 'ship' && b.shapes.bases.length > 1))
    return relateDistance(measureShape(a), measureShape(b));
  const A = a.kind === 'ship' && a.shapes.bases.length > 1 ? a.shapes.bases : [measureShape(a)];
  const B = b.kind === 'ship' && b.shapes.bases.length > 1 ? b.shapes.bases : [measureShape(b)];
  // the first pair's figure, then a smaller one: relateMeasured's choice (a NaN first stays, as there)
  let best = NaN,
    first = true;
  for (const x of A)
    for (const y of B) {
      const d = relateDistance(x, y);
      if (first || d < best) best = d;
      first = false;
    }
  return best;
}

/** One pair's entry of the distances section. */
export function distanceBetween(world: World, a: Entry, b: Entry): DistanceReport {
  const mm = measuredDistance(a, b);
  return { a: a.id, b: b.id, mm, band: bandOf(mm, world.catalog.ruler.distance).index };
}
