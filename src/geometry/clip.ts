import type { Circle } from './circle';
import type { Point } from './point';
import { Polygon } from './polygon';
import { orient } from './predicates';
import { closest, type Closest } from './relate';
import { newSegmentPair, segmentDistance } from './segment';

/**
 * Clipping a shape to a convex region (a firing arc), and the closest point of the clipped part
 * to another polygon (attack range: "ignore any part of the defender outside the arc").
 */

/** Clip edges shorter than this are rounding artefacts, not boundaries. */
const DEGENERATE_MM = 1e-9;

/**
 * Sutherland-Hodgman: the part of `subject` inside the convex polygon `clip`, as a flat list of
 * points (possibly fewer than three, or of zero area, when they only touch). The subject may be
 * any simple polygon, but for a concave subject the result can hold zero-width bridges along the
 * clip boundary; hull zones and the arc regions (geometry/arc-region.ts) are convex.
 */
export function clipToConvex(subject: Polygon, clip: Polygon): number[] {
  let pts: number[] = Array.from(subject.xy);
  const c = clip.xy,
    m = clip.n;
  for (let i = 0; i < m && pts.length > 0; i++) {
    const j = i + 1 === m ? 0 : i + 1;
    const ax = c[2 * i],
      ay = c[2 * i + 1],
      bx = c[2 * j],
      by = c[2 * j + 1];
    // A clip edge of no real length (two arc lines meeting where two others meet, as on a CR90
    // whose front and rear lines meet at one point) bounds nothing, and its direction is rounding
    // noise: skip it.
    if (Math.abs(bx - ax) + Math.abs(by - ay) < DEGENERATE_MM) continue;
    const out: number[] = [];
    const k = pts.length / 2;
    for (let s = 0; s < k; s++) {
      const e = s + 1 === k ? 0 : s + 1;
      const px = pts[2 * s],
        py = pts[2 * s + 1],
        qx = pts[2 * e],
        qy = pts[2 * e + 1];
      const op = orient(ax, ay, bx, by, px, py),
        oq = orient(ax, ay, bx, by, qx, qy);
      if (op >= 0) out.push(px, py);
      if ((op > 0 && oq < 0) || (op < 0 && oq > 0)) {
        // the crossing with the clip edge's line; the exact signs decide that it exists
        const dp = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
        const dq = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
        const t = dp / (dp - dq);
        out.push(px + (qx - px) * t, py + (qy - py) * t);
      }
    }
    pts = out;
  }
  return pts;
}

/** The clipped part as a Polygon, or null when it has no area (empty, or only touching). */
export function clippedPolygon(subject: Polygon, clip: Polygon): Polygon | null {
  const pts = clipToConvex(subject, clip);
  if (pts.length < 6) return null;
  const pairs: [number, number][] = [];
  for (let i = 0; i < pts.length; i += 2) pairs.push([pts[i], pts[i + 1]]);
  try {
    return Polygon.from(pairs, subject.convex && clip.convex);
  } catch {
    return null;
  }
}

/** Parameter interval of segment p-q inside the convex polygon A (Cyrus-Beck), or null. */
export function segmentInConvex(A: Polygon, p: Point, q: Point): [number, number] | null {
  let t0 = 0,
    t1 = 1;
  const { xy, n } = A;
  const dx = q.x - p.x,
    dy = q.y - p.y;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      ex = xy[2 * j] - ax,
      ey = xy[2 * j + 1] - ay;
    if (Math.abs(ex) + Math.abs(ey) < DEGENERATE_MM) continue;
    // inside (left of a CCW edge): cross(e, p + t d - a) >= 0
    const f0 = ex * (p.y - ay) - ey * (p.x - ax);
    const fd = ex * dy - ey * dx;
    if (fd === 0) {
      if (f0 < 0) return null;
      continue;
    }
    const t = -f0 / fd;
    if (fd > 0) {
      if (t > t0) t0 = t;
    } else if (t < t1) t1 = t;
    if (t0 > t1) return null;
  }
  return [t0, t1];
}

/** Parameter interval of segment p-q inside disc D, or null. */
export function segmentInDisc(
  D: { readonly cx: number; readonly cy: number; readonly r: number },
  p: Point,
  q: Point,
): [number, number] | null {
  const dx = q.x - p.x,
    dy = q.y - p.y,
    fx = p.x - D.cx,
    fy = p.y - D.cy;
  const a = dx * dx + dy * dy,
    b = 2 * (fx * dx + fy * dy),
    c = fx * fx + fy * fy - D.r * D.r;
  if (a === 0) return c <= 0 ? [0, 1] : null;
  const disc = b * b - 4 * a * c;
  if (disc < 0) return null;
  const s = Math.sqrt(disc);
  const t0 = Math.max(0, (-b - s) / (2 * a)),
    t1 = Math.min(1, (-b + s) / (2 * a));
  return t0 <= t1 ? [t0, t1] : null;
}

const pairSlot = newSegmentPair();

/** Closest points of polygon Z (filled) and segment p-q; a on Z, b on the segment. */
export function polygonSegmentClosest(Z: Polygon, p: Point, q: Point): Closest {
  if (Z.locate(p.x, p.y) !== 'outside') return { distance: 0, a: p, b: p };
  let best = Infinity,
    ax = NaN,
    ay = NaN,
    bx = NaN,
    by = NaN;
  const { xy, n } = Z;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    segmentDistance(xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1], p.x, p.y, q.x, q.y, pairSlot);
    const v = pairSlot.v;
    if (v[0] < best) {
      best = v[0];
      ax = v[1];
      ay = v[2];
      bx = v[3];
      by = v[4];
    }
  }
  return { distance: Math.sqrt(best), a: { x: ax, y: ay }, b: { x: bx, y: by } };
}

/**
 * Closest points of polygon Z and the part of disc D inside the convex region A; a on Z, b in
 * D∩A. Null when D∩A is empty. Exact by convexity: if the closest point of the whole disc lies in
 * A it is the answer; otherwise the closest point of D∩A lies on A's boundary, that is on one of
 * A's edges where they cut the disc (the chords).
 */
export function closestToDiscInConvex(Z: Polygon, D: Circle, A: Polygon): Closest | null {
  const whole = closest(Z, D);
  if (A.locate(whole.b.x, whole.b.y) !== 'outside') return whole;
  if (whole.distance === 0) {
    // Z meets the disc: is there a common point inside A as well?
    const Zin = clippedPolygon(Z, A);
    if (Zin) {
      const c = closest(Zin, D);
      if (c.distance === 0) return c;
    }
  }
  let best: Closest | null = null;
  const { xy, n } = A;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const p = { x: xy[2 * i], y: xy[2 * i + 1] },
      q = { x: xy[2 * j], y: xy[2 * j + 1] };
    const iv = segmentInDisc(D, p, q);
    if (!iv) continue;
    const dx = q.x - p.x,
      dy = q.y - p.y;
    const c0 = { x: p.x + dx * iv[0], y: p.y + dy * iv[0] },
      c1 = { x: p.x + dx * iv[1], y: p.y + dy * iv[1] };
    const c = polygonSegmentClosest(Z, c0, c1);
    if (!best || c.distance < best.distance) best = c;
  }
  return best;
}

/**
 * The parameters t in [0, 1] where p + t(q - p) lies farther than d inside every edge line of
 * the convex polygon A (d < 0: no more than -d outside any of them), written into out; false
 * when there are none. For d >= 0 these are the points deeper than d in A (inside a convex
 * polygon the distance to the boundary is the least distance to an edge line). For d < 0 the
 * region is A grown with sharp corners, which holds every point within -d of A. Floating point
 * (Cyrus-Beck): callers decide with a margin and leave what is near it to the exact tests.
 */
export function segmentInConvexBeyond(A: Polygon, p: Point, q: Point, d: number, out: Float64Array): boolean {
  // points, not coordinates: a call that is not inlined boxes every number passed to it
  const px = p.x,
    py = p.y,
    qx = q.x,
    qy = q.y;
  let t0 = 0,
    t1 = 1;
  const { xy, n } = A;
  const dx = qx - px,
    dy = qy - py;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      ex = xy[2 * j] - ax,
      ey = xy[2 * j + 1] - ay;
    const el = Math.sqrt(ex * ex + ey * ey);
    if (el < DEGENERATE_MM) continue;
    // distance inside edge i's line along the segment: s0 + t * sd, wanted above d
    const s0 = (ex * (py - ay) - ey * (px - ax)) / el;
    const sd = (ex * dy - ey * dx) / el;
    if (sd === 0) {
      if (!(s0 > d)) return false;
      continue;
    }
    const t = (d - s0) / sd;
    if (sd > 0) {
      if (t > t0) t0 = t;
    } else if (t < t1) t1 = t;
    if (!(t0 < t1)) return false;
  }
  out[0] = t0;
  out[1] = t1;
  return true;
}
