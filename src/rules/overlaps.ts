import { polygonsOverlap, relate } from '../geometry/relate';
import type { OverlapReport } from '../model/report';
import type { Ship } from '../model/table';
import type { Budget } from './report/budget';
import type { ObstacleEntry, ShipEntry, SquadronEntry, World } from './world';

/** The effect of an obstacle on a ship or squadron overlapping it (the seed's Obstacles section). */
export function overlapEffect(
  world: World,
  piece: ShipEntry | SquadronEntry,
  obstacle: ObstacleEntry,
): string {
  const kind = obstacle.obstacleKind;
  if (piece.kind === 'ship' && kind === 'purrgil') {
    const speed = (piece.piece as Ship).speed;
    return `suffers damage equal to its speed (${speed})`;
  }
  const effect = world.catalog.obstacleEffects[kind][piece.kind === 'ship' ? 'ship' : 'squadron'];
  if (effect) return effect;
  if (kind === 'dust') return 'no effect from overlapping (a dust field only affects line of sight)';
  return piece.kind === 'squadron' ? 'squadrons are unaffected' : 'no effect';
}

/** The pieces overlaps() takes pair by pair: the world's own, or some of them (a drag step's moved pieces). */
export type OverlapPieces = Pick<World, 'ships' | 'squadrons' | 'obstacles'>;

/**
 * Every ship (base with dial frames) or squadron that overlaps an obstacle; touching is not
 * overlapping. With a budget, the pairs (obstacle by obstacle: its ships, then its squadrons)
 * past its end are left out and counted in it. `pieces`: only these obstacles against these ships
 * and squadrons (the world's own by default).
 */
export function overlaps(world: World, budget?: Budget, pieces: OverlapPieces = world): OverlapReport[] {
  const out: OverlapReport[] = [];
  const asked = pieces.obstacles.length * (pieces.ships.length + pieces.squadrons.length);
  let pairs = 0;
  const stop = () => {
    if (!budget || (pairs++ & 31) !== 0 || !budget.over()) return false;
    budget.countPairs('overlaps', pairs - 1, asked);
    return true;
  };
  for (const o of pieces.obstacles) {
    for (const s of pieces.ships) {
      if (stop()) return out;
      // relate's overlap answer, without the closest points it would find (a dragged ship asks it at each step)
      if (!polygonsOverlap(s.shapes.footprint, o.outline)) continue;
      const part = polygonsOverlap(s.shapes.base, o.outline) ? 'base' : 'dial frame';
      out.push({
        piece: s.id,
        obstacle: o.id,
        effect: overlapEffect(world, s, o),
        part,
        why:
          part === 'base'
            ? `${s.id}'s plastic base lies on ${o.id}.`
            : `only a shield-dial frame of ${s.id} lies on ${o.id}; the frames count for overlapping.`,
      });
    }
    for (const q of pieces.squadrons) {
      if (stop()) return out;
      const c = q.circle;
      if (
        c.cx + c.r < o.outline.minX ||
        c.cx - c.r > o.outline.maxX ||
        c.cy + c.r < o.outline.minY ||
        c.cy - c.r > o.outline.maxY
      )
        continue;
      const r = relate(c, o.outline);
      if (r.kind !== 'overlap') continue;
      const depth = q.circle.r - o.outline.signedDistance(q.circle.cx, q.circle.cy);
      out.push({
        piece: q.id,
        obstacle: o.id,
        effect: overlapEffect(world, q, o),
        why: `${q.id}'s base reaches ${depth.toFixed(2)} mm into ${o.id}.`,
      });
    }
  }
  budget?.countPairs('overlaps', asked, asked);
  return out;
}
