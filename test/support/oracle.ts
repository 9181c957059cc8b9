/**
 * Independent computations the foundation is held against. Nothing here imports src/geometry:
 * distances and intersections come from @flatten-js/core, shapes are placed with plain
 * trigonometry written afresh, and a brute-force point/segment distance backs up flatten.
 */
import Flatten from '@flatten-js/core';

export type XY = readonly [number, number];
/** A shape as the oracle knows it: a polygon ring (either winding) or a disc. */
export type OShape = { ring: XY[] } | { circle: [number, number, number] };

/** Rotate (x, y) by deg counter-clockwise about the origin, then move by (dx, dy). */
export function placeXY(x: number, y: number, dx: number, dy: number, deg: number): [number, number] {
  const r = (deg * Math.PI) / 180;
  return [dx + x * Math.cos(r) - y * Math.sin(r), dy + x * Math.sin(r) + y * Math.cos(r)];
}

export function signedArea(ring: readonly XY[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % ring.length];
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}

export function perimeter(s: OShape): number {
  if ('circle' in s) return 2 * Math.PI * s.circle[2];
  let p = 0;
  for (let i = 0; i < s.ring.length; i++) {
    const [x0, y0] = s.ring[i];
    const [x1, y1] = s.ring[(i + 1) % s.ring.length];
    p += Math.hypot(x1 - x0, y1 - y0);
  }
  return p;
}

function ccw(ring: readonly XY[]): XY[] {
  return signedArea(ring) < 0 ? [...ring].reverse() : [...ring];
}

export function toFlatten(s: OShape): Flatten.Polygon | Flatten.Circle {
  if ('circle' in s) return new Flatten.Circle(new Flatten.Point(s.circle[0], s.circle[1]), s.circle[2]);
  return new Flatten.Polygon(ccw(s.ring).map(([x, y]) => new Flatten.Point(x, y)));
}

/** Distance between two shapes as filled sets, by @flatten-js/core (0 when they share a point). */
export function flattenDistance(a: OShape, b: OShape): number {
  if ('circle' in a && 'circle' in b) {
    return Math.max(
      0,
      Math.hypot(a.circle[0] - b.circle[0], a.circle[1] - b.circle[1]) - a.circle[2] - b.circle[2],
    );
  }
  const fa = toFlatten(a),
    fb = toFlatten(b);
  // distanceTo measures boundary to boundary; a shape wholly inside the other is at 0
  const inside = (s: OShape, t: Flatten.Polygon | Flatten.Circle) => {
    const p =
      'circle' in s
        ? new Flatten.Point(s.circle[0], s.circle[1])
        : new Flatten.Point(s.ring[0][0], s.ring[0][1]);
    return t instanceof Flatten.Polygon ? t.contains(p) : t.contains(p);
  };
  if (inside(a, fb) || inside(b, fa)) return 0;
  return (fa as Flatten.Polygon).distanceTo(fb as Flatten.Polygon)[0];
}

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay,
    l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + dx * t - px,
    ey = ay + dy * t - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Distance from a point to a ring's boundary, brute force. */
export function ringBoundaryDistance(ring: readonly XY[], px: number, py: number): number {
  let best = Infinity;
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i],
      b = ring[i + 1 === n ? 0 : i + 1];
    const d = pointSegment(px, py, a[0], a[1], b[0], b[1]);
    if (d < best) best = d;
  }
  return best;
}

/** Even-odd ray cast (not exact: for points not on the boundary). */
export function ringContains(ring: readonly XY[], px: number, py: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i][0],
      yi = ring[i][1],
      xj = ring[j][0],
      yj = ring[j][1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Area shared by two polygons, by flatten's boolean intersection. */
export function intersectionArea(a: readonly XY[], b: readonly XY[]): number {
  const pa = toFlatten({ ring: [...a] }) as Flatten.Polygon;
  const pb = toFlatten({ ring: [...b] }) as Flatten.Polygon;
  return Math.abs(Flatten.BooleanOperations.intersect(pa, pb).area());
}

function orient3(px: number, py: number, qx: number, qy: number, rx: number, ry: number): number {
  return (qx - px) * (ry - py) - (qy - py) * (rx - px);
}

/** Plain floating-point segment intersection test (generic positions; not exact). */
function segmentsCross(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const d1 = orient3(cx, cy, dx, dy, ax, ay),
    d2 = orient3(cx, cy, dx, dy, bx, by);
  const d3 = orient3(ax, ay, bx, by, cx, cy),
    d4 = orient3(ax, ay, bx, by, dx, dy);
  if (d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0) {
    return (
      Math.max(ax, bx) >= Math.min(cx, dx) &&
      Math.max(cx, dx) >= Math.min(ax, bx) &&
      Math.max(ay, by) >= Math.min(cy, dy) &&
      Math.max(cy, dy) >= Math.min(ay, by)
    );
  }
  return d1 * d2 <= 0 && d3 * d4 <= 0;
}

/** Distance between two shapes as filled sets, brute force over every vertex and edge. */
export function bruteDistance(a: OShape, b: OShape): number {
  if ('circle' in a && 'circle' in b) {
    return Math.max(
      0,
      Math.hypot(a.circle[0] - b.circle[0], a.circle[1] - b.circle[1]) - a.circle[2] - b.circle[2],
    );
  }
  if ('circle' in a || 'circle' in b) {
    const [cx, cy, r] = ('circle' in a ? a : (b as { circle: [number, number, number] })).circle;
    const ring = ('ring' in a ? a : (b as { ring: XY[] })).ring;
    if (ringContains(ring, cx, cy)) return 0;
    return Math.max(0, ringBoundaryDistance(ring, cx, cy) - r);
  }
  const A = a.ring,
    B = b.ring,
    na = A.length,
    nb = B.length;
  for (let i = 0; i < na; i++) {
    const p = A[i],
      q = A[i + 1 === na ? 0 : i + 1];
    for (let j = 0; j < nb; j++) {
      const r = B[j],
        s = B[j + 1 === nb ? 0 : j + 1];
      if (segmentsCross(p[0], p[1], q[0], q[1], r[0], r[1], s[0], s[1])) return 0;
    }
  }
  if (ringContains(B, A[0][0], A[0][1]) || ringContains(A, B[0][0], B[0][1])) return 0;
  let best = Infinity;
  for (let i = 0; i < na; i++) best = Math.min(best, ringBoundaryDistance(B, A[i][0], A[i][1]));
  for (let j = 0; j < nb; j++) best = Math.min(best, ringBoundaryDistance(A, B[j][0], B[j][1]));
  return best;
}

export type Verdict = 'apart' | 'touch' | 'overlap' | 'touch-or-overlap';

/**
 * What relate() must say, decided independently. Overlap means one shape reaches more than
 * `tol` inside the other. For two polygons the depth is not computed; instead a rigorous bound:
 * the part of a polygon within tol of its boundary has area at most tol x perimeter, so shared
 * area above that forces an overlap, as does a vertex deeper than tol inside the other; a gap
 * (0, tol] is a touch. Otherwise the oracle answers 'touch-or-overlap'. Discs use the exact
 * depth r - signed distance.
 */
export function expectedRelation(a: OShape, b: OShape, tol: number): { verdict: Verdict; distance: number } {
  const distance = bruteDistance(a, b);
  if (distance > tol) return { verdict: 'apart', distance };
  if ('circle' in a || 'circle' in b) {
    let depth: number;
    if ('circle' in a && 'circle' in b) {
      depth = a.circle[2] + b.circle[2] - Math.hypot(a.circle[0] - b.circle[0], a.circle[1] - b.circle[1]);
    } else {
      const c = ('circle' in a ? a : b) as { circle: [number, number, number] };
      const p = ('ring' in a ? a : b) as { ring: XY[] };
      const [cx, cy, r] = c.circle;
      const d = ringBoundaryDistance(p.ring, cx, cy);
      depth = r - (ringContains(p.ring, cx, cy) ? -d : d);
    }
    // keep clear of the decision line itself, where rounding may go either way
    if (Math.abs(depth - tol) < 1e-9) return { verdict: 'touch-or-overlap', distance: 0 };
    return { verdict: depth > tol ? 'overlap' : 'touch', distance: 0 };
  }
  if (distance > 0) return { verdict: 'touch', distance: 0 };
  // a vertex of one deeper than tol inside the other settles it (a lower bound on the depth)
  const vertexDepth = (p: readonly XY[], q: readonly XY[]) =>
    p.reduce(
      (m, v) => (ringContains(q, v[0], v[1]) ? Math.max(m, ringBoundaryDistance(q, v[0], v[1])) : m),
      0,
    );
  if (Math.max(vertexDepth(a.ring, b.ring), vertexDepth(b.ring, a.ring)) > tol + 1e-9)
    return { verdict: 'overlap', distance: 0 };
  // shared area beyond tol x perimeter cannot all lie within tol of a boundary; flatten may report
  // a sliver's area as 0, so a small area decides nothing
  const area = intersectionArea(a.ring, b.ring);
  if (area > tol * Math.min(perimeter(a), perimeter(b)) * 1.001) return { verdict: 'overlap', distance: 0 };
  return { verdict: 'touch-or-overlap', distance: 0 };
}
