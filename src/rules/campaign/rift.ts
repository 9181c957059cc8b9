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
import type { Band } from '../../model/catalog';
import type { RiftEdge, RiftNearReport, RiftReport } from '../../model/report';
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
 * How near a band end a ship must be to be named as near it, mm, beyond the end's measured spread: the report
 * has no placement precision, so the app judges a margin within this against its own.
 */
export const RIFT_NEAR_MM = 1;

/** The end of distance 2 (what decides whether a rift's distance 1-2 effects apply) and its measured spread. */
function secondEnd(world: World): { b: Band; spread: [number, number] | null } {
  const b = world.catalog.ruler.distance[1];
  // a band end the table sets is its own ruler's: no spread of other rulers around it
  return { b, spread: b.status !== 'set by the table' && b.spread ? b.spread : null };
}

/**
 * A ship's base `mm` from a rift, near the end of distance 2: within that end's measured spread (a real ruler
 * could read it either way) or within RIFT_NEAR_MM of it. Null when it is not, or when the ship overlaps the rift
 * (no ruler decides that). `speed`: the ship's speed dial, for what each reading does to it.
 */
export function riftEdge(world: World, riftId: string, mm: number, speed: number): RiftEdge | null {
  const { b, spread } = secondEnd(world);
  const within = mm <= b.end + TOLERANCE_MM;
  const marginMm = Math.abs(b.end - mm);
  const inSpread = !!spread && mm >= spread[0] - TOLERANCE_MM && mm <= spread[1] + TOLERANCE_MM;
  if (!inSpread && marginMm > RIFT_NEAR_MM) return null;
  const course = Math.max(0, speed - 1);
  const otherwise = within
    ? `no effect: it would deploy at the speed chosen and determine course at speed ${speed}`
    : `it would deploy at speed 0 and determine course at speed ${course} instead of ${speed}`;
  const edge: RiftEdge = {
    band: 2,
    endMm: b.end,
    spread,
    marginMm,
    side: within ? 'within' : 'beyond',
    inSpread,
    otherwise,
    says: '',
  };
  edge.says = `${riftEdgeWords(edge, mm, riftId)}; read ${within ? 'beyond' : 'at'} distance 2, ${otherwise}.`;
  return edge;
}

/**
 * Where a base `mm` from a rift lies against distance 2's end, in words, with "Too close to call: " before it
 * when within the end's measured spread: "Too close to call: 124.76 mm from rift is 0.01 mm beyond the end of
 * distance 2 (124.75 mm; measured rulers 121.90-125.40 mm), within the measured spread of that line".
 */
export function riftEdgeWords(edge: RiftEdge, mm: number, riftId: string, lead = true): string {
  const f2 = (v: number) => v.toFixed(2);
  const { spread } = edge;
  return (
    `${lead && edge.inSpread ? 'Too close to call: ' : ''}${f2(mm)} mm from ${riftId} is ` +
    (edge.marginMm <= TOLERANCE_MM
      ? 'on'
      : `${f2(edge.marginMm)} mm ${edge.side === 'within' ? 'inside' : 'beyond'}`) +
    ` the end of distance 2 (${f2(edge.endMm)} mm` +
    `${spread ? `; measured rulers ${f2(spread[0])}-${f2(spread[1])} mm` : ''})` +
    (edge.inSpread ? ', within the measured spread of that line' : '')
  );
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
      const r = shipAtRift(world, s, o).at;
      if (r) out.push(r);
    }
  }
  return out;
}

/**
 * The report's `riftNear` section: every ship beyond distance 2 of a gravity rift but near that band's end
 * (within its measured spread, or within RIFT_NEAR_MM), rift by rift; undefined on a table without a rift.
 */
export function riftNear(world: World): RiftNearReport[] | undefined {
  let out: RiftNearReport[] | undefined;
  for (const o of world.obstacles) {
    if (o.obstacleKind !== 'gravity-rift') continue;
    out ??= [];
    for (const s of world.ships) {
      const r = shipAtRift(world, s, o).near;
      if (r) out.push(r);
    }
  }
  return out;
}

interface AtRift {
  /** at distance 1-2 or overlapping: the rift section's entry */
  at: RiftReport | null;
  /** beyond distance 2, near its end: the riftNear section's entry */
  near: RiftNearReport | null;
}
const NOWHERE: AtRift = { at: null, near: null };

/**
 * Each ship's entry at each rift, kept by the two entries: a world reuses an unmoved piece's entry (the same
 * piece, the same catalog), so a drag step judges only the moved ship's again.
 */
const atRift = new WeakMap<ShipEntry, WeakMap<ObstacleEntry, AtRift>>();

function shipAtRift(world: World, s: ShipEntry, o: ObstacleEntry): AtRift {
  let m = atRift.get(s);
  if (!m) atRift.set(s, (m = new WeakMap()));
  let r = m.get(o);
  if (r === undefined) m.set(o, (r = judgeShipAtRift(world, s, o)));
  return r;
}

/** One ship at one rift: overlapping it or at distance 1-2 of it, or beyond distance 2 near its end. */
function judgeShipAtRift(world: World, s: ShipEntry, o: ObstacleEntry): AtRift {
  const bands = world.catalog.ruler.distance;
  const { b: end, spread } = secondEnd(world);
  // beyond this a ship is neither at distance 1-2 (the band's end line included) nor near its end
  const reach = Math.max(end.end + RIFT_NEAR_MM, spread ? spread[1] : 0) + TOLERANCE_MM;
  // far ships first, by separating axes (certain): most of the table is nowhere near the rift
  if (
    hullsApartBeyond(s.shapes.footprint, o.outline, TOLERANCE_MM) &&
    hullsApartBeyond(s.shapes.base, o.outline, reach)
  )
    return NOWHERE;
  const overlapping = relate(s.shapes.footprint, o.outline).kind === 'overlap';
  const r = relate(s.shapes.base, o.outline);
  const b = bandOf(r.distance, bands);
  const speed = s.piece.speed;
  const edge = overlapping ? null : riftEdge(world, o.id, r.distance, speed);
  if (!overlapping && (b.index === null || b.index > 2)) {
    if (!edge) return NOWHERE;
    const why =
      `${s.id}'s base is ${r.distance.toFixed(2)} mm from ${o.id}, beyond distance 2: no effect. ` +
      edge.says;
    return { at: null, near: { ship: s.id, rift: o.id, mm: r.distance, nearEnd: edge, why } };
  }
  const band = b.index as number;
  const effects: string[] = [];
  if (overlapping) effects.push(RIFT_EFFECTS.overlap);
  effects.push(RIFT_EFFECTS.deploy, RIFT_EFFECTS.course);
  const why = overlapping
    ? `${s.id} overlaps ${o.id}: its speed dial is reduced to 0 (from ${speed}); being at distance 1 of it, it ` +
      `also has speed -1 (minimum 0) when determining course.`
    : `${s.id}'s base is ${r.distance.toFixed(2)} mm from ${o.id}, distance ${band}${edgeNote(b)}: it would ` +
      `deploy at speed 0, and determines course at speed ${Math.max(0, speed - 1)} instead of ${speed}.` +
      (edge ? ` ${edge.says}` : '');
  const at: RiftReport = { ship: s.id, band, effects, rift: o.id, mm: r.distance, overlapping, why };
  if (edge) at.nearEnd = edge;
  return { at, near: null };
}
