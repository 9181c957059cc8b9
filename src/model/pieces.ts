import { ArcRegion } from '../geometry/arc-region';
import { Circle } from '../geometry/circle';
import { type Point, place } from '../geometry/point';
import { Polygon } from '../geometry/polygon';
import { type Catalog, type HullZoneName, HULL_ZONES, shipProfile } from './catalog';
import type { Obstacle, Ship, Squadron, Token } from './table';

/** How far firing arcs are drawn out: far past any table's diagonal. */
const ARC_REACH = 10_000;

export interface ShipShapes {
  /** plastic base: distances, obstruction, leaving the play area */
  base: Polygon;
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
  /** the four printed arc lines, from where they meet the centreline to the token's side */
  arcLines: { frontLeft: [Point, Point]; frontRight: [Point, Point]; rearLeft: [Point, Point]; rearRight: [Point, Point] };
  /** whether this class's arc lines and targeting points come from measurements or size defaults */
  measuredProfile: boolean;
}

/** A ship's shapes in its own frame: base centred on the origin, bow toward +y. */
export function localShipShapes(cat: Catalog, size: Ship['size'], cls: string | undefined): ShipShapes {
  const spec = cat.shipSizes[size];
  const { arcs: arc, targetingPoints: tp, measured } = shipProfile(cat, size, cls);
  const W = spec.base.width, L = spec.base.length;
  const { width: f, protrusion: p, inset } = spec.dialFrame;
  const base = Polygon.rect(0, 0, W, L);
  const fw = f / 2, w2 = W / 2, l2 = L / 2;
  const footprint = Polygon.from([
    [-w2, -l2], [-fw, -l2], [-fw, -l2 - p], [fw, -l2 - p], [fw, -l2], [w2, -l2],
    [w2, -fw], [w2 + p, -fw], [w2 + p, fw], [w2, fw], [w2, l2],
    [fw, l2], [fw, l2 + p], [-fw, l2 + p], [-fw, l2], [-w2, l2],
    [-w2, fw], [-w2 - p, fw], [-w2 - p, -fw], [-w2, -fw],
  ]);
  const tw = spec.token.width / 2, tl = spec.token.length / 2;
  const token = Polygon.rect(0, 0, spec.token.width, spec.token.length);
  const s = spec.token.length / cat.arcDataset.tokenLength[size];
  const yF = tl - arc.frontOffset * s, yFc = tl - arc.frontConj * s;
  const yR = -tl + arc.rearOffset * s, yRc = -tl + arc.rearConj * s;
  const FC = { x: 0, y: yFc }, RC = { x: 0, y: yRc };
  const FL = { x: -tw, y: yF }, FR = { x: tw, y: yF }, RL = { x: -tw, y: yR }, RR = { x: tw, y: yR };
  const hullZones: Record<HullZoneName, Polygon> = {
    front: Polygon.from([FL, FC, FR, { x: tw, y: tl }, { x: -tw, y: tl }]),
    rear: Polygon.from([RR, RC, RL, { x: -tw, y: -tl }, { x: tw, y: -tl }]),
    left: Polygon.from([RL, RC, FC, FL]),
    right: Polygon.from([FR, FC, RC, RR]),
  };
  // each zone's arc from its two arc lines; a side zone's lines cross beyond the centre line
  const arcOf = (a: [Point, Point], b: [Point, Point]) => ArcRegion.between(a, b, ARC_REACH);
  const arcs: Record<HullZoneName, ArcRegion> = {
    front: arcOf([FC, FL], [FC, FR]),
    rear: arcOf([RC, RL], [RC, RR]),
    left: arcOf([FC, FL], [RC, RL]),
    right: arcOf([FC, FR], [RC, RR]),
  };
  const dials: Record<HullZoneName, Polygon> = {
    front: Polygon.from([[-fw, l2 - inset], [fw, l2 - inset], [fw, l2 + p], [-fw, l2 + p]]),
    rear: Polygon.from([[-fw, -l2 - p], [fw, -l2 - p], [fw, -l2 + inset], [-fw, -l2 + inset]]),
    left: Polygon.from([[-w2 - p, -fw], [-w2 + inset, -fw], [-w2 + inset, fw], [-w2 - p, fw]]),
    right: Polygon.from([[w2 - inset, -fw], [w2 + p, -fw], [w2 + p, fw], [w2 - inset, fw]]),
  };
  const targetingPoints: Record<HullZoneName, Point> = {
    front: { x: 0, y: tl - tp.front },
    rear: { x: 0, y: tl - tp.rear },
    left: { x: -tp.side[0], y: tl - tp.side[1] },
    right: { x: tp.side[0], y: tl - tp.side[1] },
  };
  return {
    base, footprint, token, hullZones, targetingPoints, dials, arcs,
    arcLines: { frontLeft: [FC, FL], frontRight: [FC, FR], rearLeft: [RC, RL], rearRight: [RC, RR] },
    measuredProfile: measured,
  };
}

const zoneMap = <T, U>(r: Record<HullZoneName, T>, f: (t: T) => U): Record<HullZoneName, U> =>
  Object.fromEntries(HULL_ZONES.map((z) => [z, f(r[z])])) as Record<HullZoneName, U>;

const localCache = new WeakMap<Catalog, Map<string, ShipShapes>>();

/** A ship's shapes placed on the table. Local shapes are cached per catalog, size and class. */
export function shipShapes(cat: Catalog, ship: Pick<Ship, 'size' | 'class' | 'x' | 'y' | 'rotation'>): ShipShapes {
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
    footprint: P(local.footprint),
    token: P(local.token),
    hullZones: zoneMap(local.hullZones, P),
    targetingPoints: zoneMap(local.targetingPoints, Q),
    dials: zoneMap(local.dials, P),
    arcs: zoneMap(local.arcs, (a) => a.placed(x, y, r)),
    arcLines: {
      frontLeft: line(local.arcLines.frontLeft), frontRight: line(local.arcLines.frontRight),
      rearLeft: line(local.arcLines.rearLeft), rearRight: line(local.arcLines.rearRight),
    },
    measuredProfile: local.measuredProfile,
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
