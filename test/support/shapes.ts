/**
 * Pieces placed on the table by plain arithmetic from the asset files, independently of
 * src/model/pieces.ts: what the report's `shapes` section and every distance must agree with.
 */
import catalogJson from '../../assets/catalog.json';
import outlinesJson from '../../assets/obstacle-outlines.json';
import classesJson from '../../assets/ship-classes.json';
import { type OShape, placeXY, signedArea, type XY } from './oracle';

type Size = 'small' | 'medium' | 'large' | 'huge';
interface SizeSpec {
  base: { width: number; length: number };
  token: { width: number; length: number };
  dialFrame: { width: number; protrusion: number };
}
interface Tp {
  front: number;
  rear: number;
  side: [number, number];
}
const CAT = {
  ...(catalogJson as unknown as { defaultProfiles: Record<Size, { targetingPoints: Tp }> }),
  shipClasses: (classesJson as unknown as { classes: Record<string, { targetingPoints?: Tp }> }).classes,
};

/** Targeting points from the catalog's figures: mm back from the token's front edge, side points offset from the centreline. */
export function targetingPoints(
  size: Size,
  cls: string | undefined,
  x: number,
  y: number,
  rot: number,
): Record<'front' | 'rear' | 'left' | 'right', XY> {
  const tp = (cls && CAT.shipClasses[cls]?.targetingPoints) || CAT.defaultProfiles[size].targetingPoints;
  const front = SIZES[size].token.length / 2;
  return {
    front: placeXY(0, front - tp.front, x, y, rot),
    rear: placeXY(0, front - tp.rear, x, y, rot),
    left: placeXY(-tp.side[0], front - tp.side[1], x, y, rot),
    right: placeXY(tp.side[0], front - tp.side[1], x, y, rot),
  };
}

/** The cardboard token's rectangle. */
export function shipToken(size: Size, x: number, y: number, rot: number): XY[] {
  const { width: w, length: l } = SIZES[size].token;
  return (
    [
      [-w / 2, -l / 2],
      [w / 2, -l / 2],
      [w / 2, l / 2],
      [-w / 2, l / 2],
    ] as const
  ).map(([u, v]) => placeXY(u, v, x, y, rot));
}
export const SIZES = (catalogJson as unknown as { shipSizes: Record<Size, SizeSpec> }).shipSizes;
export const SQUADRON_DIAMETER = (catalogJson as unknown as { squadron: { diameter: number } }).squadron
  .diameter;
export const DISTANCE_BANDS = (
  catalogJson as unknown as { ruler: { distance: { name: string; end: number }[] } }
).ruler.distance;
export const OUTLINES = (
  outlinesJson as unknown as { obstacles: Record<string, { outline: [number, number][] }> }
).obstacles;
export const EFFECTS = (
  catalogJson as unknown as {
    obstacleEffects: Record<string, { ship: string | null; squadron: string | null }>;
  }
).obstacleEffects;
export const OBSTACLE_KIND = Object.fromEntries(
  Object.entries((catalogJson as unknown as { obstacles: Record<string, { kind: string }> }).obstacles).map(
    ([k, v]) => [k, v.kind],
  ),
);

/** Area centroid of a ring. */
export function ringCentroid(ring: readonly XY[]): [number, number] {
  let a = 0,
    cx = 0,
    cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % ring.length];
    const c = x0 * y1 - x1 * y0;
    a += c;
    cx += (x0 + x1) * c;
    cy += (y0 + y1) * c;
  }
  return [cx / (3 * a), cy / (3 * a)];
}

export function shipBase(size: Size, x: number, y: number, rot: number): XY[] {
  const { width: w, length: l } = SIZES[size].base;
  return (
    [
      [-w / 2, -l / 2],
      [w / 2, -l / 2],
      [w / 2, l / 2],
      [-w / 2, l / 2],
    ] as const
  ).map(([u, v]) => placeXY(u, v, x, y, rot));
}

/** Base plus the four dial frames: a plus-shaped ring walked quarter by quarter. */
export function shipFootprint(size: Size, x: number, y: number, rot: number): XY[] {
  const {
    base: { width, length },
    dialFrame: { width: fw, protrusion: p },
  } = SIZES[size];
  const local: [number, number][] = [];
  // one quarter: from the middle of the bottom edge to the middle of the right edge, then rotate it three times
  const quarter = (hw: number, hl: number): [number, number][] => [
    [0, -hl - p],
    [fw / 2, -hl - p],
    [fw / 2, -hl],
    [hw, -hl],
    [hw, -fw / 2],
    [hw + p, -fw / 2],
    [hw + p, 0],
  ];
  for (let k = 0; k < 4; k++) {
    const [hw, hl] = k % 2 === 0 ? [width / 2, length / 2] : [length / 2, width / 2];
    for (const [u, v] of quarter(hw, hl)) {
      const [a, b] = k === 0 ? [u, v] : k === 1 ? [-v, u] : k === 2 ? [-u, -v] : [v, -u];
      const last = local[local.length - 1];
      if (!last || Math.abs(last[0] - a) > 1e-12 || Math.abs(last[1] - b) > 1e-12) local.push([a, b]);
    }
  }
  if (
    Math.abs(local[0][0] - local[local.length - 1][0]) < 1e-12 &&
    Math.abs(local[0][1] - local[local.length - 1][1]) < 1e-12
  )
    local.pop();
  // drop the midpoints of straight runs
  const ring = local.filter((pnt, i) => {
    const a = local[(i + local.length - 1) % local.length],
      c = local[(i + 1) % local.length];
    return Math.abs((pnt[0] - a[0]) * (c[1] - a[1]) - (pnt[1] - a[1]) * (c[0] - a[0])) > 1e-9;
  });
  return ring.map(([u, v]) => placeXY(u, v, x, y, rot));
}

export function obstacleRing(type: string, x: number, y: number, rot: number): XY[] {
  const raw = OUTLINES[type].outline;
  const [cx, cy] = ringCentroid(raw);
  const ring = raw.map(([u, v]) => placeXY(u - cx, v - cy, x, y, rot));
  return signedArea(ring) < 0 ? ring.reverse() : ring;
}

export interface OTable {
  ships?: {
    id: string;
    size: Size;
    x: number;
    y: number;
    rotation: number;
    player?: number;
    class?: string;
    speed?: number;
  }[];
  squadrons?: { id: string; x: number; y: number; player?: number }[];
  obstacles?: { id: string; type: string; x: number; y: number; rotation: number }[];
  tokens?: { id: string; x: number; y: number; radius?: number }[];
}

export interface OPiece {
  id: string;
  kind: 'ship' | 'squadron' | 'obstacle' | 'token';
  measure: OShape;
  overlap: OShape;
  base?: XY[];
}

/** Every piece in report order (ships, squadrons, obstacles, tokens) with its oracle shapes. */
export function oraclePieces(t: OTable): OPiece[] {
  const out: OPiece[] = [];
  for (const s of t.ships ?? []) {
    const base = shipBase(s.size, s.x, s.y, s.rotation);
    out.push({
      id: s.id,
      kind: 'ship',
      measure: { ring: base },
      overlap: { ring: shipFootprint(s.size, s.x, s.y, s.rotation) },
      base,
    });
  }
  for (const q of t.squadrons ?? []) {
    const c: OShape = { circle: [q.x, q.y, SQUADRON_DIAMETER / 2] };
    out.push({ id: q.id, kind: 'squadron', measure: c, overlap: c });
  }
  for (const o of t.obstacles ?? []) {
    const r: OShape = { ring: obstacleRing(o.type, o.x, o.y, o.rotation) };
    out.push({ id: o.id, kind: 'obstacle', measure: r, overlap: r });
  }
  for (const k of t.tokens ?? []) {
    const c: OShape = { circle: [k.x, k.y, k.radius ?? 12.5] };
    out.push({ id: k.id, kind: 'token', measure: c, overlap: c });
  }
  return out;
}

/** The ruler rule written out: the first band whose end line the length does not pass (by more than tol). */
export function expectedBand(mm: number, tol: number): number | null {
  for (let i = 0; i < DISTANCE_BANDS.length; i++) if (mm <= DISTANCE_BANDS[i].end + tol) return i + 1;
  return null;
}
