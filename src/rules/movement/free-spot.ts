/**
 * A free spot for a new piece: the nearest point to a preferred one (the view's centre, a place in
 * a deployment zone) where the piece overlaps nothing and lies wholly inside the table or a given
 * region. Candidates are the points of a grid through the preferred point (every `stepMm`), tried
 * nearest first (a ring search outward); a candidate is free when the piece's overlap shape (a
 * ship's base with its dial frames) stands apart, by at least `gapMm`, from every other piece's
 * overlap shape, by `relate()` (the overlap test every rule uses: touching is not overlapping),
 * and its measuring shape (a ship's plastic base, dials ignored, as for leaving the play area and
 * deploying) lies inside the table and the region.
 */
import { Circle } from '../../geometry/circle';
import type { Polygon } from '../../geometry/polygon';
import { bboxGap, hullsApartBeyond, relate, type Shape } from '../../geometry/relate';
import { convexHullOf } from '../../geometry/separation';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import type { ObstacleType, ShipSize } from '../../model/catalog';
import { obstacleOutline, shipShapes, squadronCircle } from '../../model/pieces';
import type { Rect } from '../setup/deploy';
import { type Entry, overlapShape, type World } from '../world';

export type FreeSpotPiece =
  | { kind: 'ship'; size: ShipSize; class?: string; rotation: number }
  | { kind: 'squadron' }
  | { kind: 'obstacle'; type: ObstacleType; rotation?: number }
  | { kind: 'token'; radius: number };

export interface FreeSpotOptions {
  /** the piece's measuring shape must lie inside this rectangle too (a deployment zone); default the table */
  region?: Rect;
  /** how the region is named in a reason ("player 1's deployment zone") */
  regionName?: string;
  /** grid spacing of the candidates, mm (default 5) */
  stepMm?: number;
  /** the least gap to every other piece, mm (default 1; 0: touching is allowed, as the rules allow) */
  gapMm?: number;
  /** search no farther than this from the preferred point, mm (default: the whole table or region) */
  maxDistanceMm?: number;
  /** ids of pieces to leave out (a piece being placed again) */
  ignore?: ReadonlySet<string>;
}

export interface FreeSpotAnswer {
  /** the spot (the piece's centre), or null when there is none */
  spot: { x: number; y: number } | null;
  /** why there is no spot (null when there is one) */
  reason: string | null;
  /** how far the spot is from the preferred point, mm */
  distanceMm: number | null;
  /** candidates tried */
  tried: number;
}

/** The piece's overlap and measuring shapes with its centre at the origin, turned as it will stand. */
function localShapes(world: World, p: FreeSpotPiece): { overlap: Shape; measure: Shape } {
  const cat = world.catalog;
  switch (p.kind) {
    case 'ship': {
      const s = shipShapes(cat, { size: p.size, class: p.class, x: 0, y: 0, rotation: p.rotation });
      return { overlap: s.footprint, measure: s.base };
    }
    case 'squadron': {
      const c = squadronCircle(cat, { x: 0, y: 0 });
      return { overlap: c, measure: c };
    }
    case 'obstacle': {
      const o = obstacleOutline(cat, { type: p.type, x: 0, y: 0, rotation: p.rotation ?? 0 });
      return { overlap: o, measure: o };
    }
    case 'token': {
      const c = new Circle(0, 0, p.radius);
      return { overlap: c, measure: c };
    }
  }
}

const moved = (s: Shape, x: number, y: number): Shape =>
  s.kind === 'circle' ? new Circle(s.cx + x, s.cy + y, s.r) : (s as Polygon).placed(x, y, 0);

/** Other pieces' overlap shapes, with their boxes, for testing many candidates against. */
interface Other {
  e: Entry;
  s: Shape;
}

function others(world: World, ignore?: ReadonlySet<string>): Other[] {
  return world.all.filter((e) => !ignore?.has(e.id)).map((e) => ({ e, s: overlapShape(e) }));
}

/** Does the shape overlap the other piece, or come nearer to it than `gap`? */
function blocks(shape: Shape, o: Other, gap: number): boolean {
  const s = o.s,
    reach = gap + TOLERANCE_MM;
  // boxes apart along an axis by more than the reach: apart (cheaper than bboxGap's hypot, same answer or looser)
  if (
    shape.minX - s.maxX > reach ||
    s.minX - shape.maxX > reach ||
    shape.minY - s.maxY > reach ||
    s.minY - shape.maxY > reach
  )
    return false;
  if (bboxGap(shape, s) > reach) return false;
  if (shape.kind === 'polygon' && s.kind === 'polygon' && hullsApartBeyond(shape, s, reach)) return false;
  const r = relate(shape, s);
  return r.kind === 'overlap' || r.distance < gap;
}

/** The first piece the shape overlaps or comes nearer than `gap` to (null: none). */
export function blockingPiece(
  world: World,
  shape: Shape,
  gap: number,
  ignore?: ReadonlySet<string>,
): Entry | null {
  for (const o of others(world, ignore)) if (blocks(shape, o, gap)) return o.e;
  return null;
}

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

/** The nearest free spot to `prefer` for the piece (see the module's comment). */
// eslint-disable-next-line max-lines-per-function -- one search in order: the preferred spot, then rings
export function freeSpot(
  world: World,
  piece: FreeSpotPiece,
  prefer: { x: number; y: number },
  opts: FreeSpotOptions = {},
): FreeSpotAnswer {
  const T = world.catalog.tables[world.table.table];
  const step = opts.stepMm ?? 5,
    gap = opts.gapMm ?? 1;
  const region = opts.region ?? { x0: 0, y0: 0, x1: T.width, y1: T.height };
  const where = opts.regionName ?? 'the table';
  // inside the table and the region
  const box = {
    x0: Math.max(0, region.x0),
    y0: Math.max(0, region.y0),
    x1: Math.min(T.width, region.x1),
    y1: Math.min(T.height, region.y1),
  };
  const { overlap, measure } = localShapes(world, piece);
  // the hull once, here: every moved copy below carries it moved (Polygon.placed)
  for (const s of [overlap, measure]) if (s.kind === 'polygon') convexHullOf(s as Polygon);
  // where the centre may go so that the measuring shape lies in the box
  const cx0 = box.x0 - measure.minX,
    cx1 = box.x1 - measure.maxX,
    cy0 = box.y0 - measure.minY,
    cy1 = box.y1 - measure.maxY;
  const size = `${f1(measure.maxX - measure.minX)} x ${f1(measure.maxY - measure.minY)} mm`;
  if (cx0 > cx1 || cy0 > cy1) {
    return {
      spot: null,
      reason:
        `it does not fit inside ${where} (${f1(box.x1 - box.x0)} x ${f1(box.y1 - box.y0)} mm) as it stands: it ` +
        `measures ${size}`,
      distanceMm: null,
      tried: 0,
    };
  }
  // a grid through the preferred point (to the whole mm), nearest first: ring by ring outward (the
  // points k steps out along x or y), each point given out once no later ring can hold a nearer one.
  // Written out for speed (a free preferred point costs one test, not a sort of the whole table's
  // grid); freeSpotPlain below is the plain version the tests hold this one against.
  const ax = Math.round(prefer.x),
    ay = Math.round(prefer.y);
  const i0 = Math.ceil((cx0 - ax) / step),
    i1 = Math.floor((cx1 - ax) / step);
  const j0 = Math.ceil((cy0 - ay) / step),
    j1 = Math.floor((cy1 - ay) / step);
  const maxD = opts.maxDistanceMm ?? Infinity;
  const lastRing = Math.max(Math.abs(i0), Math.abs(i1), Math.abs(j0), Math.abs(j1));
  // a point of ring k lies at least k steps from the grid's origin, which is this far from the preferred point
  const slack = Math.hypot(ax - prefer.x, ay - prefer.y);
  const pool = others(world, opts.ignore);
  let last: Other | null = null;
  let buffer: { x: number; y: number; d: number }[] = [];
  let tried = 0;
  const ring = (k: number) => {
    const add = (i: number, j: number) => {
      if (i < i0 || i > i1 || j < j0 || j > j1) return;
      const x = ax + i * step,
        y = ay + j * step,
        d = Math.hypot(x - prefer.x, y - prefer.y);
      if (d <= maxD) buffer.push({ x, y, d });
    };
    if (k === 0) {
      add(0, 0);
      return;
    }
    for (let i = -k; i <= k; i++) {
      add(i, -k);
      add(i, k);
    }
    for (let j = -k + 1; j <= k - 1; j++) {
      add(-k, j);
      add(k, j);
    }
  };
  for (let k = 0; k <= lastRing + 1; k++) {
    if (k <= lastRing) ring(k);
    // every later ring lies at least this far away: what is nearer goes now, in order (ties: lower y, then lower x)
    const bound = k < lastRing ? (k + 1) * step - slack : Infinity;
    buffer.sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
    let n = 0;
    while (n < buffer.length && buffer[n].d < bound) n++;
    const now = buffer.slice(0, n);
    buffer = buffer.slice(n);
    for (const c of now) {
      tried++;
      const m = moved(measure, c.x, c.y);
      // the grid keeps the centre in range; rounding may still poke a shape out by a hair
      if (m.minX < box.x0 || m.maxX > box.x1 || m.minY < box.y0 || m.maxY > box.y1) continue;
      const o = measure === overlap ? m : moved(overlap, c.x, c.y);
      // the piece that blocked the last place most often blocks this one too: ask it first
      if (last && blocks(o, last, gap)) continue;
      const hit = pool.find((p) => p !== last && blocks(o, p, gap));
      if (hit) {
        last = hit;
        continue;
      }
      return { spot: { x: c.x, y: c.y }, reason: null, distanceMm: c.d, tried };
    }
    if ((k + 1) * step - slack > maxD) break;
  }
  const within = Number.isFinite(maxD) ? ` within ${f1(maxD)} mm of (${f1(prefer.x)}, ${f1(prefer.y)})` : '';
  return {
    spot: null,
    reason:
      `every place inside ${where}${within} (tried every ${step} mm, ${tried} places) overlaps another ` +
      `piece${gap > 0 ? ` or lies within ${gap} mm of one` : ''}`,
    distanceMm: null,
    tried,
  };
}

/**
 * The plain reference of freeSpot (same answer, slower): every grid point of the table or region,
 * sorted by distance (ties: lower y, then lower x), the first free one.
 */
export function freeSpotPlain(
  world: World,
  piece: FreeSpotPiece,
  prefer: { x: number; y: number },
  opts: FreeSpotOptions = {},
): { x: number; y: number } | null {
  const T = world.catalog.tables[world.table.table];
  const step = opts.stepMm ?? 5,
    gap = opts.gapMm ?? 1;
  const region = opts.region ?? { x0: 0, y0: 0, x1: T.width, y1: T.height };
  const box = {
    x0: Math.max(0, region.x0),
    y0: Math.max(0, region.y0),
    x1: Math.min(T.width, region.x1),
    y1: Math.min(T.height, region.y1),
  };
  const { overlap, measure } = localShapes(world, piece);
  const ax = Math.round(prefer.x),
    ay = Math.round(prefer.y);
  const cand: { x: number; y: number; d: number }[] = [];
  for (let i = Math.ceil((box.x0 - measure.minX - ax) / step); ax + i * step <= box.x1 - measure.maxX; i++) {
    for (
      let j = Math.ceil((box.y0 - measure.minY - ay) / step);
      ay + j * step <= box.y1 - measure.maxY;
      j++
    ) {
      const x = ax + i * step,
        y = ay + j * step,
        d = Math.hypot(x - prefer.x, y - prefer.y);
      if (d <= (opts.maxDistanceMm ?? Infinity)) cand.push({ x, y, d });
    }
  }
  cand.sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  for (const c of cand) {
    const m = moved(measure, c.x, c.y);
    if (m.minX < box.x0 || m.maxX > box.x1 || m.minY < box.y0 || m.maxY > box.y1) continue;
    if (!blockingPiece(world, measure === overlap ? m : moved(overlap, c.x, c.y), gap, opts.ignore))
      return { x: c.x, y: c.y };
  }
  return null;
}
