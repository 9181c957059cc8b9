import { andList } from '../../model/names';
import type { Circle, Shape } from '../../geometry/circle';
import { Polygon } from '../../geometry/polygon';
import { closest, convexDepth, insideIntervals, polygonsOverlap } from '../../geometry/relate';
import { polygonSegmentClosest, segmentInConvex } from '../../geometry/clip';
import { convexParts } from '../../geometry/convex-parts';
import { penetrationDepth } from '../../geometry/penetration';
import { TOLERANCE_MM } from '../../geometry/tolerance';
import { type Band, CATALOG, type HullZoneName, shipClass } from '../../model/catalog';
import type { AttackReport, XY } from '../../model/report';
import { NEAR_MM, type PieceOnLine } from './los';
import { classEditWords } from './class-edits';
import type { World } from '../world';
import { photoExtrapolated, photoPrecision, piecesPrecision } from '../report/photo';

/**
 * One attack under dispute, explained for the verdict card: a headline built only from the
 * attack's own fields (so it cannot contradict them), each deciding margin, whether the verdict is
 * a close call, and the places a loupe should show. Reads the analysis's attack; judges nothing
 * again (a few closest points for the loupes' focus).
 */
export type DisputeKind = 'clear' | 'obstructed' | 'blocked' | 'dust' | 'out-of-arc' | 'out-of-range';

export interface Margin {
  topic: 'arc' | 'range' | 'los';
  /** what is measured, for the card */
  text: string;
  mm: number;
  /** whether moving the pieces by this much would change the verdict (or the range band) */
  decides: boolean;
  /** deciding and below the placement precision, or within the ruler's measured spread */
  close: boolean;
  /** what would flip, in words */
  flip: string;
  /** a piece the margin is to (a line's piece), when there is one */
  piece?: string;
  /**
   * set when the margin is an estimated catalog figure's, not a distance on the table: `mm` is how far the
   * figure stands from the value that would flip the verdict, a value inside the figure's spread
   */
  estimate?: true;
}

export interface LoupeFocus {
  label: string;
  /** table point the loupe is centred on (mm) */
  at: XY;
  /** the field of view it should cover (mm across) */
  spanMm: number;
  topic: Margin['topic'];
  /** a mark to draw: the band end on the range line */
  mark?: XY;
}

export interface Dispute {
  attacker: string;
  defender: string;
  kind: DisputeKind;
  /** whether the attack can be made (in arc, in range, neither blocked nor across dust) */
  canAttack: boolean;
  headline: string;
  /** the piece ids the headline names, each one the attack lists */
  named: string[];
  margins: Margin[];
  closeCall: boolean;
  /** plain words: "too close to call on the table: 0.13 mm (...)"; empty when not a close call */
  closeText: string;
  loupes: LoupeFocus[];
  /** what the verdict means at the table, and the rule it rests on (meaningOf) */
  meaning: { atTable: string; rule: string };
  /**
   * the readings the verdict rests on (the attack's `readings`), in words: what each says and what the other
   * choice gives
   */
  readings?: string[];
  /**
   * where the pieces' positions came from, when some came from the photo: "from the photo: CR90
   * +-0.62 mm, Imperial +-1.00 mm (calibration, placed by hand)", the pieces named as the headline names them;
   * their uncertainties replace the placement precision for the margins they bear on
   */
  photo?: string;
  /**
   * the line of sight's ends that are estimated, not measured (a class's targeting points), when a margin of
   * the line of sight decides the verdict: those margins rest on the estimate, in words
   */
  estimate?: string;
  /**
   * the estimated catalog figure the verdict rests on, when a value within the figure's spread would flip it
   * (the shield dial's inset under the 1.5 dial rule), in words; its margin is a close call
   */
  restsOn?: string;
  /**
   * the attack rests on a class this table corrects (the attack's `classEdit`), in words; whether the
   * catalog's figures differ
   */
  classEdit?: { text: string; changes: boolean };
}

interface ReadingUse {
  reading: string;
  value: string;
  otherwise?: string;
  says?: string;
}
const readingWords = (r: ReadingUse) =>
  `${r.says ?? `${r.reading}: ${r.value}`} (reading ${r.reading} = ` +
  `${r.value})${r.otherwise ? `; the other reading gives ${r.otherwise}` : ''}`;

const f2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
/** how far a flip is: "0.30 mm", or for a margin that rounds to 0.00 mm "the least bit" (any move flips it) */
const by = (mm: number) => (mm < 0.005 ? 'the least bit' : `${f2(mm)} mm`);
const RANK = { clear: 0, obstructed: 1, dust: 2, blocked: 3 } as const;

/** The rule an attack obstructed only through a shield dial on an obstacle rests on (rules 1.5; 1.6 drop it). */
const DIAL_RULE =
  'rules 1.5, Obstacles (shield dials): a line of sight traced through the attacking or defending hull ' +
  "zone's shield dial while that dial overlaps an obstacle is obstructed (rules 1.6 drop this)";

/** The kind of verdict: the first reason the attack cannot be made, else its line of sight. */
export function disputeKind(a: AttackReport): DisputeKind {
  if (!a.inArc) return 'out-of-arc';
  if (a.range === 'beyond') return 'out-of-range';
  return a.los;
}

const lineEntries = (a: AttackReport) => (Array.isArray(a.lines) ? (a.lines as PieceOnLine[]) : []);
const ids = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

/**
 * What a verdict means at the table, in the game's words, and the rule it rests on (the seed's
 * obstacle text, rules 1.5 or 1.6 by section).
 */
export function meaningOf(kind: DisputeKind, ruleset: string): { atTable: string; rule: string } {
  const rules = ruleset === '1.6' ? 'rules 1.6' : 'rules 1.5';
  switch (kind) {
    case 'obstructed':
      return {
        atTable: 'Obstructed: the attacker removes one die of its choice from the attack pool.',
        rule:
          `${rules}, Obstacles: "Attacks that draw line of sight through an obstacle token are obstructed." (a ` +
          `squadron's line across dust too)`,
      };
    case 'dust':
      return {
        atTable: 'This attack cannot be made; the attacker may declare another target.',
        rule:
          `${rules}, Obstacles, Dust Field: a ship tracing line of sight across a dust field "cannot perform ` +
          `that attack (but may declare another target)"`,
      };
    case 'blocked':
      return {
        atTable: 'No line of sight to this hull zone: choose another hull zone or another target.',
        rule:
          `${rules}, Line of Sight: a line traced through another hull zone of the defender gives no line of ` +
          `sight to that hull zone`,
      };
    case 'out-of-arc':
      return {
        atTable: 'This hull zone cannot attack that target; another hull zone may.',
        rule: `${rules}, Firing Arc: the defender must be inside the attacking hull zone's arc lines`,
      };
    case 'out-of-range':
      return {
        atTable: 'Too far: no attack (long range for a ship, distance 1 for a squadron).',
        rule: `${rules}, Range and Distance: measured with the range ruler between the closest points`,
      };
    default:
      return {
        atTable: 'The attack is made with the dice for this range; nothing is removed.',
        rule: `${rules}, Attack: in arc, in range, line of sight traced between the targeting points`,
      };
  }
}

/**
 * The headline and the ids it names: only the attack's own attacker, defender, blockedBy, dustBy,
 * obstructedBy. `name` turns an id (or `ship.zone`) into what players call it (src/model/names.ts);
 * by default the id itself.
 */
export function headlineOf(
  a: AttackReport,
  name: (id: string) => string = (id) => id,
): { headline: string; named: string[] } {
  const A = name(a.attacker),
    D = name(a.defender);
  const list = (ids: string[]) => andList(ids.map(name));
  const rangeWords = a.range === 'distance-1' ? 'at distance 1' : `at ${a.range} range`;
  switch (disputeKind(a)) {
    case 'out-of-arc':
      return { headline: `No attack: ${D} is outside ${A}'s firing arc.`, named: [a.attacker, a.defender] };
    case 'out-of-range':
      return {
        headline: `No attack: ${D} is beyond ${a.attacker.includes('.') ? 'long range' : 'distance 1'} of ${A}.`,
        named: [a.attacker, a.defender],
      };
    case 'blocked': {
      const by = ids(a.blockedBy);
      const who = by.length
        ? `${list(by)}, another hull zone of the defender`
        : 'another hull zone of the defender';
      return {
        headline: `No attack: ${A} to ${D} is blocked by ${who}; choose another target.`,
        named: [a.attacker, a.defender, ...by],
      };
    }
    case 'dust': {
      const by = ids(a.dustBy);
      return {
        headline:
          `No attack: ${A}'s line of sight to ${D} crosses ` +
          `${by.length ? `the dust field ${list(by)}` : 'a dust field'}.`,
        named: [a.attacker, a.defender, ...by],
      };
    }
    case 'obstructed':
      return {
        headline: `${A} may attack ${D} ${rangeWords}, obstructed by ${list(a.obstructedBy)}.`,
        named: [a.attacker, a.defender, ...a.obstructedBy],
      };
    default:
      return {
        headline: `${A} may attack ${D} ${rangeWords}; the line of sight is clear.`,
        named: [a.attacker, a.defender],
      };
  }
}

/** The shape a line entry's piece stands for: a hull zone, a ship's base, an obstacle, a squadron. */
function shapeOf(world: World, id: string): Shape | null {
  const [pid, zone] = id.split('.');
  const e = world.byId.get(pid);
  if (!e) return null;
  if (e.kind === 'ship') return zone ? (e.shapes.hullZones[zone as HullZoneName] ?? null) : e.shapes.base;
  return e.kind === 'obstacle' ? e.outline : e.circle;
}

/**
 * The 1.5 shield-dial rule's figures for an obstacle a line counts by it: which side's dial (the attacking or
 * the defending hull zone's) lies on it and carries the line of sight, how deep the line runs in that dial,
 * and how deep the dial lies in the obstacle (the least move that takes it off: its penetration depth). Null
 * when neither side's dial does both (the report's entry then stands as it is).
 */
function dialMargin(
  world: World,
  a: AttackReport,
  obstacle: string,
): { side: string; lineMm: number; overlapMm: number; shape: Polygon; status: string } | null {
  const o = world.byId.get(obstacle);
  if (o?.kind !== 'obstacle' || !a.losLine) return null;
  const [[px, py], [qx, qy]] = a.losLine;
  let best: { side: string; lineMm: number; overlapMm: number; shape: Polygon; status: string } | null = null;
  for (const side of [a.attacker, a.defender]) {
    const [sid, zone] = side.split('.');
    const ship = world.byId.get(sid);
    if (ship?.kind !== 'ship' || !zone) continue;
    const D = ship.shapes.dials[zone as HullZoneName];
    if (!D || !polygonsOverlap(D, o.outline)) continue;
    const t = segmentInConvex(D, { x: px, y: py }, { x: qx, y: qy });
    if (!t) continue;
    const lineMm = convexDepth(D, t[0], t[1], px, py, qx, qy);
    const overlapMm = penetrationDepth([D], convexParts(o.outline));
    const status = world.catalog.shipSizes[ship.piece.size]?.dialFrame.status ?? 'estimated';
    const m = { side, lineMm, overlapMm, shape: D, status };
    if (!best || Math.min(lineMm, overlapMm) > Math.min(best.lineMm, best.overlapMm)) best = m;
  }
  return best;
}

/**
 * The shield dial's inset (how far it reaches in from the base's edge: a guess in the catalog) that a verdict
 * of the 1.5 dial rule rests on: the least inset with which a side's dial still lies on the obstacle and
 * carries the line, when that lies inside the catalog's spread (with the spread's least inset the dial rule
 * would not count the obstacle). Null when no inset in the spread flips it.
 */
function dialInsetRest(
  world: World,
  a: AttackReport,
  obstacle: string,
): { side: string; inset: number; least: number; spread: [number, number] } | null {
  const o = world.byId.get(obstacle);
  if (o?.kind !== 'obstacle' || !a.losLine) return null;
  const [[px, py], [qx, qy]] = a.losLine;
  const p = { x: px, y: py },
    q = { x: qx, y: qy };
  const holds = (D: Polygon) => polygonsOverlap(D, o.outline) && !!segmentInConvex(D, p, q);
  let found: { side: string; inset: number; least: number; spread: [number, number] } | null = null;
  for (const side of [a.attacker, a.defender]) {
    const [sid, zone] = side.split('.');
    const ship = world.byId.get(sid);
    if (ship?.kind !== 'ship' || !zone) continue;
    const D = ship.shapes.dials[zone as HullZoneName];
    const frame = world.catalog.shipSizes[ship.piece.size]?.dialFrame;
    if (!D || D.n !== 4 || !frame?.insetSpread || !holds(D)) continue;
    const [lo, hi] = frame.insetSpread;
    // the dial's edge outside the base (its midpoint the farthest out) and the inner edge across from it
    const mid = (i: number): [number, number] => {
      const j = (i + 1) % 4;
      return [(D.xy[2 * i] + D.xy[2 * j]) / 2, (D.xy[2 * i + 1] + D.xy[2 * j + 1]) / 2];
    };
    let out = 0;
    for (let i = 1; i < 4; i++)
      if (ship.shapes.base.signedDistance(...mid(i)) > ship.shapes.base.signedDistance(...mid(out))) out = i;
    const [ox, oy] = mid(out),
      [ix, iy] = mid((out + 2) % 4);
    const len = Math.hypot(ox - ix, oy - iy) || 1;
    const ux = (ox - ix) / len,
      uy = (oy - iy) / len;
    // the dial with its inner edge `inset` in from the base's edge (the frame's own inset moved outward)
    const withInset = (inset: number) => {
      const pts: [number, number][] = [];
      for (let i = 0; i < 4; i++) {
        const inner = i === (out + 2) % 4 || i === (out + 3) % 4;
        const s = inner ? frame.inset - inset : 0;
        pts.push([D.xy[2 * i] + ux * s, D.xy[2 * i + 1] + uy * s]);
      }
      return Polygon.from(pts);
    };
    if (holds(withInset(lo))) return null; // this side's dial holds it across the whole spread
    let a0 = lo,
      a1 = Math.min(hi, frame.inset);
    for (let k = 0; k < 40 && a1 - a0 > 1e-7; k++) {
      const m = (a0 + a1) / 2;
      if (holds(withInset(m))) a1 = m;
      else a0 = m;
    }
    if (!found || a1 < found.least) found = { side, inset: frame.inset, least: a1, spread: [lo, hi] };
  }
  return found;
}

/** Where a line passes nearest to a shape, or the middle of its longest stretch inside it. */
function lineFocus(S: Shape, [[px, py], [qx, qy]]: [XY, XY]): XY {
  if (S.kind === 'circle') {
    const C = S as Circle,
      dx = qx - px,
      dy = qy - py,
      l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((C.cx - px) * dx + (C.cy - py) * dy) / l2)) : 0;
    return [px + dx * t, py + dy * t];
  }
  const P = S as Polygon;
  const iv = insideIntervals(P, px, py, qx, qy);
  if (iv.length) {
    let best = iv[0];
    for (const i of iv) if (i[1] - i[0] > best[1] - best[0]) best = i;
    const t = (best[0] + best[1]) / 2;
    return [px + (qx - px) * t, py + (qy - py) * t];
  }
  const c = polygonSegmentClosest(P, { x: px, y: py }, { x: qx, y: qy });
  return [(c.a.x + c.b.x) / 2, (c.a.y + c.b.y) / 2];
}

/** Where the defender comes nearest to (or crosses) one of the attacking hull zone's arc lines. */
function arcFocus(world: World, a: AttackReport): XY | null {
  const [sid, zone] = a.attacker.split('.');
  const ship = world.byId.get(sid);
  const D = shapeOf(world, a.defender);
  if (!zone || ship?.kind !== 'ship' || !D) return null;
  const arc = ship.shapes.arcs[zone as HullZoneName];
  if (!a.inArc) {
    const c = closest(D, arc.polygon);
    return [(c.a.x + c.b.x) / 2, (c.a.y + c.b.y) / 2];
  }
  // in arc: the arc line (extended) nearest the defender
  let best: { d: number; at: XY } | null = null;
  const L = arc.lines,
    far = 4000;
  for (let k = 0; k < 8; k += 4) {
    const dx = -L[k + 3],
      dy = L[k + 2];
    const p = { x: L[k] - dx * far, y: L[k + 1] - dy * far },
      q = { x: L[k] + dx * far, y: L[k + 1] + dy * far };
    let d: number, at: XY;
    if (D.kind === 'circle') {
      const f = lineFocus(D, [
        [p.x, p.y],
        [q.x, q.y],
      ]);
      d = Math.max(0, Math.hypot(f[0] - D.cx, f[1] - D.cy) - D.r);
      at = f;
    } else {
      const c = polygonSegmentClosest(D, p, q);
      d = c.distance;
      at = [(c.a.x + c.b.x) / 2, (c.a.y + c.b.y) / 2];
    }
    if (!best || d < best.d) best = { d, at };
  }
  return best?.at ?? null;
}

/** the field a loupe should cover to show a margin: a few times the margin, 1 to 4.5 mm (10x-50x of life size) */
const span = (mm: number) => Math.min(4.5, Math.max(1, mm * 6));
/** a margin wider than this is plain on the canvas: no loupe */
const LOUPE_MAX_MM = 5;

interface RangeEnd {
  b: Band;
  side: 'far' | 'near';
  mm: number;
  inSpread: boolean;
}

/**
 * The ends of the band the range falls in (the ruler's range bands, or distance 1 for a squadron), and the
 * nearer one.
 */
function rangeEnds(
  world: World,
  a: AttackReport,
  shipAttacker: boolean,
): { mm: number; ends: RangeEnd[]; nearest: RangeEnd | null } | null {
  if (a.rangeMm === null || !Number.isFinite(a.rangeMm)) return null;
  const bands: Band[] = shipAttacker ? world.catalog.ruler.range : world.catalog.ruler.distance.slice(0, 1);
  const r = a.rangeMm;
  let i = bands.findIndex((b) => r <= b.end + TOLERANCE_MM);
  if (i < 0) i = bands.length; // beyond the last band
  const end = (b: Band, side: RangeEnd['side']): RangeEnd => ({
    b,
    side,
    mm: Math.abs(b.end - r),
    inSpread: !!b.spread && r >= b.spread[0] - TOLERANCE_MM && r <= b.spread[1] + TOLERANCE_MM,
  });
  const ends = [
    ...(i < bands.length ? [end(bands[i], 'far')] : []),
    ...(i > 0 ? [end(bands[i - 1], 'near')] : []),
  ];
  const nearest = ends.reduce<RangeEnd | null>((m, e) => (!m || e.mm < m.mm ? e : m), null);
  return { mm: r, ends, nearest };
}

/**
 * The dispute card's content for one attack. `precisionMm`: how exactly pieces are placed by hand
 * (a deciding margin below it is a close call).
 */
// eslint-disable-next-line max-lines-per-function -- one card: each topic's margins in turn
export function disputeOf(
  world: World,
  a: AttackReport,
  precisionMm = 1,
  name?: (id: string) => string,
): Dispute {
  const kind = disputeKind(a);
  const { headline, named } = headlineOf(a, name);
  // the margins' words name the pieces as the headline does (the ids stay in the loupes' and labels' keys)
  const say = (k: string) => (name ? name(k) : k);
  const margins: Margin[] = [];
  const loupes: LoupeFocus[] = [];
  const shipAttacker = a.attacker.includes('.');
  // pieces placed from the photo are known to their stated uncertainty; the rest to the placement precision
  const fromPhoto = photoPrecision(world, precisionMm);
  const pid = (id: string) => id.split('.')[0];
  const precisionFor = (...ids: string[]) =>
    piecesPrecision(fromPhoto, [pid(a.attacker), pid(a.defender), ...ids.map(pid)], precisionMm);
  const pairPrecision = precisionFor();

  // Each margin decides only while the other conditions leave the attack possible (or nearly):
  // a graze on a line 300 mm beyond long range decides nothing.
  const arcMm = shipAttacker ? Number((a.inArc ? a.arcDepthMm : a.arcGapMm) ?? NaN) : NaN;
  const arcNear = Number.isFinite(arcMm) && arcMm < pairPrecision;
  const rangeInfo = rangeEnds(world, a, shipAttacker);
  const rangeNear =
    !!rangeInfo?.nearest && (rangeInfo.nearest.mm < pairPrecision || rangeInfo.nearest.inSpread);
  const arcLive = a.inArc || arcNear,
    rangeLive = a.range !== 'beyond' || rangeNear;

  // arc: how far inside or outside the arc lines (a squadron's arc is all around: nothing to decide)
  if (Number.isFinite(arcMm)) {
    const out = !a.inArc,
      mm = arcMm;
    const decides = rangeLive;
    margins.push({
      topic: 'arc',
      mm,
      decides,
      close: decides && arcNear,
      text: out
        ? `${f2(mm)} mm outside ${say(a.attacker)}'s arc lines (extended)`
        : `reaches ${f2(mm)} mm past ${say(a.attacker)}'s arc line into the arc`,
      flip: out
        ? `${by(mm)} nearer the arc and ${say(a.defender)} would be in arc`
        : `${by(mm)} farther out and ${say(a.defender)} would be out of arc`,
    });
    const at = decides && mm <= LOUPE_MAX_MM ? arcFocus(world, a) : null;
    if (at)
      loupes.push({
        label: out ? `arc line: ${f2(mm)} mm outside` : `arc line: ${f2(mm)} mm inside`,
        at,
        spanMm: span(mm),
        topic: 'arc',
      });
  }

  // range: from each end of the band it falls in
  if (rangeInfo) {
    const r = rangeInfo.mm;
    for (const { b, side, mm, inSpread } of rangeInfo.ends) {
      const decides = arcLive && rangeInfo.nearest?.b === b;
      const close = decides && rangeNear;
      const name = shipAttacker ? `${b.name} range` : `distance ${b.name}`;
      margins.push({
        topic: 'range',
        mm,
        decides,
        close,
        text:
          `${f2(mm)} mm ${side === 'far' ? 'short of' : 'past'} the end of ` +
          `${name} (${f2(b.end)} mm${b.spread ? `; measured rulers ${f2(b.spread[0])}-${f2(b.spread[1])} mm` : ''})` +
          (inSpread ? ': within the measured spread of that line' : ''),
        flip:
          side === 'far'
            ? `${by(mm)} farther and it would be past the end of ${name}`
            : `${by(mm)} nearer and it would be at ${name}`,
      });
    }
    const n = rangeInfo.nearest;
    if (n && a.rangeLine && arcLive && n.mm <= LOUPE_MAX_MM) {
      const [[px, py], [qx, qy]] = a.rangeLine;
      const t = n.b.end / (Math.hypot(qx - px, qy - py) || 1);
      const mark: XY = [px + (qx - px) * t, py + (qy - py) * t];
      loupes.push({
        // the range first, then how far short of or past the band's end, with that end's own length: a
        // figure in brackets after "end" is read as the end's
        label:
          `${shipAttacker ? 'range' : 'distance'} ${f2(r)} mm: ` +
          `${f2(n.mm)} mm ${n.side === 'far' ? 'short of' : 'past'} the ` +
          `${shipAttacker ? `${n.b.name}-range` : `distance ${n.b.name}`} end (${f2(n.b.end)} mm)`,
        at: [(mark[0] + qx) / 2, (mark[1] + qy) / 2],
        spanMm: span(n.mm),
        topic: 'range',
        mark,
      });
    }
  }
  const live = arcLive && rangeLive;

  // line of sight (and the range line through the defender's other hull zones)
  const entries = lineEntries(a);
  const current = RANK[a.los];
  const group = (e: PieceOnLine) =>
    ids(a.blockedBy).includes(e.piece)
      ? 3
      : ids(a.dustBy).includes(e.piece)
        ? 2
        : a.obstructedBy.includes(e.piece)
          ? 1
          : 0;
  const wouldBe = (e: PieceOnLine) =>
    e.role === 'hull zone' ? 3 : e.role === 'dust' && shipAttacker ? 2 : 1;
  // the verdict falls only when every piece that holds it clears: the deepest of them decides
  const holding = entries.filter((e) => e.verdict === 'cross' && group(e) === current && current > 0);
  const deepest = holding.reduce<PieceOnLine | null>(
    (m, e) => (!m || (e.depthMm ?? 0) > (m.depthMm ?? 0) ? e : m),
    null,
  );
  let restsOn: string | undefined;
  for (const e of entries) {
    const line = e.line === 'los' ? 'line of sight' : 'range line';
    let mm: number, decides: boolean, text: string, flip: string;
    const dial = e.verdict === 'cross' && e.dialRule ? dialMargin(world, a, e.piece) : null;
    if (dial) {
      // the obstacle counts by the 1.5 dial rule: the line through a dial that lies on it. Its margin is the
      // less of the two: the line's depth in the dial, the dial's in the obstacle
      mm = Math.min(dial.lineMm, dial.overlapMm);
      decides = live && e === deepest;
      text =
        `the line of sight passes through ${say(dial.side)}'s shield dial (${f2(dial.lineMm)} mm deep), which ` +
        `overlaps ${say(e.piece)} by ${f2(dial.overlapMm)} mm (rules 1.5's shield-dial rule; the dial frame's ` +
        `size is the catalog's estimate: ${dial.status})`;
      flip =
        dial.overlapMm <= dial.lineMm
          ? `${by(dial.overlapMm)} less overlap and the dial would be off ${say(e.piece)}, the line clear of it`
          : `${by(dial.lineMm)} to the side and the line would miss the dial`;
      const close = decides && mm < precisionFor(e.piece);
      margins.push({ topic: 'los', mm, decides, close, text, flip, piece: e.piece });
      // the line's own clearance of the obstacle: nearer, it would cross it (a dust field: no attack at all)
      if ((e.lineMeets === 'near' || e.lineMeets === 'graze') && e.clearanceMm !== undefined) {
        const gap = e.clearanceMm;
        const counts = live && wouldBe(e) > current;
        margins.push({
          topic: 'los',
          mm: gap,
          decides: counts,
          close: counts && gap < precisionFor(e.piece),
          text: `the line of sight ${
            e.lineMeets === 'graze'
              ? `grazes ${say(e.piece)} (${f2(gap)} mm: touching, does ` + 'not cross)'
              : `misses ${say(e.piece)} by ${f2(gap)} mm`
          }: it counts only through the shield dial`,
          flip: `${by(gap)} nearer and it would cross ${say(e.piece)}`,
          piece: e.piece,
        });
        const S = counts && gap <= LOUPE_MAX_MM ? shapeOf(world, e.piece) : null;
        if (S && a.losLine)
          loupes.push({
            label: `${e.piece}: ${f2(gap)} mm clear`,
            at: lineFocus(S, a.losLine),
            spanMm: span(gap),
            topic: 'los',
          });
      }
      // the dial's inset, a guess: an inset within its spread that would take the dial off the obstacle
      const inset = decides ? dialInsetRest(world, a, e.piece) : null;
      if (inset) {
        const S = say(inset.side);
        margins.push({
          topic: 'los',
          mm: inset.inset - inset.least,
          decides: true,
          close: true,
          estimate: true,
          text:
            `rests on an estimate: ${S}'s shield dial reaches ${f2(inset.inset)} mm in from its base's edge in ` +
            `the catalog, a guess (from ${f2(inset.spread[0])} to ${f2(inset.spread[1])} mm), and ` +
            `${f2(inset.least)} mm is the least that keeps it on ${say(e.piece)} and carrying the line`,
          flip: `with less, the 1.5 dial rule would not count ${say(e.piece)}`,
          piece: e.piece,
        });
        restsOn ??=
          `The verdict rests on an estimate: ${S}'s shield dial reaches ${f2(inset.inset)} mm in from its ` +
          `base's edge in the catalog, a guess; with less than ${f2(inset.least)} mm the 1.5 dial rule would ` +
          `not count ${say(e.piece)}.`;
      }
      if (decides && dial.overlapMm <= LOUPE_MAX_MM && a.losLine) {
        loupes.push({
          label: `${dial.side}'s dial on ${e.piece}: ${f2(dial.overlapMm)} mm`,
          at: lineFocus(dial.shape, a.losLine),
          spanMm: span(dial.overlapMm),
          topic: 'los',
        });
      }
      continue;
    }
    if (e.verdict === 'cross') {
      mm = e.depthMm ?? 0;
      decides = live && e === deepest;
      // as the why says it: how far the line runs inside the piece, then how deep it reaches (the margin)
      text =
        `the ${line} crosses ${say(e.piece)}` +
        `${e.insideMm !== undefined ? ` for ${f2(e.insideMm)} mm` : ''}, ${f2(mm)} mm deep`;
      flip = `${by(mm)} to the side and it would clear ${say(e.piece)}`;
    } else if (e.verdict === 'graze' || e.verdict === 'near') {
      mm = e.clearanceMm ?? 0;
      decides = live && wouldBe(e) > current;
      text =
        e.verdict === 'graze'
          ? `the ${line} grazes ${say(e.piece)} (${f2(mm)} mm: touching, does not cross)`
          : `the ${line} misses ${say(e.piece)} by ${f2(mm)} mm`;
      // touching (0.00 mm): any nearer crosses, and "0.00 mm nearer" says nothing
      flip = `${by(mm)} nearer and it would cross ${say(e.piece)}`;
    } else {
      continue; // a covered stretch: the why says whose base covers it
    }
    const close = decides && mm < precisionFor(e.piece);
    margins.push({ topic: 'los', mm, decides, close, text, flip, piece: e.piece });
    const S = decides && mm <= LOUPE_MAX_MM ? shapeOf(world, e.piece) : null;
    const lineXY = e.line === 'los' ? a.losLine : a.rangeLine;
    if (S && lineXY) {
      loupes.push({
        label: `${e.piece}: ${e.verdict === 'cross' ? `${f2(mm)} mm deep` : `${f2(mm)} mm clear`}`,
        at: lineFocus(S, lineXY),
        spanMm: span(mm),
        topic: 'los',
      });
    }
  }
  if (
    !entries.some((e) => e.line === 'los' && e.verdict !== 'cross' && e.verdict !== 'covered') &&
    current === 0
  ) {
    // a stretch under a covering base is no near miss: the line crosses the obstacle there, hidden
    const covered = entries.filter((e) => e.line === 'los' && e.verdict === 'covered');
    const cover = a.coverOutline === 'cardboard token' ? 'cardboard token' : 'plastic base';
    margins.push({
      topic: 'los',
      mm: NEAR_MM,
      decides: false,
      close: false,
      text: covered.length
        ? `the line of sight crosses ${andList(covered.map((e) => say(e.piece)))} only where ` +
          `${andList([...new Set(covered.flatMap((e) => e.coveredBy ?? []))].map(say))}'s ${cover} covers it ` +
          `(the visible-portion exception), and no other piece comes within ${NEAR_MM} mm of it`
        : `no piece comes within ${NEAR_MM} mm of the line of sight`,
      flip: '',
    });
  }

  const closeCall = margins.some((m) => m.close);
  // the margins on the table first, nearest first; an estimate's (no distance on the table) after them
  const close = margins
    .filter((m) => m.close)
    .sort((x, y) => Number(!!x.estimate) - Number(!!y.estimate) || x.mm - y.mm);
  const closeText = close.length
    ? `Too close to call on the table: ` +
      `${close[0].estimate ? close[0].text : `${f2(close[0].mm)} mm (${close[0].text})`}; ${close[0].flip}.` +
      (close.length > 1
        ? ` Also close: ${close
            .slice(1)
            .map((m) => m.text)
            .join('; ')}.`
        : '')
    : '';
  loupes.sort(
    (x, y) =>
      Number(!margins.some((m) => m.close && m.topic === x.topic)) -
      Number(!margins.some((m) => m.close && m.topic === y.topic)),
  );
  const photoIds = [
    ...new Set([pid(a.attacker), pid(a.defender), ...entries.map((e) => pid(e.piece))]),
  ].filter((id) => fromPhoto.has(id));
  const calibrated = new Set(world.table.photo?.calibration.map((c) => c.piece) ?? []);
  const far = photoExtrapolated(world);
  const farWords = photoIds
    .filter((id) => far.has(id))
    .map(
      (id) => `${say(id)} lies ${far.get(id)!.toFixed(0)} mm outside the calibration, so it is extrapolated`,
    );
  const photo = photoIds.length
    ? `from the photo: ${photoIds
        .map(
          (id) =>
            `${say(id)} +-${f2(fromPhoto.get(id)!)} m` +
            `m${calibrated.has(id) ? ' (calibration, placed by hand)' : ''}`,
        )
        .join(', ')}` + (farWords.length ? `; ${farWords.join('; ')}: calibrate on pieces around it` : '')
    : undefined;
  // a line of sight's margin measured from an estimated targeting point is no firmer than that estimate
  const estimatedEnds = [a.attacker, a.defender].filter((k) => {
    const e = k.includes('.') ? world.byId.get(pid(k)) : undefined;
    return e?.kind === 'ship' && e.shapes.targetingEstimated;
  });
  const estimate =
    estimatedEnds.length && margins.some((m) => m.topic === 'los' && m.decides)
      ? estimatedEnds.length > 1
        ? `The line of sight's ends at ${andList(estimatedEnds.map(say))} are targeting points estimated for ` +
          'their classes, not measured: its margins rest on those estimates.'
        : `The line of sight's end at ${say(estimatedEnds[0])} is a targeting point estimated for its class, ` +
          'not measured: its margins rest on that estimate.'
      : undefined;
  return {
    ...(photo ? { photo } : {}),
    ...(estimate ? { estimate } : {}),
    ...(restsOn ? { restsOn } : {}),
    attacker: a.attacker,
    defender: a.defender,
    kind,
    canAttack: kind === 'clear' || kind === 'obstructed',
    headline,
    named,
    margins,
    closeCall,
    closeText,
    loupes: loupes.slice(0, 4),
    meaning:
      kind === 'obstructed' && holding.length && holding.every((e) => e.dialRule)
        ? { ...meaningOf(kind, world.table.ruleset), rule: DIAL_RULE }
        : meaningOf(kind, world.table.ruleset),
    ...(Array.isArray(a.readings) && a.readings.length
      ? { readings: (a.readings as ReadingUse[]).map(readingWords) }
      : {}),
    ...(a.classEdit
      ? {
          classEdit: {
            text: classEditWords(a.classEdit, (id) => shipClass(CATALOG, id)?.name ?? id),
            changes: a.classEdit.changes,
          },
        }
      : {}),
  };
}
