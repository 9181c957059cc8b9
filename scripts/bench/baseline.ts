/**
 * The straightforward baseline the benchmark measures the analysis against: every question asked
 * pair by pair with generic library calls, @turf/turf's planar booleans and @flatten-js/core's
 * distanceTo, with no pruning, caching or shared work. The placed coordinates come from the
 * model (placing a piece is a transform, not a judgement); every verdict comes from the libraries.
 *
 * The libraries know no tolerance, so the baseline applies the project's rule on top of their
 * answers: a gap within TOLERANCE_MM is touching (0 mm). Their "touching" is exact, ours is
 * within 0.005 mm: the two can differ only for pairs within the tolerance band, which a random
 * table almost never holds; the comparison counts and skips pairs that come that near.
 */
import Flatten from '@flatten-js/core';
import * as turf from '@turf/turf';
import type { Feature, Polygon as GeoPolygon } from 'geojson';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import type { Polygon } from '../../src/geometry/polygon';
import type { Circle } from '../../src/geometry/circle';
import type { Catalog } from '../../src/model/catalog';
import type { Report } from '../../src/model/report';
import type { Table } from '../../src/model/table';
import { obstacleOutline, shipShapes, squadronCircle, tokenCircle } from '../../src/model/pieces';
import { CATALOG, withMeasurements } from '../../src/model/catalog';

type LibShape =
  | { kind: 'polygon'; turf: Feature<GeoPolygon>; flat: Flatten.Polygon; first: [number, number] }
  | { kind: 'circle'; flat: Flatten.Circle; cx: number; cy: number; r: number };

interface LibPiece {
  id: string;
  kind: 'ship' | 'squadron' | 'obstacle' | 'token';
  /** what distances are measured from: a ship's base, a disc, an outline */
  measure: LibShape;
  /** a ship's base with its dial frames */
  footprint?: LibShape;
}

function libPolygon(p: Polygon): LibShape {
  const ring = p.pairs();
  return {
    kind: 'polygon',
    turf: turf.polygon([[...ring, ring[0]]]),
    flat: new Flatten.Polygon(ring),
    first: ring[0],
  };
}

function libCircle(c: Circle): LibShape {
  return {
    kind: 'circle',
    flat: new Flatten.Circle(new Flatten.Point(c.cx, c.cy), c.r),
    cx: c.cx,
    cy: c.cy,
    r: c.r,
  };
}

export function baselinePieces(table: Table, cat: Catalog): LibPiece[] {
  return [
    ...table.ships.map((s): LibPiece => {
      const sh = shipShapes(cat, s);
      return { id: s.id, kind: 'ship', measure: libPolygon(sh.base), footprint: libPolygon(sh.footprint) };
    }),
    ...table.squadrons.map(
      (q): LibPiece => ({ id: q.id, kind: 'squadron', measure: libCircle(squadronCircle(cat, q)) }),
    ),
    ...table.obstacles.map(
      (o): LibPiece => ({ id: o.id, kind: 'obstacle', measure: libPolygon(obstacleOutline(cat, o)) }),
    ),
    ...table.tokens.map((t): LibPiece => ({ id: t.id, kind: 'token', measure: libCircle(tokenCircle(t)) })),
  ];
}

/** Does one shape share any point with the other (boundary or interior)? */
function meets(a: LibShape, b: LibShape): boolean {
  if (a.kind === 'polygon' && b.kind === 'polygon') return turf.booleanIntersects(a.turf, b.turf);
  if (a.kind === 'circle' && b.kind === 'circle') return Math.hypot(a.cx - b.cx, a.cy - b.cy) <= a.r + b.r;
  const [p, c] = (a.kind === 'polygon' ? [a, b] : [b, a]) as [
    Extract<LibShape, { kind: 'polygon' }>,
    Extract<LibShape, { kind: 'circle' }>,
  ];
  if (turf.booleanPointInPolygon([c.cx, c.cy], p.turf)) return true;
  if (c.flat.contains(new Flatten.Point(p.first[0], p.first[1]))) return true;
  return c.flat.distanceTo(p.flat)[0] === 0;
}

function libDistance(a: LibShape, b: LibShape): number {
  if (meets(a, b)) return 0;
  const d =
    a.kind === 'polygon'
      ? a.flat.distanceTo(b.flat)[0]
      : (a.flat.distanceTo(b.flat as never) as [number, unknown])[0];
  return d <= TOLERANCE_MM ? 0 : d;
}

/** Does a ship or squadron reach into an obstacle (touching is not overlapping)? */
function libOverlaps(piece: LibShape, obstacle: Extract<LibShape, { kind: 'polygon' }>): boolean {
  if (piece.kind === 'polygon') {
    return (
      turf.booleanIntersects(piece.turf, obstacle.turf) && !turf.booleanTouches(piece.turf, obstacle.turf)
    );
  }
  if (turf.booleanPointInPolygon([piece.cx, piece.cy], obstacle.turf, { ignoreBoundary: true })) return true;
  const [d] = obstacle.flat.distanceTo(new Flatten.Point(piece.cx, piece.cy));
  return d < piece.r;
}

export interface BaselineAttack {
  attacker: string;
  defender: string;
  inArc: boolean;
  rangeMm: number;
  range: string;
}

export interface BaselineAnswers {
  distances: { a: string; b: string; mm: number; band: number | null }[];
  overlaps: { piece: string; obstacle: string; part?: 'base' | 'dial frame' }[];
  /** firing arc and attack range of every attack pair (line of sight is not re-derived here) */
  attacks: BaselineAttack[];
}

interface LibSide {
  key: string;
  player: number;
  shape: Flatten.Polygon | Flatten.Circle;
  arc?: Flatten.Polygon;
  arcTurf?: Feature<GeoPolygon>;
}

function flatShape(sh: Polygon | Circle): Flatten.Polygon | Flatten.Circle {
  return sh.kind === 'circle'
    ? new Flatten.Circle(new Flatten.Point(sh.cx, sh.cy), sh.r)
    : new Flatten.Polygon(sh.pairs());
}

/** Do two flatten shapes share a point? */
function flatMeets(a: Flatten.Polygon | Flatten.Circle, b: Flatten.Polygon | Flatten.Circle): boolean {
  const pa = a instanceof Flatten.Circle ? new Flatten.Polygon(a) : a;
  const pb = b instanceof Flatten.Circle ? new Flatten.Polygon(b) : b;
  return (
    (pa as Flatten.Polygon).distanceTo(pb as Flatten.Polygon)[0] === 0 ||
    pa.contains(pb.vertices[0]) ||
    pb.contains(pa.vertices[0])
  );
}

function flatDistance(a: Flatten.Polygon | Flatten.Circle, b: Flatten.Polygon | Flatten.Circle): number {
  if (flatMeets(a, b)) return 0;
  return (a.distanceTo(b as never) as unknown as [number, unknown])[0];
}

/**
 * Firing arc and range, pair by pair: the defender is in arc when it shares a point with the
 * arc region (turf/flatten); range is measured to the defender clipped to the arc with
 * flatten's boolean intersection, or to the whole defender outside the arc.
 */
function baselineAttacks(table: Table, cat: Catalog): BaselineAttack[] {
  const sides: LibSide[] = [];
  for (const s of table.ships) {
    const sh = shipShapes(cat, s);
    for (const z of sh.zones) {
      const ring = sh.arcs[z].polygon.pairs();
      sides.push({
        key: `${s.id}.${z}`,
        player: s.player,
        shape: flatShape(sh.hullZones[z]),
        arc: new Flatten.Polygon(ring),
        arcTurf: turf.polygon([[...ring, ring[0]]]),
      });
    }
  }
  for (const q of table.squadrons)
    sides.push({ key: q.id, player: q.player, shape: flatShape(squadronCircle(cat, q)) });
  const range = cat.ruler.range,
    d1 = cat.ruler.distance[0];
  const out: BaselineAttack[] = [];
  for (const att of sides) {
    for (const def of sides) {
      if (def.player === att.player) continue;
      if (!att.arc) {
        const mm = flatDistance(att.shape, def.shape);
        out.push({
          attacker: att.key,
          defender: def.key,
          inArc: true,
          rangeMm: mm,
          range: mm <= d1.end + TOLERANCE_MM ? 'distance-1' : 'beyond',
        });
        continue;
      }
      const defPoly = def.shape instanceof Flatten.Circle ? new Flatten.Polygon(def.shape) : def.shape;
      const inArc =
        def.shape instanceof Flatten.Circle
          ? flatMeets(def.shape, att.arc)
          : turf.booleanIntersects(
              turf.polygon([
                [
                  ...def.shape.vertices.map((v) => [v.x, v.y]),
                  [def.shape.vertices[0].x, def.shape.vertices[0].y],
                ],
              ]),
              att.arcTurf!,
            );
      let target: Flatten.Polygon | Flatten.Circle = def.shape;
      if (inArc) {
        const part = Flatten.BooleanOperations.intersect(defPoly, att.arc);
        if (part.faces.size > 0 && part.area() > 0) target = part;
      }
      const mm = flatDistance(att.shape, target);
      const k = range.findIndex((b) => mm <= b.end + TOLERANCE_MM);
      out.push({
        attacker: att.key,
        defender: def.key,
        inArc,
        rangeMm: mm,
        range: k < 0 ? 'beyond' : range[k].name,
      });
    }
  }
  return out;
}

/** The distance, overlap, firing-arc and attack-range questions, pair by pair, with library calls only. */
export function baselineAnalyze(table: Table, base: Catalog = CATALOG): BaselineAnswers {
  const cat = withMeasurements(base, table.measurements);
  const pieces = baselinePieces(table, cat);
  const bands = cat.ruler.distance;
  const distances: BaselineAnswers['distances'] = [];
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const mm = libDistance(pieces[i].measure, pieces[j].measure);
      const k = bands.findIndex((b) => mm <= b.end + TOLERANCE_MM);
      distances.push({ a: pieces[i].id, b: pieces[j].id, mm, band: k < 0 ? null : k + 1 });
    }
  }
  const overlaps: BaselineAnswers['overlaps'] = [];
  const obstacles = pieces.filter((p) => p.kind === 'obstacle');
  for (const o of obstacles) {
    const outline = o.measure as Extract<LibShape, { kind: 'polygon' }>;
    for (const p of pieces) {
      if (p.kind === 'ship') {
        if (!libOverlaps(p.footprint!, outline)) continue;
        overlaps.push({
          piece: p.id,
          obstacle: o.id,
          part: libOverlaps(p.measure, outline) ? 'base' : 'dial frame',
        });
      } else if (p.kind === 'squadron') {
        if (libOverlaps(p.measure, outline)) overlaps.push({ piece: p.id, obstacle: o.id });
      }
    }
  }
  return { distances, overlaps, attacks: baselineAttacks(table, cat) };
}

export interface Comparison {
  /** questions compared */
  compared: number;
  /** pairs skipped because they lie within the tolerance band, where the libraries cannot judge */
  borderline: number;
  mismatches: string[];
}

/** Check a report's distances, overlaps, arcs and ranges against the baseline's answers. */
export function compareWithBaseline(
  report: Report,
  base: BaselineAnswers,
  bands: readonly { end: number }[],
  rangeBands: readonly { end: number }[] = [],
): Comparison {
  const out: Comparison = { compared: 0, borderline: 0, mismatches: [] };
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const fast = new Map(report.distances.map((d) => [key(d.a, d.b), d]));
  if (fast.size !== base.distances.length)
    out.mismatches.push(`distances: ${fast.size} pairs, baseline ${base.distances.length}`);
  const nearEdge = (mm: number) =>
    mm <= 2 * TOLERANCE_MM || bands.some((b) => Math.abs(mm - b.end - TOLERANCE_MM) < 1e-6);
  for (const d of base.distances) {
    const f = fast.get(key(d.a, d.b));
    if (!f) {
      out.mismatches.push(`distance ${d.a}-${d.b}: missing`);
      continue;
    }
    if (nearEdge(d.mm) || nearEdge(f.mm)) {
      if (Math.abs(f.mm - d.mm) > 2 * TOLERANCE_MM)
        out.mismatches.push(`distance ${d.a}-${d.b}: ${f.mm} vs baseline ${d.mm}`);
      out.borderline++;
      continue;
    }
    out.compared++;
    if (Math.abs(f.mm - d.mm) > 1e-6 || f.band !== d.band) {
      out.mismatches.push(
        `distance ${d.a}-${d.b}: ${f.mm} (band ${f.band}) vs baseline ${d.mm} (band ${d.band})`,
      );
    }
  }
  const bandEnds = [...bands, ...rangeBands];
  const fastA = new Map(report.attacks.map((a) => [`${a.attacker}>${a.defender}`, a]));
  if (fastA.size !== base.attacks.length)
    out.mismatches.push(`attacks: ${fastA.size} pairs, baseline ${base.attacks.length}`);
  for (const b of base.attacks) {
    const f = fastA.get(`${b.attacker}>${b.defender}`);
    if (!f) {
      out.mismatches.push(`attack ${b.attacker}>${b.defender}: missing`);
      continue;
    }
    // within the tolerance of an arc line or a band end the libraries (no tolerance) cannot judge
    const arcGap = typeof f.arcGapMm === 'number' ? f.arcGapMm : Infinity;
    if (
      arcGap <= 2 * TOLERANCE_MM ||
      f.rangeMeasuredTo === 'arc-line contact' ||
      f.rangeMm === null ||
      bandEnds.some((e) => Math.abs(b.rangeMm - e.end) <= 2 * TOLERANCE_MM)
    ) {
      out.borderline++;
      continue;
    }
    out.compared++;
    if (f.inArc !== b.inArc || f.range !== b.range || Math.abs(f.rangeMm - b.rangeMm) > 1e-6) {
      out.mismatches.push(
        `attack ${b.attacker}>${b.defender}: inArc ${f.inArc}, ${f.range} ${f.rangeMm} vs baseline ${b.inArc}, ${b.range} ${b.rangeMm}`,
      );
    }
  }
  const ov = (o: { piece: string; obstacle: string; part?: string }) =>
    `${o.piece}|${o.obstacle}|${o.part ?? ''}`;
  const fastO = new Set(report.overlaps.map(ov)),
    baseO = new Set(base.overlaps.map(ov));
  out.compared += baseO.size;
  for (const o of baseO) if (!fastO.has(o)) out.mismatches.push(`overlap ${o}: baseline only`);
  for (const o of fastO) if (!baseO.has(o)) out.mismatches.push(`overlap ${o}: analysis only`);
  return out;
}
