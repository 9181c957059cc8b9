/**
 * How deep a disc (a squadron's base) reaches into a simple polygon (an obstacle's outline, concave or
 * not): the least distance the disc must move so that it no longer overlaps, exactly.
 *
 * The disc centred at p overlaps the polygon B while p lies within r of B. The answer is the distance from
 * the disc's centre c to the nearest point p with dist(p, B) >= r. Such a nearest point lies on the edge of
 * the region within r of B, made of pieces of the lines r from each edge (either side) and of the circles of
 * radius r round each vertex: it is either the nearest point of one piece to c (the foot on a line piece, a
 * piece's end, the point of a circle toward c), or where two pieces cross (where the free part of a piece
 * begins). Every such candidate at least r from B is a place the disc may stand, and the nearest of them is
 * the answer. Its lower bound, r less the centre's signed distance from B's edge, is the answer whenever the
 * way straight out from the nearest edge is free (nearly always: not in a notch of the outline).
 */
import type { Polygon } from './polygon';

/** Slack of the "at least r from B" test: far above rounding (~1e-12 mm here), far below the tolerance. */
const EPS = 1e-9;

/** A piece of the region's edge: a segment (kind 0: x0, y0, x1, y1) or a circle (kind 1: cx, cy, r). */
interface Piece {
  kind: 0 | 1;
  a: number;
  b: number;
  c: number;
  d: number;
  /** distance from the disc's centre to the piece */
  near: number;
}

/**
 * The least move of the disc (centre cx, cy, radius r) that ends its overlap with B, 0 when it does not
 * overlap, with the move (dx, dy).
 */
export function discPenetration(
  cx: number,
  cy: number,
  r: number,
  B: Polygon,
): { depth: number; dx: number; dy: number } {
  const free = (x: number, y: number) => clearOf(B, x, y, r - EPS);
  // straight out past the nearest edge point, to r beyond it: no move is shorter (the distance from B grows
  // no faster than the disc moves), so where that place is free it is the answer
  const q = B.closestBoundaryPoint(cx, cy);
  const sd = B.locate(cx, cy) === 'inside' ? -q.d : q.d;
  if (sd >= r - EPS) return { depth: 0, dx: 0, dy: 0 };
  if (q.d > 0) {
    const s = (r - sd) / q.d,
      dir = sd < 0 ? -1 : 1;
    const dx = dir * (cx - q.x) * s,
      dy = dir * (cy - q.y) * s;
    if (free(cx + dx, cy + dy)) return { depth: Math.sqrt(dx * dx + dy * dy), dx, dy };
  }
  const pieces = edgePieces(cx, cy, r, B);
  // the nearest point of each piece, and each segment's ends
  const cands: number[] = [];
  for (const p of pieces) {
    if (p.kind === 0) {
      cands.push(p.a, p.b, p.c, p.d);
      const [fx, fy] = foot(cx, cy, p);
      cands.push(fx, fy);
    } else {
      const vx = cx - p.a,
        vy = cy - p.b,
        l = Math.sqrt(vx * vx + vy * vy);
      // the point of the circle toward the centre (any point when the centre is the circle's own)
      if (l > 0) cands.push(p.a + (vx / l) * p.c, p.b + (vy / l) * p.c);
      else cands.push(p.a + p.c, p.b);
    }
  }
  // a place nearer than the lower bound (r less the centre's signed distance) is never free: not asked
  const found = { best: Infinity, bx: 0, by: 0, lower: r - sd - 2 * EPS };
  nearestFree(cands, cx, cy, free, found);
  // where two pieces nearer than the best so far cross (a crossing lies on both, no nearer than either)
  const near = pieces.filter((p) => p.near < found.best + EPS);
  const crossings: number[] = [];
  for (let i = 0; i < near.length; i++)
    for (let j = i + 1; j < near.length; j++) crossingsOf(near[i], near[j], crossings);
  nearestFree(crossings, cx, cy, free, found);
  return { depth: found.best, dx: found.bx, dy: found.by };
}

/**
 * The nearest of the points (x, y pairs) to (cx, cy) that is free, nearer than found.best and not nearer than
 * found.lower, into found.
 */
function nearestFree(
  list: number[],
  cx: number,
  cy: number,
  free: (x: number, y: number) => boolean,
  found: { best: number; bx: number; by: number; lower: number },
) {
  const n = list.length >> 1;
  const d = new Float64Array(n);
  let k = 0;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const dx = list[2 * i] - cx,
      dy = list[2 * i + 1] - cy;
    d[i] = Math.sqrt(dx * dx + dy * dy);
    if (d[i] < found.best && d[i] >= found.lower) idx[k++] = i;
  }
  const order = idx.subarray(0, k).sort((p, q) => (d[p] < d[q] ? -1 : d[p] > d[q] ? 1 : p - q));
  for (let j = 0; j < order.length; j++) {
    const i = order[j];
    if (!free(list[2 * i], list[2 * i + 1])) continue;
    found.best = d[i];
    found.bx = list[2 * i] - cx;
    found.by = list[2 * i + 1] - cy;
    return;
  }
}

/** Is (x, y) outside B and at least `m` from each of its edges? (Stops at the first edge nearer.) */
function clearOf(B: Polygon, x: number, y: number, m: number): boolean {
  const m2 = m * m;
  const { xy, n } = B;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      ex = xy[2 * j] - ax,
      ey = xy[2 * j + 1] - ay;
    const l2 = ex * ex + ey * ey;
    const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / l2)) : 0;
    const dx = x - ax - t * ex,
      dy = y - ay - t * ey;
    if (dx * dx + dy * dy < m2) return false;
  }
  return B.locate(x, y) !== 'inside';
}

/** The pieces: each edge's two lines r away (either side), each vertex's circle of radius r. */
function edgePieces(cx: number, cy: number, r: number, B: Polygon): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < B.n; i++) {
    const j = i + 1 === B.n ? 0 : i + 1;
    const x0 = B.x(i),
      y0 = B.y(i),
      x1 = B.x(j),
      y1 = B.y(j);
    const ex = x1 - x0,
      ey = y1 - y0,
      l = Math.sqrt(ex * ex + ey * ey);
    const nx = (ey / l) * r,
      ny = (-ex / l) * r;
    for (const s of [1, -1]) {
      const p: Piece = { kind: 0, a: x0 + s * nx, b: y0 + s * ny, c: x1 + s * nx, d: y1 + s * ny, near: 0 };
      const [fx, fy] = foot(cx, cy, p);
      p.near = Math.hypot(fx - cx, fy - cy);
      out.push(p);
    }
    out.push({ kind: 1, a: x0, b: y0, c: r, d: 0, near: Math.abs(Math.hypot(cx - x0, cy - y0) - r) });
  }
  return out;
}

/** The point of segment piece p nearest (x, y). */
function foot(x: number, y: number, p: Piece): [number, number] {
  const dx = p.c - p.a,
    dy = p.d - p.b,
    l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - p.a) * dx + (y - p.b) * dy) / l2)) : 0;
  return [p.a + t * dx, p.b + t * dy];
}

/** Where two pieces cross, appended to out as x, y pairs. */
function crossingsOf(p: Piece, q: Piece, out: number[]) {
  if (p.kind === 0 && q.kind === 0) segmentSegment(p, q, out);
  else if (p.kind === 0) segmentCircle(p, q, out);
  else if (q.kind === 0) segmentCircle(q, p, out);
  else circleCircle(p, q, out);
}

function segmentSegment(p: Piece, q: Piece, out: number[]) {
  const rx = p.c - p.a,
    ry = p.d - p.b,
    sx = q.c - q.a,
    sy = q.d - q.b;
  const den = rx * sy - ry * sx;
  if (den === 0) return;
  const t = ((q.a - p.a) * sy - (q.b - p.b) * sx) / den,
    u = ((q.a - p.a) * ry - (q.b - p.b) * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return;
  out.push(p.a + t * rx, p.b + t * ry);
}

function segmentCircle(p: Piece, c: Piece, out: number[]) {
  const dx = p.c - p.a,
    dy = p.d - p.b;
  const fx = p.a - c.a,
    fy = p.b - c.b;
  const A = dx * dx + dy * dy,
    B = 2 * (fx * dx + fy * dy),
    C = fx * fx + fy * fy - c.c * c.c;
  const disc = B * B - 4 * A * C;
  if (A === 0 || disc < 0) return;
  const s = Math.sqrt(disc);
  for (const t of [(-B - s) / (2 * A), (-B + s) / (2 * A)])
    if (t >= 0 && t <= 1) out.push(p.a + t * dx, p.b + t * dy);
}

function circleCircle(p: Piece, q: Piece, out: number[]) {
  const dx = q.a - p.a,
    dy = q.b - p.b,
    d = Math.sqrt(dx * dx + dy * dy);
  if (d === 0 || d > p.c + q.c || d < Math.abs(p.c - q.c)) return;
  const a = (p.c * p.c - q.c * q.c + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, p.c * p.c - a * a));
  const mx = p.a + (a * dx) / d,
    my = p.b + (a * dy) / d;
  out.push(mx + (h * -dy) / d, my + (h * dx) / d, mx - (h * -dy) / d, my - (h * dx) / d);
}
