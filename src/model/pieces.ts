import { ArcRegion } from '../geometry/arc-region';
import { Circle } from '../geometry/circle';
import { type Point, place } from '../geometry/point';
import { Polygon } from '../geometry/polygon';
import {
  type ArcProfile,
  type Catalog,
  type HullZoneName,
  type ShipSizeSpec,
  shipProfile,
  type TargetingProfile,
  zonesOf,
} from './catalog';
import type { Obstacle, Ship, Squadron, Token } from './table-pieces';

/** How far firing arcs are drawn out: far past any table's diagonal. */
const ARC_REACH = 10_000;

export interface ShipShapes {
  /**
   * plastic base: distances, obstruction, leaving the play area (a huge ship: the whole base, both bases and
   * the gap)
   */
  base: Polygon;
  /** the plastic bases themselves: one, or a huge ship's two (rear, front) */
  bases: Polygon[];
  /** this ship's hull zones: four, or a huge ship's six; the records below hold these keys only */
  zones: readonly HullZoneName[];
  /** base with the four shield-dial frames: overlapping */
  footprint: Polygon;
  /** cardboard token */
  token: Polygon;
  hullZones: Record<HullZoneName, Polygon>;
  targetingPoints: Record<HullZoneName, Point>;
  /** the shield dial in its frame on each edge (the 1.5 rule of lines through a dial) */
  dials: Record<HullZoneName, Polygon>;
  /** each hull zone's firing arc: the region between its two arc lines, extended (arc-region.ts) */
  arcs: Record<HullZoneName, ArcRegion>;
  /** the four printed arc lines, from where they meet the centreline to where they leave the token */
  arcLines: Record<ArcLineName, ArcLine> & Partial<Record<'splitLeft' | 'splitRight', ArcLine>>;
  /**
   * each hull zone's two arc lines: [the line on its clockwise side, the line on its counter-clockwise
   * side] (looking down on the ship), each [inner end, where it leaves the token]. The zone is the
   * token between them; its firing arc the region between them, extended.
   */
  zoneArcLines: Record<HullZoneName, [ArcLine, ArcLine]>;
  /** whether this class's arc lines and targeting points come from measurements or size defaults */
  measuredProfile: boolean;
  /** whether the targeting points are estimated (a size default, or a class whose points were never measured) */
  targetingEstimated: boolean;
}

/** f of each zone's value, in the zones' order (a loop: a dragged ship's shapes are placed at every step) */
function zoneMap<K extends string, T, U>(r: Record<K, T>, f: (t: T, zone: K) => U): Record<K, U> {
  const out = {} as Record<K, U>;
  for (const z of Object.keys(r) as K[]) out[z] = f(r[z], z);
  return out;
}

/** A side zone's side (-1 left, 1 right), 0 for a front or rear zone. */
const sideOf = (z: HullZoneName): -1 | 0 | 1 => (/left$/.test(z) ? -1 : /right$/.test(z) ? 1 : 0);

/**
 * A zone's firing arc: the region between its two arc lines. An arc line runs from the ship
 * outward, so a side zone's arc never holds a point beyond the token's far side (ArcRegion's `far`).
 */
function arcOf([cw, ccw]: [ArcLine, ArcLine], zone: HullZoneName, tw: number): ArcRegion {
  const side = sideOf(zone);
  return ArcRegion.between(
    cw,
    ccw,
    ARC_REACH,
    side ? { p: { x: -side * tw, y: 0 }, n: { x: side, y: 0 } } : undefined,
  );
}

/** Where the line through a and b meets the line through c and d (not parallel here: a front and a rear arc line). */
function crossing(a: Point, b: Point, c: Point, d: Point): Point {
  const rx = b.x - a.x,
    ry = b.y - a.y,
    sx = d.x - c.x,
    sy = d.y - c.y;
  const t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / (rx * sy - ry * sx);
  return { x: a.x + t * rx, y: a.y + t * ry };
}

export type ArcLineName = 'frontLeft' | 'frontRight' | 'rearLeft' | 'rearRight';
/** an arc line: [its inner end (on or near the centreline), where it leaves the token] */
export type ArcLine = [Point, Point];

/** Where a point of the token's edge lies along its boundary, counter-clockwise from the rear right corner. */
function perimeterAt(tw: number, tl: number, p: Point): number {
  const W = 2 * tw,
    L = 2 * tl;
  if (p.x === tw && p.y < tl) return p.y + tl;
  if (p.y === tl && p.x > -tw) return L + (tw - p.x);
  if (p.x === -tw && p.y > -tl) return L + W + (tl - p.y);
  return 2 * L + W + (p.x + tw);
}

/**
 * The token between two arc lines, counter-clockwise: the clockwise-side line inward to outward,
 * the token's edge counter-clockwise to the other line, that line outward to inward.
 */
function zoneBetween(tw: number, tl: number, cw: ArcLine, ccw: ArcLine): Polygon {
  const W = 2 * tw,
    L = 2 * tl,
    P = 2 * L + 2 * W;
  const corners: [number, Point][] = [
    [0, { x: tw, y: -tl }],
    [L, { x: tw, y: tl }],
    [L + W, { x: -tw, y: tl }],
    [2 * L + W, { x: -tw, y: -tl }],
  ];
  const a = perimeterAt(tw, tl, cw[1]);
  let b = perimeterAt(tw, tl, ccw[1]);
  if (b <= a) b += P;
  const pts: Point[] = [cw[0], cw[1]];
  for (const k of [0, 1]) {
    for (const [t, c] of corners) {
      const tt = t + k * P;
      if (tt > a && tt < b) pts.push(c);
    }
  }
  pts.push(ccw[1], ccw[0]);
  const ring = pts.filter((p, i) => {
    const q = pts[(i + pts.length - 1) % pts.length];
    return p.x !== q.x || p.y !== q.y;
  });
  return Polygon.from(ring);
}

/** A small, medium or large ship's footprint: the base with its four shield-dial frames standing out. */
function footprintOf(W: number, L: number, f: number, p: number): Polygon {
  const fw = f / 2,
    w2 = W / 2,
    l2 = L / 2;
  return Polygon.from([
    [-w2, -l2],
    [-fw, -l2],
    [-fw, -l2 - p],
    [fw, -l2 - p],
    [fw, -l2],
    [w2, -l2],
    [w2, -fw],
    [w2 + p, -fw],
    [w2 + p, fw],
    [w2, fw],
    [w2, l2],
    [fw, l2],
    [fw, l2 + p],
    [-fw, l2 + p],
    [-fw, l2],
    [-w2, l2],
    [-w2, fw],
    [-w2 - p, fw],
    [-w2 - p, -fw],
    [-w2, -fw],
  ]);
}

/**
 * The four arc lines of a small, medium or large ship's token (half-sizes tw, tl), from the class's
 * arc figures measured on the dataset's token and scaled to this one.
 */
function ordinaryArcLines(
  cat: Catalog,
  size: Ship['size'],
  spec: ShipSizeSpec,
  arc: ArcProfile,
): Record<ArcLineName, ArcLine> {
  const tw = spec.token.width / 2,
    tl = spec.token.length / 2;
  // arc figures were measured on the dataset's token: scale them along its length (and width, for insets)
  const s = spec.token.length / cat.arcDataset.tokenLength[size];
  const sx = spec.token.width / cat.arcDataset.tokenWidth[size];
  const FC = { x: 0, y: tl - arc.frontConj * s };
  // conjunctions that meet (figures summing to the token's length) are one point, not two a rounding apart
  const rcY = -tl + arc.rearConj * s;
  const RC = Math.abs(rcY - FC.y) < 1e-9 ? FC : { x: 0, y: rcY };
  // where a line leaves the token: through the side, or (offset 0 with an inset) through the end edge
  const frontEnd = (side: 1 | -1): Point =>
    arc.frontOffset === 0 && arc.frontEndInset
      ? { x: side * (tw - arc.frontEndInset * sx), y: tl }
      : { x: side * tw, y: tl - arc.frontOffset * s };
  const rearEnd = (side: 1 | -1): Point =>
    arc.rearOffset === 0 && arc.rearEndInset
      ? { x: side * (tw - arc.rearEndInset * sx), y: -tl }
      : { x: side * tw, y: -tl + arc.rearOffset * s };
  // where the extended front lines cross behind the extended rear lines' crossing (a few classes'
  // printed lines stop short of the centreline), each front line ends where it meets the rear line of
  // its side, and the front and rear zones meet along the stretch between those two points
  const fR = frontEnd(1),
    rR = rearEnd(1);
  const iR = FC.y >= RC.y ? null : crossing(FC, fR, RC, rR);
  const inner = (side: 1 | -1, c: Point): Point => (iR ? { x: side * iR.x, y: iR.y } : c);
  return {
    frontLeft: [inner(-1, FC), frontEnd(-1)],
    frontRight: [inner(1, FC), fR],
    rearLeft: [inner(-1, RC), rearEnd(-1)],
    rearRight: [inner(1, RC), rR],
  };
}

/** The four shield dials of a small, medium or large ship: the front and rear, and one at each side. */
function ordinaryDials(
  W: number,
  L: number,
  f: number,
  p: number,
  inset: number,
): Record<HullZoneName, Polygon> {
  const fw = f / 2,
    w2 = W / 2;
  return {
    ...frontRearDials(fw, L / 2, inset, p),
    left: Polygon.from([
      [-w2 - p, -fw],
      [-w2 + inset, -fw],
      [-w2 + inset, fw],
      [-w2 - p, fw],
    ]),
    right: Polygon.from([
      [w2 - inset, -fw],
      [w2 + p, -fw],
      [w2 + p, fw],
      [w2 - inset, fw],
    ]),
  } as Record<HullZoneName, Polygon>;
}

/** A ship's shapes in its own frame: base centred on the origin, bow toward +y. */
export function localShipShapes(cat: Catalog, size: Ship['size'], cls: string | undefined): ShipShapes {
  const spec = cat.shipSizes[size];
  const { arcs: arc, targetingPoints: tp, measured } = shipProfile(cat, size, cls);
  if (size === 'huge') return hugeShipShapes(cat, spec, arc, tp, measured);
  const W = spec.base.width,
    L = spec.base.length;
  const { width: f, protrusion: p, inset } = spec.dialFrame;
  const base = Polygon.rect(0, 0, W, L);
  const tw = spec.token.width / 2,
    tl = spec.token.length / 2;
  const lines = ordinaryArcLines(cat, size, spec, arc);
  const zoneArcLines = {
    front: [lines.frontRight, lines.frontLeft],
    left: [lines.frontLeft, lines.rearLeft],
    rear: [lines.rearLeft, lines.rearRight],
    right: [lines.rearRight, lines.frontRight],
  } as Record<HullZoneName, [ArcLine, ArcLine]>;
  const targetingPoints = {
    front: { x: 0, y: tl - tp.front },
    rear: { x: 0, y: tl - tp.rear },
    left: { x: -tp.side[0], y: tl - tp.side[1] },
    right: { x: tp.side[0], y: tl - tp.side[1] },
  } as Record<HullZoneName, Point>;
  return {
    base,
    bases: [base],
    zones: zonesOf(size),
    footprint: footprintOf(W, L, f, p),
    token: Polygon.rect(0, 0, spec.token.width, spec.token.length),
    hullZones: zoneMap(zoneArcLines, ([cw, ccw]) => zoneBetween(tw, tl, cw, ccw)),
    targetingPoints,
    dials: ordinaryDials(W, L, f, p, inset),
    arcs: zoneMap(zoneArcLines, (l, z) => arcOf(l, z, tw)),
    arcLines: lines,
    zoneArcLines,
    measuredProfile: measured,
    targetingEstimated: !measured || /^estimated/.test(tp.status ?? ''),
  };
}

/**
 * A huge ship in its own frame, centred on its whole base (table-format.md: both plastic bases and
 * the gap between them): two large bases in line with the gap, one token over both, six hull zones
 * (front, front-left, front-right, rear-left, rear-right, rear) cut by the front and rear arc lines
 * and the transverse line between the forward and rear side zones, six shield dials (front, rear,
 * and each side at each base's centre, as the reference mod places them).
 */
function hugeShipShapes(
  cat: Catalog,
  spec: ShipSizeSpec,
  arc: ArcProfile,
  tp: TargetingProfile,
  measured: boolean,
): ShipShapes {
  const W = spec.base.width,
    L = spec.base.length,
    Lb = spec.base.baseLength ?? 129;
  const cy = (L - Lb) / 2; // each base's centre at y = +-cy
  const tw = spec.token.width / 2,
    tl = spec.token.length / 2;
  const lines = hugeArcLines(cat, spec, arc);
  const zoneArcLines = {
    front: [lines.frontRight, lines.frontLeft],
    'front-left': [lines.frontLeft, lines.splitLeft],
    'rear-left': [lines.splitLeft, lines.rearLeft],
    rear: [lines.rearLeft, lines.rearRight],
    'rear-right': [lines.rearRight, lines.splitRight],
    'front-right': [lines.splitRight, lines.frontRight],
  } as Record<HullZoneName, [ArcLine, ArcLine]>;
  const sr = tp.sideRear ?? tp.side;
  const targetingPoints = {
    front: { x: 0, y: tl - tp.front },
    rear: { x: 0, y: tl - tp.rear },
    'front-left': { x: -tp.side[0], y: tl - tp.side[1] },
    'front-right': { x: tp.side[0], y: tl - tp.side[1] },
    'rear-left': { x: -sr[0], y: tl - sr[1] },
    'rear-right': { x: sr[0], y: tl - sr[1] },
  } as Record<HullZoneName, Point>;
  return {
    base: Polygon.rect(0, 0, W, L),
    bases: [Polygon.rect(0, -cy, W, Lb), Polygon.rect(0, cy, W, Lb)],
    zones: zonesOf('huge'),
    footprint: hugeFootprint(spec, cy),
    token: Polygon.rect(0, 0, spec.token.width, spec.token.length),
    hullZones: zoneMap(zoneArcLines, ([cw, ccw]) => zoneBetween(tw, tl, cw, ccw)),
    targetingPoints,
    dials: hugeDials(spec, cy),
    arcs: zoneMap(zoneArcLines, (l, z) => arcOf(l, z, tw)),
    arcLines: lines as Record<ArcLineName, ArcLine>,
    zoneArcLines,
    measuredProfile: measured,
    targetingEstimated: !measured || /^estimated/.test(tp.status ?? ''),
  };
}

/** A huge ship's footprint: both bases and the gap, the front and rear dial frames and two a side. */
function hugeFootprint(spec: ShipSizeSpec, cy: number): Polygon {
  const { width: f, protrusion: p } = spec.dialFrame;
  const fw = f / 2,
    w2 = spec.base.width / 2,
    l2 = spec.base.length / 2;
  return Polygon.from([
    [-w2, -l2],
    [-fw, -l2],
    [-fw, -l2 - p],
    [fw, -l2 - p],
    [fw, -l2],
    [w2, -l2],
    [w2, -cy - fw],
    [w2 + p, -cy - fw],
    [w2 + p, -cy + fw],
    [w2, -cy + fw],
    [w2, cy - fw],
    [w2 + p, cy - fw],
    [w2 + p, cy + fw],
    [w2, cy + fw],
    [w2, l2],
    [fw, l2],
    [fw, l2 + p],
    [-fw, l2 + p],
    [-fw, l2],
    [-w2, l2],
    [-w2, cy + fw],
    [-w2 - p, cy + fw],
    [-w2 - p, cy - fw],
    [-w2, cy - fw],
    [-w2, -cy + fw],
    [-w2 - p, -cy + fw],
    [-w2 - p, -cy - fw],
    [-w2, -cy - fw],
  ]);
}

/** A huge ship's six shield dials: front, rear, and each side at each base's centre (y = +-cy). */
function hugeDials(spec: ShipSizeSpec, cy: number): Record<HullZoneName, Polygon> {
  const { width: f, protrusion: p, inset } = spec.dialFrame;
  const fw = f / 2,
    w2 = spec.base.width / 2;
  const side = (sgn: 1 | -1, y: number) =>
    Polygon.from(
      sgn > 0
        ? [
            [w2 - inset, y - fw],
            [w2 + p, y - fw],
            [w2 + p, y + fw],
            [w2 - inset, y + fw],
          ]
        : [
            [-w2 - p, y - fw],
            [-w2 + inset, y - fw],
            [-w2 + inset, y + fw],
            [-w2 - p, y + fw],
          ],
    );
  return {
    ...frontRearDials(fw, spec.base.length / 2, inset, p),
    'front-left': side(-1, cy),
    'front-right': side(1, cy),
    'rear-left': side(-1, -cy),
    'rear-right': side(1, -cy),
  } as Record<HullZoneName, Polygon>;
}

/** A huge ship's arc lines: the front and rear pairs and the transverse split between its side zones. */
function hugeArcLines(
  cat: Catalog,
  spec: ShipSizeSpec,
  arc: ArcProfile,
): Record<ArcLineName | 'splitLeft' | 'splitRight', ArcLine> {
  const tw = spec.token.width / 2,
    tl = spec.token.length / 2;
  const s = spec.token.length / cat.arcDataset.tokenLength.huge;
  const FC = { x: 0, y: tl - arc.frontConj * s },
    RC = { x: 0, y: -tl + arc.rearConj * s };
  const ys = tl - (arc.sideSplit ?? (arc.frontConj + arc.rearConj) / 2) * s;
  const yF = tl - arc.frontOffset * s,
    yR = -tl + arc.rearOffset * s;
  const SC = { x: 0, y: ys };
  return {
    frontLeft: [FC, { x: -tw, y: yF }],
    frontRight: [FC, { x: tw, y: yF }],
    rearLeft: [RC, { x: -tw, y: yR }],
    rearRight: [RC, { x: tw, y: yR }],
    splitLeft: [SC, { x: -tw, y: ys }],
    splitRight: [SC, { x: tw, y: ys }],
  };
}

const localCache = new WeakMap<Catalog, Map<string, ShipShapes>>();

/** A ship's shapes placed on the table. Local shapes are cached per catalog, size and class. */
export function shipShapes(
  cat: Catalog,
  ship: Pick<Ship, 'size' | 'class' | 'x' | 'y' | 'rotation'>,
): ShipShapes {
  let byKey = localCache.get(cat);
  if (!byKey) localCache.set(cat, (byKey = new Map()));
  const key = `${ship.size}/${ship.class ?? ''}`;
  let local = byKey.get(key);
  if (!local) byKey.set(key, (local = localShipShapes(cat, ship.size, ship.class)));
  const { x, y, rotation: r } = ship;
  const P = (poly: Polygon) => poly.placed(x, y, r);
  const Q = (p: Point) => place(p.x, p.y, x, y, r);
  const line = (l: [Point, Point]): [Point, Point] => [Q(l[0]), Q(l[1])];
  return {
    base: P(local.base),
    bases: local.bases.length === 1 ? [] : local.bases.map(P),
    zones: local.zones,
    footprint: P(local.footprint),
    token: P(local.token),
    hullZones: zoneMap(local.hullZones, P),
    targetingPoints: zoneMap(local.targetingPoints, Q),
    dials: zoneMap(local.dials, P),
    arcs: zoneMap(local.arcs, (a) => a.placed(x, y, r)),
    arcLines: zoneMap(local.arcLines as Record<string, ArcLine>, line) as ShipShapes['arcLines'],
    zoneArcLines: zoneMap(local.zoneArcLines, ([a, b]) => [line(a), line(b)]),
    measuredProfile: local.measuredProfile,
    targetingEstimated: local.targetingEstimated,
  };
}

const outlineCache = new WeakMap<Catalog, Map<string, Polygon>>();

export function obstacleOutline(cat: Catalog, o: Pick<Obstacle, 'type' | 'x' | 'y' | 'rotation'>): Polygon {
  let m = outlineCache.get(cat);
  if (!m) outlineCache.set(cat, (m = new Map()));
  let local = m.get(o.type);
  // the digitised outlines sit within a few microns of their centroid; centre them exactly, since
  // an obstacle's (x, y) is the area centroid of its outline
  if (!local) m.set(o.type, (local = Polygon.from(cat.obstacles[o.type].outline).centred()));
  return local.placed(o.x, o.y, o.rotation);
}

export function squadronCircle(cat: Catalog, s: Pick<Squadron, 'x' | 'y'>): Circle {
  return new Circle(s.x, s.y, cat.squadron.diameter / 2);
}

export function tokenCircle(t: Pick<Token, 'x' | 'y' | 'radius'>): Circle {
  return new Circle(t.x, t.y, t.radius);
}

/**
 * The front and rear shield dials' outlines (half-width fw, from inset inside the base's end at l2 to p
 * past it): the same for every ship, the huge one included.
 */
function frontRearDials(fw: number, l2: number, inset: number, p: number) {
  return {
    front: Polygon.from([
      [-fw, l2 - inset],
      [fw, l2 - inset],
      [fw, l2 + p],
      [-fw, l2 + p],
    ]),
    rear: Polygon.from([
      [-fw, -l2 - p],
      [fw, -l2 - p],
      [fw, -l2 + inset],
      [-fw, -l2 + inset],
    ]),
  };
}
