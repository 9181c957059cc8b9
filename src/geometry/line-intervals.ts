import type { Shape } from './circle';
import type { Point } from './point';
import type { Polygon } from './polygon';
import { insideIntervals } from './relate';
import { capsuleInterval, farLimit, sameSideBeyond } from './segment';
import { segmentInDisc } from './clip';

/**
 * Sets of parameters t in [0, 1] along a segment p + t (q - p), as sorted disjoint intervals.
 * Used to take the visible part of an obstacle along a line of sight (the part inside the
 * obstacle less the part under a covering ship) without polygon booleans.
 */
export type Intervals = [number, number][];

/** pieces no longer than this (in t) are empty */
export const EPS_T = 1e-12;

/** Sort and merge overlapping or abutting intervals; drop empty ones. */
export function normalise(list: Intervals): Intervals {
  return mergeSorted(list.filter(([a, b]) => b - a > EPS_T).sort((x, y) => x[0] - y[0]));
}

/** Merge sorted intervals (copies: the input is left as it was). */
function mergeSorted(s: Intervals): Intervals {
  const out: Intervals = [];
  for (let i = 0; i < s.length; i++) {
    const a = s[i][0],
      b = s[i][1];
    const last = out.length ? out[out.length - 1] : null;
    if (last && a <= last[1] + EPS_T) {
      if (b > last[1]) last[1] = b;
    } else out.push([a, b]);
  }
  return out;
}

/** Is the list already what normalise would make of it (sorted, disjoint, no empty piece)? */
function isNormal(list: Intervals): boolean {
  for (let i = 0; i < list.length; i++) {
    if (!(list[i][1] - list[i][0] > EPS_T)) return false;
    if (i > 0 && !(list[i][0] > list[i - 1][1] + EPS_T)) return false;
  }
  return true;
}

export function union(...lists: Intervals[]): Intervals {
  let count = 0,
    only = -1;
  for (let i = 0; i < lists.length; i++)
    if (lists[i].length) {
      count++;
      only = i;
    }
  if (count === 0) return [];
  // one list with pieces: normalise alone decides (most covers lie off the line)
  if (count === 1) return normalise(lists[only]);
  return normalise(lists.flat());
}

/** A less B. */
export function subtract(A: Intervals, B: Intervals): Intervals {
  if (B.length === 0) return A.filter(([x, y]) => y - x > EPS_T);
  const b = isNormal(B) ? B : normalise(B);
  const out: Intervals = [];
  for (const [a0, a1] of A) {
    let start = a0;
    for (const [b0, b1] of b) {
      if (b1 <= start) continue;
      if (b0 >= a1) break;
      if (b0 > start) out.push([start, b0]);
      start = Math.max(start, b1);
      if (start >= a1) break;
    }
    if (start < a1) out.push([start, a1]);
  }
  return out.filter(([x, y]) => y - x > EPS_T);
}

export function measure(A: Intervals): number {
  return A.reduce((s, [a, b]) => s + (b - a), 0);
}

/** Where the segment is in the open interior of S. */
export function insideOf(S: Shape, p: Point, q: Point): Intervals {
  if (S.kind === 'polygon') return insideIntervals(S, p.x, p.y, q.x, q.y);
  const iv = segmentInDisc(S, p, q);
  return iv ? normalise([[iv[0], iv[1]]]) : [];
}

const slot: [number, number] = [0, 0];

/** Where the segment is within h of S's boundary. */
export function nearBoundaryOf(S: Shape, p: Point, q: Point, h: number): Intervals {
  if (S.kind === 'circle') {
    if (!boxNear(S, p, q, h)) return [];
    const outer = segmentInDisc({ cx: S.cx, cy: S.cy, r: S.r + h }, p, q);
    if (!outer) return [];
    if (S.r <= h) return [[outer[0], outer[1]]];
    const inner = segmentInDisc({ cx: S.cx, cy: S.cy, r: S.r - h }, p, q);
    return inner ? subtract([[outer[0], outer[1]]], [[inner[0], inner[1]]]) : [[outer[0], outer[1]]];
  }
  const out: Intervals = [];
  nearEdgePieces(S, p, q, h, (a, b) => out.push([a, b]));
  return normalise(out);
}

/** Whether the segment's box grown by h meets S's box. */
function boxNear(S: Shape, p: Point, q: Point, h: number): boolean {
  return !(
    Math.max(p.x, q.x) + h < S.minX ||
    Math.min(p.x, q.x) - h > S.maxX ||
    Math.max(p.y, q.y) + h < S.minY ||
    Math.min(p.y, q.y) - h > S.maxY
  );
}

/**
 * The pieces of the segment within h of each edge of polygon S (a capsule's interval per edge near it), in
 * edge order, each handed to `put`: nearBoundaryOf's before they are merged (visible-flat.ts merges them
 * into its own flat lists).
 */
export function nearEdgePieces(
  S: Polygon,
  p: Point,
  q: Point,
  h: number,
  put: (a: number, b: number) => void,
): void {
  const sMinX = Math.min(p.x, q.x) - h,
    sMaxX = Math.max(p.x, q.x) + h,
    sMinY = Math.min(p.y, q.y) - h,
    sMaxY = Math.max(p.y, q.y) + h;
  if (sMaxX < S.minX || sMinX > S.maxX || sMaxY < S.minY || sMinY > S.maxY) return;
  const { xy, n } = S;
  const dx = q.x - p.x,
    dy = q.y - p.y;
  const lim = farLimit(h, dx, dy);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = xy[2 * i],
      ay = xy[2 * i + 1],
      bx = xy[2 * j],
      by = xy[2 * j + 1];
    if (
      Math.max(ax, bx) < sMinX ||
      Math.min(ax, bx) > sMaxX ||
      Math.max(ay, by) < sMinY ||
      Math.min(ay, by) > sMaxY
    )
      continue;
    if (sameSideBeyond(dx * (ay - p.y) - dy * (ax - p.x), dx * (by - p.y) - dy * (bx - p.x), lim)) continue;
    if (capsuleInterval(p.x, p.y, q.x, q.y, ax, ay, bx, by, h, slot)) put(slot[0], slot[1]);
  }
}

/** Where the segment is inside S by more than h (farther than h from its boundary). */
export function deepInside(S: Shape, p: Point, q: Point, h: number): Intervals {
  const inside = insideOf(S, p, q);
  if (inside.length === 0) return inside;
  return subtract(inside, nearBoundaryOf(S, p, q, h));
}

/** Where the segment is inside S or within h of it (S grown by h). */
export function insideOrNear(S: Shape, p: Point, q: Point, h: number): Intervals {
  return union(insideOf(S, p, q), nearBoundaryOf(S, p, q, h));
}
