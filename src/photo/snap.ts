/**
 * Snapping a mark to the photo: a tap says roughly where a point of a piece is (within about 15 px);
 * the photo itself says exactly where, to a fraction of a pixel.
 *
 * - A base corner (`corner`): the two edges that meet
 *   there are found near the tap (edge points voted into lines by their own gradient direction,
 *   a Hough transform), the pair that makes a bright corner nearest the tap is chosen, and each
 *   edge is fitted along its visible length (up to `reachPx`) by a robust line fit (Tukey's
 *   biweight: a miniature hiding part of an edge removes those points, it does not bend the line).
 *   The corner is where the two lines cross. When the directions of the two edges are known (from
 *   the piece's shape and a rough map) they choose the pair; otherwise the image does.
 *   Of two parallel edges of the same kind (a base's top edge and, on the side facing the camera,
 *   its wall's foot) the inner one is the top's.
 * - A squadron's rim point (`rim`): the rim's edge near the tap, a circle fitted to it (the rough
 *   centre and radius start the fit and only choose which way is inside), and the point of that
 *   circle toward the tap.
 *
 * - An obstacle's point (`outline`): the obstacle's own outline (the catalog's, rounded corners and
 *   all) round the point, set on the tap and moved and turned onto the photo's edges
 *   (src/photo/outline.ts). Two straight edges met near a tap, as for a base, were wrong by 4-11 px
 *   on rendered obstacles: their corners are rounded.
 *
 * A mark that cannot be refined keeps its tap and says why (off the photo, too little contrast,
 * blurred, hidden, no corner near the tap), claiming what a rough tap is worth (KEPT_TAP_SIGMA_PX). A
 * refined mark's `sigmaPx` is its standard error from the fit's own residuals (per axis), widened for
 * neighbouring edge points' correlation and never under SNAP_FLOOR_PX (what the fit cannot see: lens, the
 * edge's own wear); a corner whose rim is narrow adds what its band correction may be off by (narrowBand).
 *
 * Pure: a grey-level image (or a patch of one) in, numbers out; no DOM, no canvas.
 */
import {
  bandShift,
  cross,
  type Edgel,
  edgels,
  type GreyImage,
  type Line,
  type LineFit,
  robustLine,
  sample,
  type XY,
} from './edges';
import { solve } from './linalg';
import { fitOutline, REACH_PX as OUTLINE_REACH_PX, Unrefined } from './outline';

export type { GreyImage, XY } from './edges';

/** what a mark is on its piece */
export type SnapKind = 'corner' | 'rim' | 'outline';

export interface SnapRequest {
  kind: SnapKind;
  /** where the player tapped, photo px */
  tap: XY;
  /** how far the point may lie from the tap, px (default SEARCH_PX) */
  searchPx?: number;
  /** a corner's two edges: the directions from the corner along each (photo px), when known */
  edges?: [XY, XY];
  /** how far each edge runs from the corner, px, when known: the fit reads at most that far */
  reachPx?: [number, number];
  /** a rim point: the base's rough centre and radius in the photo (px) */
  centre?: XY;
  radiusPx?: number;
  /** an obstacle's point: its outline (closed, photo px) and its marked point, where a rough map and pose put them */
  outline?: XY[];
  at?: XY;
}

export type SnapResult =
  | {
      refined: true;
      px: XY;
      sigmaPx: number;
      /** what was fitted, to draw over the photo: each edge's visible stretch, or the rim's arc */
      traces: XY[][];
      /**
       * a corner's narrow-rim correction, edge by edge as in `traces` (absent when neither rim was narrow):
       * the shift taken (px, inward along the edge's normal), what it may be off by (px, a standard error)
       * and the rim's width in blurs, 0 for a rim not refitted
       */
      bands?: { shiftPx: number; sigmaPx: number; blurs: number }[];
    }
  | { refined: false; px: XY; sigmaPx: number; why: string };

/** how far from the tap a point is looked for, px */
export const SEARCH_PX = 15;
/** a tap's own precision, px, as a mark not asked of the photo claims it (the file's prior) */
export const TAP_SIGMA_PX = 1;
/**
 * What a mark the photo could not refine claims, px: only what a rough tap is worth. A tap says where a point
 * is to within about SEARCH_PX; anywhere in that disc alike is SEARCH_PX / 2 off in rms along each axis. Kept
 * taps that claimed a loupe's 1 px lay up to 12 px off on rendered photos, and their residuals raised the
 * common scale on every mark of the joint fit (each piece's bound 3-4 times too wide).
 */
export const KEPT_TAP_SIGMA_PX = SEARCH_PX / 2;
/** the least precision a refined mark claims, px */
export const SNAP_FLOOR_PX = 0.1;
/** neighbouring edge points share pixels (the gradient's 3 x 3 kernel, the blur): the fit's error widened by this */
const CORRELATION = 1.6;
/** an edge needs this much contrast, grey levels */
const MIN_CONTRAST = 12;
/** edges wider than this (the blur's standard deviation, px) are too blurred to measure */
const MAX_BLUR_PX = 2.2;
/** an edge's points within this of the corner are left out (the other edge's blur reaches them) */
const SKIP_PX = 4;
/** an edge fitted from fewer points is taken as hidden */
const MIN_POINTS = 10;
/** the corner angle in the photo, degrees: a base's right angle seen at up to 40 degrees of tilt */
const ANGLES: [number, number] = [30, 150];
/** a hinted edge direction may be this far off, degrees */
const HINT_TOL_DEG = 15;
/** an edge point belongs to a line when its gradient is within this of the line's normal, degrees */
const NORMAL_TOL_DEG = 20;
const DEFAULT_REACH_PX = 120;
/** a lighter rim narrower than this (px) has its outer edge refitted on the grey levels (bandShift) */
const NARROW_BAND_PX = 7;
/**
 * What the band fit cannot see, measured on rendered corners with known truth (scripts/band-accuracy.ts,
 * seeds 1000 and 2000, 160 each: rims 2-4.5 px wide, blur 0.8-1.6 px, tilts 10-40, lens k1 0 and +-0.05,
 * noise 3, JPEG 85): a band RESOLVED_BANDS blurs wide or wider was corrected to within 0.09 blurs, where
 * the fit's own errors hold; one under UNRESOLVED_BANDS blurs was left up to 0.44 blurs outward (the
 * blur's true shape, the photo's JPEG and the wall round off a band that narrow alike), beyond what its
 * profile could show. Each line claims UNRESOLVED_SHARE of a blur more there, less in proportion between
 * the two: then 5 of the 640 edges lay beyond 2.58 of their claims (their 99% region; the edge fit's own
 * error taken as 0.07 px), and 3 of the 320 corners beyond 3 of theirs (1.1% would for a claim just right).
 */
const RESOLVED_BANDS = 3.25;
const UNRESOLVED_BANDS = 2.5;
const UNRESOLVED_SHARE = 0.12;
const MAX_REACH_PX = 300;
/**
 * a parallel line inside an edge is taken for the top's edge (the outer one its wall's foot) only when
 * it runs along as much of the edge: a wall's foot does; a miniature's outline over the base does not
 */
const WALL_SUPPORT = 0.6;

const deg = (r: number) => (r * 180) / Math.PI;
const dot = (a: XY, b: XY) => a[0] * b[0] + a[1] * b[1];
const unit = (a: XY): XY => {
  const l = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / l, a[1] / l];
};
const f1 = (v: number) => v.toFixed(1);

/** The half-side of the square round a tap that snapping reads, px: the search, the edges' reach, a margin. */
export function patchHalfPx(req: SnapRequest): number {
  const reach = Math.max(0, ...(req.reachPx ?? [DEFAULT_REACH_PX, DEFAULT_REACH_PX]), req.radiusPx ?? 0);
  // an outline's stretch reaches REACH_PX from the point, and is read across up to the search beyond it
  const across = req.kind === 'outline' ? OUTLINE_REACH_PX + (req.searchPx ?? SEARCH_PX) + 3 : 0;
  return (req.searchPx ?? SEARCH_PX) + Math.min(310, Math.max(reach, across)) + 12;
}

/** The part of a W x H photo within `half` of a point (whole pixels), or null when under 8 px either way. */
export function patchRect(at: XY, half: number, W: number, H: number) {
  const x0 = Math.max(0, Math.floor(at[0] - half)),
    y0 = Math.max(0, Math.floor(at[1] - half));
  const w = Math.min(W, Math.ceil(at[0] + half)) - x0,
    h = Math.min(H, Math.ceil(at[1] + half)) - y0;
  return w < 8 || h < 8 ? null : { x0, y0, w, h };
}

/** The grey levels of a whole photo cut to the patch snapping reads round a tap (as the app's worker cuts it). */
export function patchOf(full: GreyImage, req: SnapRequest): GreyImage | null {
  const r = patchRect(req.tap, patchHalfPx(req), full.width, full.height);
  if (!r) return null;
  const data = new Float32Array(r.w * r.h);
  for (let j = 0; j < r.h; j++) {
    const from = (r.y0 + j) * full.width + r.x0;
    for (let i = 0; i < r.w; i++) data[j * r.w + i] = full.data[from + i];
  }
  return { data, width: r.w, height: r.h, x0: r.x0, y0: r.y0 };
}

/** Refine one mark on the photo; a result that was not refined says why and keeps the tap. */
export function snapMark(img: GreyImage, req: SnapRequest): SnapResult {
  const tap = req.tap;
  const keep = (why: string): SnapResult => ({ refined: false, px: tap, sigmaPx: KEPT_TAP_SIGMA_PX, why });
  const x0 = img.x0 ?? 0,
    y0 = img.y0 ?? 0;
  if (!(tap[0] >= x0 && tap[1] >= y0 && tap[0] <= x0 + img.width && tap[1] <= y0 + img.height))
    return keep('the tap is off the photo');
  try {
    if (req.kind === 'outline') return snapOutline(img, req);
    return req.kind === 'rim' ? snapRim(img, req) : snapCorner(img, req);
  } catch (e) {
    if (e instanceof Unrefined) return keep(e.message);
    throw e;
  }
}

/** an obstacle's point: its outline's stretch round the point set on the tap and fitted to the photo's edges */
function snapOutline(img: GreyImage, req: SnapRequest): SnapResult {
  const { outline, at } = req;
  if (!outline || outline.length < 3 || !at)
    throw new Unrefined('the obstacle has no rough place in the photo yet');
  const fit = fitOutline(img, outline, at, req.tap, req.searchPx ?? SEARCH_PX);
  return { refined: true, px: fit.px, sigmaPx: Math.hypot(fit.sigmaPx, SNAP_FLOOR_PX), traces: [fit.trace] };
}

/** the threshold for edge points: well over the image's noise, and never under what MIN_CONTRAST gives */
function edgePoints(img: GreyImage, at: XY, r: number): Edgel[] {
  const probe = edgels(img, at, r, 0);
  const strongest = probe.points.reduce((m, p) => Math.max(m, p.m), 0);
  // a step of MIN_CONTRAST blurred by MAX_BLUR_PX has this slope at its middle
  const floor = MIN_CONTRAST / (Math.sqrt(2 * Math.PI) * MAX_BLUR_PX);
  if (strongest < floor)
    throw new Unrefined(
      `too little contrast near the tap (its strongest edge rises ${f1(strongest)} grey levels a pixel)`,
    );
  const min = Math.max(floor, 4 * probe.median, 0.12 * strongest);
  return probe.points.filter((p) => p.m >= min);
}

// ---------------------------------------------------------------- corners

interface Candidate {
  fit: LineFit;
}

/** lines of edge points near the tap: a Hough transform over (gradient direction, offset), each peak refitted */
function candidateLines(pts: Edgel[], tap: XY, radius: number): Candidate[] {
  const TB = 120,
    RB = 1.5;
  const near = pts.filter((p) => Math.hypot(p.x - tap[0], p.y - tap[1]) <= radius);
  const acc = new Map<number, number>();
  const key = (t: number, r: number) => ((t + TB) % TB) * 100000 + (r + 50000);
  for (const p of near) {
    const b = Math.floor(((Math.atan2(p.gy, p.gx) + 2 * Math.PI) % (2 * Math.PI)) / ((2 * Math.PI) / TB));
    for (let dt = -1; dt <= 1; dt++) {
      const a = ((b + dt + 0.5) * 2 * Math.PI) / TB;
      const rho = Math.cos(a) * (p.x - tap[0]) + Math.sin(a) * (p.y - tap[1]);
      const k = key(b + dt, Math.round(rho / RB));
      acc.set(k, (acc.get(k) ?? 0) + (dt === 0 ? 1 : 0.5));
    }
  }
  const peaks = [...acc].filter(([k, v]) => {
    if (v < MIN_POINTS) return false;
    const t = Math.floor(k / 100000),
      r = (k % 100000) - 50000;
    for (let dt = -2; dt <= 2; dt++)
      for (let dr = -2; dr <= 2; dr++) {
        const o = acc.get(key(t + dt, r + dr)) ?? 0;
        if (o > v || (o === v && (dt || dr) && key(t + dt, r + dr) < k)) return false;
      }
    return true;
  });
  peaks.sort((a, b) => b[1] - a[1]);
  const out: Candidate[] = [];
  for (const [k] of peaks.slice(0, 16)) {
    const t = Math.floor(k / 100000),
      r = (k % 100000) - 50000;
    const a = ((t + 0.5) * 2 * Math.PI) / TB;
    const n: XY = [Math.cos(a), Math.sin(a)];
    const line = { n, d: dot(n, tap) + r * RB };
    const fit = robustLine(onLine(near, line, 2.5), line, MIN_POINTS);
    if (!fit) continue;
    const same = out.some(
      (c) => dot(c.fit.line.n, fit.line.n) > Math.cos(0.035) && Math.abs(c.fit.line.d - fit.line.d) < 1,
    );
    if (!same) out.push({ fit });
  }
  return out;
}

/** the edge points within `band` px of a line whose gradient points along its normal */
function onLine(pts: Edgel[], line: Line, band: number): Edgel[] {
  const cosTol = Math.cos((NORMAL_TOL_DEG * Math.PI) / 180);
  return pts.filter(
    (p) =>
      Math.abs(dot(line.n, [p.x, p.y]) - line.d) < band &&
      (line.n[0] * p.gx + line.n[1] * p.gy) / p.m > cosTol,
  );
}

/** how many of a line's points lie on the bright side of another line past the crossing (a convex bright corner) */
function onRay(a: Candidate, b: Candidate): number {
  let yes = 0,
    no = 0;
  for (const p of a.fit.kept) {
    const s = dot(b.fit.line.n, [p.x, p.y]) - b.fit.line.d;
    if (s > 1) yes++;
    else if (s < -1) no++;
  }
  return yes >= 2 * no ? yes : 0;
}

interface Pair {
  a: Candidate;
  b: Candidate;
  corner: XY;
  score: number;
}

/** whether two lines' normals fit the hinted edge directions (either way round), or true without hints */
function fitsHints(a: Line, b: Line, edges: [XY, XY] | undefined): boolean {
  if (!edges) return true;
  const [e1, e2] = edges.map(unit);
  // each edge's normal points into the corner: toward the other edge
  const normal = (e: XY, other: XY): XY => {
    const n: XY = [-e[1], e[0]];
    return dot(n, other) >= 0 ? n : [-n[0], -n[1]];
  };
  const n1 = normal(e1, e2),
    n2 = normal(e2, e1);
  const tol = Math.cos((HINT_TOL_DEG * Math.PI) / 180);
  return (dot(a.n, n1) > tol && dot(b.n, n2) > tol) || (dot(a.n, n2) > tol && dot(b.n, n1) > tol);
}

/** the pair of lines that make a bright corner nearest the tap, best supported */
function bestPair(cands: Candidate[], req: SnapRequest, search: number): Pair | null {
  const [lo, hi] = ANGLES;
  let best: Pair | null = null;
  for (let i = 0; i < cands.length; i++)
    for (let j = i + 1; j < cands.length; j++) {
      const pair = judgePair(cands[i], cands[j], req, search, lo, hi);
      if (pair && (!best || pair.score > best.score)) best = pair;
    }
  return best;
}

function judgePair(a: Candidate, b: Candidate, req: SnapRequest, search: number, lo: number, hi: number) {
  const angle = deg(Math.acos(Math.max(-1, Math.min(1, dot(a.fit.line.n, b.fit.line.n)))));
  // the normals of a corner's edges differ by 180 degrees less the corner's angle
  if (180 - angle < lo || 180 - angle > hi) return null;
  if (!fitsHints(a.fit.line, b.fit.line, req.edges)) return null;
  const corner = cross(a.fit.line, b.fit.line);
  if (!corner) return null;
  const off = Math.hypot(corner[0] - req.tap[0], corner[1] - req.tap[1]);
  if (off > search) return null;
  const sa = onRay(a, b),
    sb = onRay(b, a);
  if (sa < MIN_POINTS / 2 || sb < MIN_POINTS / 2) return null;
  return { a, b, corner, score: sa + sb - off / 2 };
}

/** Of parallel lines of the same kind just inside `c` (a wall's foot outside a top edge), the innermost. */
function innermost(c: Candidate, other: Candidate, cands: Candidate[]): Candidate {
  let best = c,
    bestShift = 0;
  const support = onRay(c, other);
  for (const k of cands) {
    if (k === c || k === other || dot(k.fit.line.n, c.fit.line.n) < Math.cos(0.09)) continue;
    const mid = k.fit.ends[0];
    const shift = dot(c.fit.line.n, mid) - c.fit.line.d;
    if (shift > 1 && shift < 12 && shift > bestShift && onRay(k, other) >= WALL_SUPPORT * support) {
      best = k;
      bestShift = shift;
    }
  }
  return best;
}

/** one edge fitted along its visible stretch: the points from SKIP_PX to `reach` from the corner */
function fitEdge(
  pts: Edgel[],
  line: Line,
  other: Line,
  corner: XY,
  reach: number,
  band: number,
): LineFit | null {
  let u: XY = [-line.n[1], line.n[0]];
  if (dot(u, other.n) < 0) u = [-u[0], -u[1]];
  const near = onLine(pts, line, band).filter((p) => {
    const t = dot(u, [p.x - corner[0], p.y - corner[1]]);
    return t >= SKIP_PX && t <= reach;
  });
  return robustLine(near, line, MIN_POINTS);
}

/** the blur of an edge (the standard deviation of a Gaussian step, px) and its contrast, from its fitted points */
function edgeQuality(img: GreyImage, fit: LineFit): { blur: number; contrast: number } {
  const n = fit.line.n;
  const pts = fit.kept.filter((_, k) => k % Math.max(1, Math.floor(fit.kept.length / 9)) === 0);
  const steps = pts
    .map(
      (p) =>
        sample(img, p.x + 3.5 * n[0], p.y + 3.5 * n[1]) - sample(img, p.x - 3.5 * n[0], p.y - 3.5 * n[1]),
    )
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const widths = fit.kept
    .map((p) => p.width ?? NaN)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const contrast = steps.length ? steps[steps.length >> 1] : 0;
  return { contrast, blur: widths.length ? widths[widths.length >> 1] : Infinity };
}

function snapCorner(img: GreyImage, req: SnapRequest): SnapResult {
  const search = req.searchPx ?? SEARCH_PX;
  const reach = (req.reachPx ?? [DEFAULT_REACH_PX, DEFAULT_REACH_PX]).map((r) =>
    Math.max(SKIP_PX + 8, Math.min(MAX_REACH_PX, 0.92 * r)),
  );
  const pts = edgePoints(img, req.tap, search + Math.max(...reach) + 2);
  // near the tap first; farther when a miniature hides the edges there
  let cands = candidateLines(pts, req.tap, search + 30);
  let pair = bestPair(cands, req, search);
  if (!pair) {
    cands = candidateLines(pts, req.tap, search + 90);
    pair = bestPair(cands, req, search);
  }
  if (!pair)
    throw new Unrefined(
      `no two edges of a piece meet within ${search} px of the tap (hidden, or off the piece)`,
    );
  let a = innermost(pair.a, pair.b, cands).fit.line,
    b = innermost(pair.b, pair.a, cands).fit.line;
  // which reach goes with which edge: the hinted direction nearer each line's own direction
  const [ra, rb] = reachFor(a, b, req, reach);
  let fa: LineFit | null = null,
    fb: LineFit | null = null;
  let corner = cross(a, b)!;
  for (const band of [2.5, 1.5, 1.2]) {
    fa = fitEdge(pts, a, b, corner, ra, band);
    fb = fitEdge(pts, b, a, corner, rb, band);
    if (!fa || !fb) throw new Unrefined('an edge at the corner is hidden or too short to measure');
    a = fa.line;
    b = fb.line;
    const c = cross(a, b);
    if (!c) throw new Unrefined('the edges at the tap do not make a corner');
    corner = c;
  }
  const bands = [fa!, fb!].map((f) => narrowBand(img, pts, f));
  const shifts = bands.map((v) => v.shift);
  if (shifts.some((v) => v !== 0)) {
    a = { n: a.n, d: a.d + shifts[0] };
    b = { n: b.n, d: b.d + shifts[1] };
    corner = cross(a, b) ?? corner;
  }
  for (const f of [fa!, fb!]) {
    const q = edgeQuality(img, f);
    if (q.contrast < MIN_CONTRAST)
      throw new Unrefined(`too little contrast at the corner (${f1(q.contrast)} grey levels)`);
    if (q.blur > MAX_BLUR_PX)
      throw new Unrefined(`the photo is blurred there (edges about ${f1(4 * q.blur)} px wide)`);
  }
  const off = Math.hypot(corner[0] - req.tap[0], corner[1] - req.tap[1]);
  if (off > search) throw new Unrefined(`the nearest corner is ${f1(off)} px from the tap`);
  const sigma = Math.hypot(
    cornerSigma(fa!, fb!, corner),
    throughCrossing(a.n, b.n, bands[0].sigma ** 2, bands[1].sigma ** 2),
  );
  const traces = [fa!.ends, fb!.ends];
  if (bands.every((v) => v.blurs === 0)) return { refined: true, px: corner, sigmaPx: sigma, traces };
  const told = bands.map((v) => ({ shiftPx: v.shift, sigmaPx: v.sigma, blurs: v.blurs }));
  return { refined: true, px: corner, sigmaPx: sigma, traces, bands: told };
}

/**
 * A lighter rim narrower than NARROW_BAND_PX: its inner edge (the other way round) pushes the fitted
 * outer edge outward; the shift to take it back (px along the line's normal, or 0), and what that shift
 * may be off by (px, a standard error): the band fit's own error as the grey levels leave it, the spread
 * of its shift over the wall strips the profile cannot rule out (`bandShift`), and, for a band the blur
 * does not resolve, a share of a blur (UNRESOLVED_SHARE).
 */
function narrowBand(
  img: GreyImage,
  pts: Edgel[],
  f: LineFit,
): { shift: number; sigma: number; blurs: number } {
  const none = { shift: 0, sigma: 0, blurs: 0 };
  const { n, d } = f.line;
  const u: XY = [-n[1], n[0]];
  const t0 = dot(u, f.ends[0]),
    t1 = dot(u, f.ends[1]);
  const cosTol = Math.cos((NORMAL_TOL_DEG * Math.PI) / 180);
  const inner = pts
    .filter((p) => {
      const s = dot(n, [p.x, p.y]) - d,
        t = dot(u, [p.x, p.y]);
      return (
        s > 0.8 && s < NARROW_BAND_PX + 2 && t >= t0 && t <= t1 && -(n[0] * p.gx + n[1] * p.gy) / p.m > cosTol
      );
    })
    .map((p) => dot(n, [p.x, p.y]) - d)
    .sort((x, y) => x - y);
  if (inner.length < MIN_POINTS) return none;
  const width = inner[inner.length >> 1];
  if (width > NARROW_BAND_PX) return none;
  const band = bandShift(img, f.line, f.ends[0], f.ends[1], width);
  if (!band) return none;
  const blurs = band.width / band.blur;
  // nothing in the profile determines the shift: none taken, and half a blur claimed for it
  if (!Number.isFinite(band.sigma)) return { shift: 0, sigma: 0.5 * band.blur, blurs };
  const unresolved = (RESOLVED_BANDS - blurs) / (RESOLVED_BANDS - UNRESOLVED_BANDS);
  const model = UNRESOLVED_SHARE * band.blur * Math.max(0, Math.min(1, unresolved));
  return { shift: band.shift, sigma: Math.hypot(band.sigma, band.spread, model), blurs };
}

/** each line's reach: the hinted edge whose direction lies along it, or the first and second in turn */
function reachFor(a: Line, b: Line, req: SnapRequest, reach: number[]): [number, number] {
  if (!req.edges) return [Math.max(...reach), Math.max(...reach)];
  const along = (l: Line, e: XY) => Math.abs(dot([-l.n[1], l.n[0]], unit(e)));
  return along(a, req.edges[0]) >= along(a, req.edges[1]) ? [reach[0], reach[1]] : [reach[1], reach[0]];
}

/** the corner's standard error per axis: each line's offset error at the corner, carried through the crossing */
function cornerSigma(fa: LineFit, fb: LineFit, c: XY): number {
  const formal = CORRELATION * throughCrossing(fa.line.n, fb.line.n, fa.varAt(c), fb.varAt(c));
  return Math.hypot(formal, SNAP_FLOOR_PX);
}

/** the standard error per axis of where two lines cross, their offsets off by independent variances va, vb */
function throughCrossing(na: XY, nb: XY, va: number, vb: number): number {
  const det = na[0] * nb[1] - na[1] * nb[0];
  // c moves by N^-1 [da, db]; N^-1 = [[nb1, -na1], [-nb0, na0]] / det
  const trace = (va * (nb[1] ** 2 + nb[0] ** 2) + vb * (na[1] ** 2 + na[0] ** 2)) / (det * det);
  return Math.sqrt(trace / 2);
}

// ---------------------------------------------------------------- rims

/** A circle fitted to edge points by Gauss-Newton, its radius held near `r0` by a loose prior. */
function fitCircle(
  pts: Edgel[],
  c0: XY,
  r0: number,
): { c: XY; r: number; cov: number[][]; scale: number; w: number[] } | null {
  let [cx, cy, r] = [c0[0], c0[1], r0];
  let w = pts.map(() => 1);
  let scale = 1;
  let ata: number[][] = [];
  for (let it = 0; it < 12; it++) {
    const res = pts.map((p) => Math.hypot(p.x - cx, p.y - cy) - r);
    const sorted = res.map(Math.abs).sort((a, b) => a - b);
    scale = Math.max(0.05, 1.4826 * sorted[sorted.length >> 1]);
    const k = 4.685 * scale;
    w = res.map((v) => (Math.abs(v) < k ? (1 - (v / k) ** 2) ** 2 : 0));
    if (w.filter((v) => v > 0.5).length < MIN_POINTS) return null;
    ata = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const atr = [0, 0, 0];
    pts.forEach((p, i) => {
      const d = Math.hypot(p.x - cx, p.y - cy) || 1;
      const J = [-(p.x - cx) / d, -(p.y - cy) / d, -1];
      for (let a = 0; a < 3; a++) {
        atr[a] -= w[i] * J[a] * res[i];
        for (let b = 0; b < 3; b++) ata[a][b] += w[i] * J[a] * J[b];
      }
    });
    const prior = (scale / (0.25 * r0)) ** 2;
    ata[2][2] += prior;
    atr[2] -= prior * (r - r0);
    const step = solve(ata, atr);
    if (!step) return null;
    cx += step[0];
    cy += step[1];
    r += step[2];
  }
  const sw = w.reduce((a, b) => a + b, 0);
  const s2 =
    pts.reduce((s, p, i) => s + w[i] * (Math.hypot(p.x - cx, p.y - cy) - r) ** 2, 0) / Math.max(1, sw - 3);
  const inv = invert3(ata);
  if (!inv) return null;
  return { c: [cx, cy], r, cov: inv.map((row) => row.map((v) => v * s2)), scale: Math.sqrt(s2), w };
}

function invert3(m: number[][]): number[][] | null {
  const cols = [0, 1, 2].map((k) =>
    solve(
      m,
      [0, 1, 2].map((i) => (i === k ? 1 : 0)),
    ),
  );
  if (cols.some((c) => !c)) return null;
  return [0, 1, 2].map((i) => [0, 1, 2].map((k) => cols[k]![i]));
}

function snapRim(img: GreyImage, req: SnapRequest): SnapResult {
  const { centre, radiusPx } = req;
  if (!centre || !(radiusPx! > 0))
    throw new Unrefined("the squadron's base has no rough place in the photo yet");
  const search = req.searchPx ?? SEARCH_PX;
  const tap = req.tap;
  const around = search + Math.max(12, Math.min(60, 0.6 * radiusPx!));
  const pts = edgePoints(img, tap, around + 2);
  // the rim's outer edge: its gradient points into the base (a lighter rim), toward the rough centre
  const cosTol = Math.cos((60 * Math.PI) / 180);
  const rim = pts.filter((p) => {
    if (Math.hypot(p.x - tap[0], p.y - tap[1]) > around) return false;
    const toC = unit([centre[0] - p.x, centre[1] - p.y]);
    return (toC[0] * p.gx + toC[1] * p.gy) / p.m > cosTol;
  });
  if (rim.length < MIN_POINTS) throw new Unrefined('no rim edge near the tap (hidden, or off the base)');
  // start the circle through the tap's nearest strong rim point, the rough radius from there
  const fit = fitCircle(rim, centre, radiusPx!);
  if (!fit) throw new Unrefined('the rim near the tap is hidden or too short to measure');
  const u = unit([tap[0] - fit.c[0], tap[1] - fit.c[1]]);
  const px: XY = [fit.c[0] + fit.r * u[0], fit.c[1] + fit.r * u[1]];
  const off = Math.hypot(px[0] - tap[0], px[1] - tap[1]);
  if (off > search) throw new Unrefined(`the nearest rim is ${f1(off)} px from the tap`);
  if (Math.abs(fit.r - radiusPx!) > 0.5 * radiusPx!)
    throw new Unrefined("the edge near the tap is not the base's rim");
  // the rim point's error along the radius: u . dc + dr
  const g = [u[0], u[1], 1];
  let v = 0;
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) v += g[a] * fit.cov[a][b] * g[b];
  const kept = rim.filter((_, i) => fit.w[i] > 0.5);
  const angles = kept.map((p) => Math.atan2(p.y - fit.c[1], p.x - fit.c[0]));
  const mid = Math.atan2(u[1], u[0]);
  const rel = angles.map((a) => Math.atan2(Math.sin(a - mid), Math.cos(a - mid)));
  const [lo, hi] = [Math.min(...rel), Math.max(...rel)];
  const arc = Array.from({ length: 17 }, (_, k): XY => {
    const a = mid + lo + ((hi - lo) * k) / 16;
    return [fit.c[0] + fit.r * Math.cos(a), fit.c[1] + fit.r * Math.sin(a)];
  });
  return { refined: true, px, sigmaPx: Math.hypot(CORRELATION * Math.sqrt(v), SNAP_FLOOR_PX), traces: [arc] };
}
