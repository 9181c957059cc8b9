/**
 * Gravity rift (seed, Obstacles): effects on ships by their distance to the rift.
 * - deploying at distance 1-2: speed dial set to 0;
 * - overlapping: speed dial reduced to 0;
 * - at distance 1-2 when resolving Determine Course: speed -1 (minimum 0) for that maneuver.
 * Distance is measured from the ship's plastic base (dials and frames ignored); overlapping
 * uses the base with its dial frames, as every overlap does.
 */
import { grownOutline } from '../../geometry/offset';
import type { Polygon } from '../../geometry/polygon';
import { hullsApartBeyond, relate } from '../../geometry/relate';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { RiftReport } from '../../model/report';
import { bandOf, edgeNote } from '../bands';
import type { ObstacleEntry, ShipEntry, World } from '../world';

export const RIFT_EFFECTS = {
  deploy: 'speed dial set to 0 if deployed here',
  overlap: 'speed dial reduced to 0',
  course: 'speed -1 when determining course',
} as const;

function riftEntry(world: World, riftId: string): ObstacleEntry {
  const e = world.byId.get(riftId);
  if (!e || e.kind !== 'obstacle' || e.obstacleKind !== 'gravity-rift')
    throw new Error(`no gravity rift with id "${riftId}"`);
  return e;
}

/**
 * For drawing: the rift's outline grown by the distance-1 band end and by the distance-2 band end
 * (the ruler's figures in world.catalog). A ship any part of whose base lies inside the outer
 * outline is at distance 1-2.
 */
export function riftBands(world: World, riftId: string): { distance1: Polygon[]; distance2: Polygon[] } {
  const rift = riftEntry(world, riftId);
  const [d1, d2] = world.catalog.ruler.distance;
  return { distance1: grownOutline(rift.outline, d1.end), distance2: grownOutline(rift.outline, d2.end) };
}

/**
 * Every ship overlapping a gravity rift or at distance 1-2 of it. An overlapping ship is reported
 * at band 1: it is at distance 0 of the rift, which the ruler puts in distance 1, so the
 * distance 1-2 effects apply to it as well as the overlap effect.
 */
export function rift(world: World): RiftReport[] {
  const out: RiftReport[] = [];
  for (const o of world.obstacles) {
    if (o.obstacleKind !== 'gravity-rift') continue;
    for (const s of world.ships) {
      const r = shipAtRift(world, s, o);
      if (r) out.push(r);
    }
  }
  return out;
}

/**
 * Each ship's entry at each rift, kept by the two entries: a world reuses an unmoved piece's entry (the same
 * piece, the same catalog), so a drag step judges only the moved ship's again.
 */
const atRift = new WeakMap<ShipEntry, WeakMap<ObstacleEntry, RiftReport | null>>();

function shipAtRift(world: World, s: ShipEntry, o: ObstacleEntry): RiftReport | null {
  let m = atRift.get(s);
  if (!m) atRift.set(s, (m = new WeakMap()));
  let r = m.get(o);
  if (r === undefined) m.set(o, (r = judgeShipAtRift(world, s, o)));
  return r;
}

/** One ship at one rift: overlapping it or at distance 1-2 of it, else null. */
function judgeShipAtRift(world: World, s: ShipEntry, o: ObstacleEntry): RiftReport | null {
  const bands = world.catalog.ruler.distance;
  // beyond this a ship is not at distance 1-2 (what the ruler counts as the band's end line included)
  const reach = bands[1].end + TOLERANCE_MM;
  // far ships first, by separating axes (certain): most of the table is nowhere near the rift
  if (
    hullsApartBeyond(s.shapes.footprint, o.outline, TOLERANCE_MM) &&
    hullsApartBeyond(s.shapes.base, o.outline, reach)
  )
    return null;
  const overlapping = relate(s.shapes.footprint, o.outline).kind === 'overlap';
  const r = relate(s.shapes.base, o.outline);
  const b = bandOf(r.distance, bands);
  if (!overlapping && (b.index === null || b.index > 2)) return null;
  const band = b.index as number;
  const effects: string[] = [];
  if (overlapping) effects.push(RIFT_EFFECTS.overlap);
  effects.push(RIFT_EFFECTS.deploy, RIFT_EFFECTS.course);
  const speed = s.piece.speed;
  const why = overlapping
    ? `${s.id} overlaps ${o.id}: its speed dial is reduced to 0 (from ${speed}); being at distance 1 of it, it ` +
      `also has speed -1 (minimum 0) when determining course.`
    : `${s.id}'s base is ${r.distance.toFixed(2)} mm from ${o.id}, distance ${band}${edgeNote(b)}: it would ` +
      `deploy at speed 0, and determines course at speed ${Math.max(0, speed - 1)} instead of ${speed}.`;
  return { ship: s.id, band, effects, rift: o.id, mm: r.distance, overlapping, why };
}
