import { convexParts } from '../geometry/convex-parts';
import { discPenetration } from '../geometry/disc-penetration';
import { penetrationNear } from '../geometry/penetration';
import { boundaryClosest, polygonsRelation, relate, relateDistance } from '../geometry/relate';
import { TOLERANCE_MM } from '../geometry/tolerance';
import type { OverlapReport, RestsOn, TouchReport } from '../model/report';
import type { Ship } from '../model/table';
import type { Budget } from './report/budget';
import { footprintParts } from './sanity';
import type { ObstacleEntry, ShipEntry, SquadronEntry, World } from './world';

/** The effect of an obstacle on a ship or squadron overlapping it (the seed's Obstacles section). */
/**
 * How deep a ship lies on an obstacle: the least distance it must move, any way, to clear it (its base and
 * shield-dial frames against the outline's convex parts: an exact penetration depth). The overlaps' `depthMm`,
 * and a maneuver's for each obstacle it ends on, so the two say the same of the same pose.
 */
export function shipObstacleDepth(s: Pick<ShipEntry, 'shapes'>, o: ObstacleEntry): number {
  return penetrationNear(footprintParts(s as ShipEntry), convexParts(o.outline)).depth;
}

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
 * Every ship (base with dial frames) or squadron that overlaps an obstacle, with how deep; touching is not
 * overlapping. With a budget, the pairs (obstacle by obstacle: its ships, then its squadrons) past its end are
 * left out and counted in it. `pieces`: only these obstacles against these ships and squadrons (the world's
 * own by default). `touching`: where the pairs that touch within the tolerance without overlapping are put,
 * in the same order (the report's `touching` section).
 */
export function overlaps(
  world: World,
  budget?: Budget,
  pieces: OverlapPieces = world,
  touching?: TouchReport[],
): OverlapReport[] {
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
      // relate's answer, without the closest points it would find (a dragged ship asks it at each step)
      const kind = polygonsRelation(s.shapes.footprint, o.outline);
      if (kind === 'apart') continue;
      // an overlap by the base, or only by a frame; a touch by the base, or only by a frame
      const base = polygonsRelation(s.shapes.base, o.outline);
      const part = base === 'overlap' || (kind === 'touch' && base === 'touch') ? 'base' : 'dial frame';
      const rests = shipRestsOn(world, s, part);
      if (kind === 'touch') {
        if (touching) touching.push(shipTouch(s, o, part, rests));
        continue;
      }
      const entry = {
        piece: s.id,
        obstacle: o.id,
        effect: overlapEffect(world, s, o),
        part,
        why:
          part === 'base'
            ? `${s.id}'s plastic base lies on ${o.id}.`
            : `only a shield-dial frame of ${s.id} lies on ${o.id}; the frames count for overlapping.`,
      } as OverlapReport;
      // the depth (an exact penetration depth over the outline's convex parts) worked out when first read: a drag
      // step's picture outlines the pair without it; an enumerable property in its place, so the entry reads,
      // compares and serialises as one written at once
      let depth: number | undefined;
      Object.defineProperty(entry, 'depthMm', {
        get: () => (depth ??= shipObstacleDepth(s, o)),
        enumerable: true,
      });
      if (rests) entry.restsOn = rests;
      out.push(entry);
    }
    for (const q of pieces.squadrons) {
      if (stop()) return out;
      const c = q.circle;
      if (
        c.cx + c.r < o.outline.minX - TOLERANCE_MM ||
        c.cx - c.r > o.outline.maxX + TOLERANCE_MM ||
        c.cy + c.r < o.outline.minY - TOLERANCE_MM ||
        c.cy - c.r > o.outline.maxY + TOLERANCE_MM
      )
        continue;
      const r = relate(c, o.outline);
      if (r.kind === 'apart') continue;
      const reach = q.circle.r - o.outline.signedDistance(q.circle.cx, q.circle.cy);
      if (r.kind === 'touch') {
        if (touching) touching.push(squadronTouch(world, q, o, reach));
        continue;
      }
      const depthMm = discPenetration(c.cx, c.cy, c.r, o.outline).depth;
      const rests = squadronRestsOn(world, depthMm);
      out.push({
        piece: q.id,
        obstacle: o.id,
        effect: overlapEffect(world, q, o),
        why: `${q.id}'s base reaches ${reach.toFixed(2)} mm into ${o.id}.`,
        depthMm,
        ...(rests ? { restsOn: rests } : {}),
      });
    }
  }
  budget?.countPairs('overlaps', asked, asked);
  return out;
}

const official = (status: string | undefined) => /^official/.test(status ?? '');
const mm = (v: number) => String(Math.round(v * 100) / 100);
const statusWords = (status: string) =>
  status === 'set by the table' ? "set by this table's measurements" : status;

/**
 * What a ship's overlap or touch rests on that is not an official size: only a dial frame reaching the
 * obstacle rests on the frame's size (an estimate in the catalog); a base on the base's, when not official (a
 * huge ship's whole base). The overlaps', the touches' and a maneuver's obstacles' `restsOn`.
 */
export function shipRestsOn(
  world: World,
  s: Pick<ShipEntry, 'piece'>,
  part: 'base' | 'dial frame',
): RestsOn | undefined {
  const size = s.piece.size;
  const spec = world.catalog.shipSizes[size];
  if (part === 'dial frame') {
    const f = spec.dialFrame;
    const status = f.status ?? 'estimated';
    return {
      figure: `${size}.dialFrame`,
      status,
      says:
        `the shield-dial frame's size (${mm(f.width)} mm wide, standing ${mm(f.protrusion)} mm out of the base): ` +
        statusWords(status),
    };
  }
  const b = spec.base;
  if (official(b.status)) return undefined;
  const status = b.status ?? 'estimated';
  return {
    figure: `${size}.base`,
    status,
    says: `the ${size} base's size (${mm(b.width)} x ${mm(b.length)} mm): ${statusWords(status)}`,
  };
}

/**
 * What a squadron's overlap `depthMm` deep (0 for a touch, less than 0 for a miss by that much) rests on: its
 * base's diameter, when that is not official and a base of another size in the catalog's spread would
 * overlap or miss where this one does not (smaller for an overlap, larger for a miss).
 */
function squadronRestsOn(world: World, depthMm: number): RestsOn | undefined {
  const q = world.catalog.squadron as { diameter: number; spread?: [number, number]; status?: string };
  if (official(q.status)) return undefined;
  const [lo, hi] = q.spread ?? [q.diameter, q.diameter];
  if (depthMm > (q.diameter - lo) / 2 || -depthMm > (hi - q.diameter) / 2) return undefined;
  const status = q.status ?? 'estimated';
  return {
    figure: 'squadron',
    status,
    says:
      `the squadron base's diameter (${mm(q.diameter)} mm` +
      `${q.spread ? `; bases measured ${mm(lo)}-${mm(hi)} mm` : ''}): ${statusWords(status)}`,
  };
}

function shipTouch(
  s: ShipEntry,
  o: ObstacleEntry,
  part: 'base' | 'dial frame',
  rests?: RestsOn,
): TouchReport {
  // the boundaries' own gap: 0 where they meet or cross (reaching in by less than the tolerance)
  const gapMm = boundaryClosest(s.shapes.footprint, o.outline).distance;
  const what = part === 'base' ? `${s.id}'s plastic base` : `a shield-dial frame of ${s.id}`;
  return {
    piece: s.id,
    obstacle: o.id,
    gapMm,
    part,
    ...(rests ? { restsOn: rests } : {}),
    why: touchWhy(what, o.id, gapMm),
  };
}

function squadronTouch(world: World, q: SquadronEntry, o: ObstacleEntry, reach: number): TouchReport {
  const gapMm = Math.max(0, -reach);
  const rests = squadronRestsOn(world, 0);
  return {
    piece: q.id,
    obstacle: o.id,
    gapMm,
    ...(rests ? { restsOn: rests } : {}),
    why: touchWhy(`${q.id}'s base`, o.id, gapMm),
  };
}

const touchWhy = (what: string, obstacle: string, gapMm: number) =>
  `${what} touches ${obstacle}: ${gapMm.toFixed(2)} mm apart, within the ${TOLERANCE_MM} mm tolerance; ` +
  'touching is not overlapping.';

/** A ship or squadron clear of an obstacle by more than the tolerance but less than some distance. */
export interface NearMiss {
  piece: string;
  obstacle: string;
  gapMm: number;
  /** which part of a ship comes nearest: its plastic base, or a shield-dial frame */
  part?: 'base' | 'dial frame';
  restsOn?: RestsOn;
}

/**
 * Every ship (base with dial frames) and squadron apart from an obstacle by more than the tolerance and less
 * than `withinMm` (a placement precision): a miss too close to call on the table. Obstacle by obstacle, its
 * ships then its squadrons, as overlaps() lists them. Boxes farther apart than withinMm are passed over.
 */
export function nearMisses(world: World, withinMm: number): NearMiss[] {
  const out: NearMiss[] = [];
  const far = (a: { minX: number; minY: number; maxX: number; maxY: number }, o: ObstacleEntry) =>
    Math.max(
      a.minX - o.outline.maxX,
      o.outline.minX - a.maxX,
      a.minY - o.outline.maxY,
      o.outline.minY - a.maxY,
    ) >= withinMm;
  for (const o of world.obstacles) {
    for (const s of world.ships) {
      if (far(s.shapes.footprint, o)) continue;
      const gapMm = relateDistance(s.shapes.footprint, o.outline);
      if (!(gapMm > TOLERANCE_MM && gapMm < withinMm)) continue;
      // the base as near as the whole footprint: the base comes nearest (a frame may too)
      const part = relateDistance(s.shapes.base, o.outline) <= gapMm ? 'base' : 'dial frame';
      const rests = shipRestsOn(world, s, part);
      out.push({ piece: s.id, obstacle: o.id, gapMm, part, ...(rests ? { restsOn: rests } : {}) });
    }
    for (const q of world.squadrons) {
      if (far(q.circle, o)) continue;
      const gapMm = relateDistance(q.circle, o.outline);
      if (!(gapMm > TOLERANCE_MM && gapMm < withinMm)) continue;
      const rests = squadronRestsOn(world, -gapMm);
      out.push({ piece: q.id, obstacle: o.id, gapMm, ...(rests ? { restsOn: rests } : {}) });
    }
  }
  return out;
}
