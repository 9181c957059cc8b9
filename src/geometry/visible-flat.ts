/**
 * visibleMeeting (line-meet.ts) on flat interval lists: the visible part of an obstacle along a line with
 * ships' covering outlines hiding some of it, worked out in preallocated Float64Arrays instead of arrays
 * of pairs (a drag step across covered obstacles made some 70 KB of them). The same operations in the same
 * order (line-intervals.ts: normalise, union, subtract, measure), so the same numbers bit for bit
 * (test/geometry/visible-flat.test.ts holds it to visibleMeeting on random lines, obstacles and covers).
 */
import type { Shape } from './circle';
import { hypot } from './hypot';
import { EPS_T, type Intervals, nearBoundaryOf, nearEdgePieces } from './line-intervals';
import { NO_DEPTH, type VisibleMeeting } from './line-meet';
import type { Point } from './point';
import { insideIntervals } from './relate';
import { segmentInDisc } from './clip';
import { TOLERANCE_MM } from './tolerance';

/** A list of intervals [v[2i], v[2i+1]], n of them, in a buffer that grows. */
class Ivs {
  v = new Float64Array(32);
  n = 0;

  push(a: number, b: number) {
    if (2 * this.n + 2 > this.v.length) {
      const grown = new Float64Array(2 * this.v.length);
      grown.set(this.v);
      this.v = grown;
    }
    this.v[2 * this.n] = a;
    this.v[2 * this.n + 1] = b;
    this.n++;
  }

  from(list: Intervals): this {
    this.n = 0;
    for (let i = 0; i < list.length; i++) this.push(list[i][0], list[i][1]);
    return this;
  }

  toIntervals(): Intervals {
    const out: Intervals = [];
    for (let i = 0; i < this.n; i++) out.push([this.v[2 * i], this.v[2 * i + 1]]);
    return out;
  }
}

/** scratch lists: kept between calls, so a line's work allocates nothing once they have grown */
const pool: Ivs[] = [];
let poolUsed = 0;
const take = (): Ivs => {
  if (poolUsed === pool.length) pool.push(new Ivs());
  const l = pool[poolUsed++];
  l.n = 0;
  return l;
};
const gather = new Ivs();

/** normalise of the lists' pieces together into out: empty ones dropped, sorted by start, merged. */
function normaliseInto(out: Ivs, lists: Ivs[], from: number, to: number): Ivs {
  const g = gather;
  g.n = 0;
  for (let k = from; k < to; k++) {
    const L = lists[k];
    for (let i = 0; i < L.n; i++) {
      const a = L.v[2 * i],
        b = L.v[2 * i + 1];
      if (b - a > EPS_T) g.push(a, b);
    }
  }
  // insertion sort by start: a few pieces (equal starts merge the same in either order)
  const v = g.v;
  for (let i = 1; i < g.n; i++) {
    const a = v[2 * i],
      b = v[2 * i + 1];
    let j = i - 1;
    while (j >= 0 && v[2 * j] > a) {
      v[2 * j + 2] = v[2 * j];
      v[2 * j + 3] = v[2 * j + 1];
      j--;
    }
    v[2 * j + 2] = a;
    v[2 * j + 3] = b;
  }
  out.n = 0;
  for (let i = 0; i < g.n; i++) {
    const a = v[2 * i],
      b = v[2 * i + 1];
    if (out.n && a <= out.v[2 * out.n - 1] + EPS_T) {
      if (b > out.v[2 * out.n - 1]) out.v[2 * out.n - 1] = b;
    } else out.push(a, b);
  }
  return out;
}

const one: Ivs[] = [];
/** normalise(L) into out */
function normalise1(out: Ivs, L: Ivs): Ivs {
  one[0] = L;
  return normaliseInto(out, one, 0, 1);
}

function isNormal(L: Ivs): boolean {
  const v = L.v;
  for (let i = 0; i < L.n; i++) {
    if (!(v[2 * i + 1] - v[2 * i] > EPS_T)) return false;
    if (i > 0 && !(v[2 * i] > v[2 * i - 1] + EPS_T)) return false;
  }
  return true;
}

/** subtract(A, B) into out (out is neither A nor B) */
function subtractInto(out: Ivs, A: Ivs, B: Ivs): Ivs {
  out.n = 0;
  const av = A.v;
  if (B.n === 0) {
    for (let i = 0; i < A.n; i++) if (av[2 * i + 1] - av[2 * i] > EPS_T) out.push(av[2 * i], av[2 * i + 1]);
    return out;
  }
  const b = isNormal(B) ? B : normalise1(take(), B);
  const bv = b.v;
  for (let i = 0; i < A.n; i++) {
    const a0 = av[2 * i],
      a1 = av[2 * i + 1];
    let start = a0;
    for (let k = 0; k < b.n; k++) {
      const b0 = bv[2 * k],
        b1 = bv[2 * k + 1];
      if (b1 <= start) continue;
      if (b0 >= a1) break;
      if (b0 > start) out.push(start, b0);
      start = Math.max(start, b1);
      if (start >= a1) break;
    }
    if (start < a1) out.push(start, a1);
  }
  // the pieces too short to count go (in place: the order kept)
  let m = 0;
  const ov = out.v;
  for (let i = 0; i < out.n; i++) {
    if (!(ov[2 * i + 1] - ov[2 * i] > EPS_T)) continue;
    ov[2 * m] = ov[2 * i];
    ov[2 * m + 1] = ov[2 * i + 1];
    m++;
  }
  out.n = m;
  return out;
}

function measure(A: Ivs): number {
  let s = 0;
  for (let i = 0; i < A.n; i++) s += A.v[2 * i + 1] - A.v[2 * i];
  return s;
}

/** insideOf(S, p, q) into out */
function insideInto(out: Ivs, S: Shape, p: Point, q: Point): Ivs {
  if (S.kind === 'polygon') return out.from(insideIntervals(S, p.x, p.y, q.x, q.y));
  out.n = 0;
  const iv = segmentInDisc(S, p, q);
  if (iv && iv[1] - iv[0] > EPS_T) out.push(iv[0], iv[1]);
  return out;
}

/** nearBoundaryOf(S, p, q, h) into out (a polygon's edge pieces put into a scratch list, then merged) */
function nearInto(out: Ivs, S: Shape, p: Point, q: Point, h: number): Ivs {
  if (S.kind === 'circle') return out.from(nearBoundaryOf(S, p, q, h));
  rawList = take();
  nearEdgePieces(S, p, q, h, putRaw);
  return normalise1(out, rawList);
}

/** where putRaw puts: a module-level sink, so that no closure is made per call */
let rawList: Ivs = gather;
const putRaw = (a: number, b: number) => rawList.push(a, b);

/** the covers' lists: inside each (0..k-1), near each edge (k..2k-1), each less its edge band (2k..3k-1) */
const coverLists: Ivs[] = [];

/** visibleMeeting(O, covers, p, q, tol, insideO): the same answer, on flat lists. */
export function visibleMeetingFlat(
  O: Shape,
  covers: readonly Shape[],
  p: Point,
  q: Point,
  tol = TOLERANCE_MM,
  insideO?: Intervals,
): VisibleMeeting {
  poolUsed = 0;
  const len = hypot(q.x - p.x, q.y - p.y);
  const inO = insideO ? take().from(insideO) : insideInto(take(), O, p, q);
  const deepO = inO.n ? subtractInto(take(), inO, nearInto(take(), O, p, q, tol)) : inO;
  const k = covers.length;
  coverLists.length = 3 * k;
  for (let i = 0; i < k; i++) {
    coverLists[i] = insideInto(take(), covers[i], p, q);
    coverLists[k + i] = nearInto(take(), covers[i], p, q, tol);
  }
  // each cover grown by the tolerance: inside it or near its edge
  const coverWide = normaliseInto(take(), coverLists, 0, 2 * k);
  const visible = subtractInto(take(), deepO, coverWide);
  if (measure(visible) > 0) {
    const insideMm = measure(subtractInto(take(), inO, normaliseInto(take(), coverLists, 0, k))) * len;
    return { verdict: 'cross', insideMm, depth: { S: O, iv: visible.toIntervals(), p, q } };
  }
  // each cover shrunk by the tolerance
  for (let i = 0; i < k; i++) {
    const inC = coverLists[i];
    coverLists[2 * k + i] = inC.n ? subtractInto(take(), inC, coverLists[k + i]) : inC;
  }
  const coverDeep = normaliseInto(take(), coverLists, 2 * k, 3 * k);
  if (measure(subtractInto(take(), deepO, coverDeep)) > 0)
    return { verdict: 'graze', insideMm: 0, depth: NO_DEPTH };
  return { verdict: 'covered', insideMm: 0, depth: NO_DEPTH };
}
