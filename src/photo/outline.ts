/**
 * Snapping an obstacle's mark to its outline in the photo. The obstacle's shape is known (the
 * catalog's outline, rounded corners and all), and a rough map and pose put it in the photo a few
 * pixels and degrees off; the tap says where the marked point of it lies, within about 15 px.
 *
 * The outline's stretch round the marked point (up to REACH_PX along it either way) is set on the
 * tap, then moved and changed (turned, stretched, sheared: an affine change about the point, what a
 * map without the lens leaves) to sit on the photo's edge: at each of its points the nearest strong
 * edge along the outline's normal (grey levels read across it, the edge where they change fastest,
 * sub-pixel by a parabola through the three steepest steps; the side the cardboard lies on the same
 * all round), and the shift and linear change that bring the stretch onto those edges by weighted
 * least squares (Tukey's biweight: points where something hides the outline, or where another edge
 * lies nearer, drop out). Read again, nearer, four times. The marked point moves with the stretch.
 *
 * Kept as tapped, with the reason: no rough place in the photo; too few edge points (hidden or off the
 * obstacle); too little contrast; a stretch too straight to say where along it the point lies; the
 * stretch turned more than MAX_TURN_DEG or sitting on the edges for under half its length (not this
 * obstacle's shape there); the point found farther than the search from the tap.
 */
import { sample, type GreyImage, type XY } from './edges';
import { inverse, solve } from './linalg';

/** why a mark is kept as tapped */
export class Unrefined extends Error {}

/** how far along the outline either way from the marked point its shape is read, px */
export const REACH_PX = 90;
/** the spacing of the outline's points read, px */
const STEP_PX = 1.5;
/** the outline's turn from where the rough map puts it, at most, degrees */
const MAX_TURN_DEG = 10;
/** fewer edge points than this: hidden */
const MIN_POINTS = 12;
/** the least share of the stretch's points that must sit on the edge */
const MIN_SHARE = 0.4;
/** the steepest grey-level step a pixel an edge must have, grey levels a pixel */
const MIN_STEP = 3;
/** the least ratio of the stretch's weakest to strongest direction of support: under it, too straight */
const MIN_SPREAD = 0.03;
/** a sample this near a vertex where the outline turns more than CORNER_DEG is left out (its normal is undefined) */
const CORNER_DEG = 25;
/** neighbouring profiles share pixels (the blur): the fit's error widened by this */
const CORRELATION = 1.6;
/**
 * what the fit cannot see, px: the cardboard's edge (its wall, a pixel or two wide where it faces the
 * camera, merged with its top edge by the blur) moves the steepest step up to 0.4 px outward of the
 * top's true edge on rendered photos
 */
export const OUTLINE_MODEL_PX = 0.25;

interface Probe {
  /** a point of the stretch, photo px, and its outward normal */
  p: XY;
  n: XY;
}

export interface OutlineFit {
  px: XY;
  /** the fit's standard error per axis, px (before any floor) */
  sigmaPx: number;
  trace: XY[];
}

const dot = (a: XY, b: XY) => a[0] * b[0] + a[1] * b[1];
const f1 = (v: number) => v.toFixed(1);

/**
 * The probes of an outline (a closed polygon, photo px) within `reach` of the point nearest `at`
 * along it, each with its outward normal, every STEP_PX.
 */
export function stretchOf(outline: readonly XY[], at: XY, reach: number): Probe[] {
  const m = outline.length;
  let area = 0;
  for (let i = 0; i < m; i++) {
    const a = outline[i],
      b = outline[(i + 1) % m];
    area += a[0] * b[1] - b[0] * a[1];
  }
  const sgn = area >= 0 ? 1 : -1;
  // arc length at each vertex; the point of the outline nearest `at`
  const cum = [0];
  let best = { d: Infinity, s: 0 };
  for (let i = 0; i < m; i++) {
    const a = outline[i],
      b = outline[(i + 1) % m];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const t = len
      ? Math.max(0, Math.min(1, dot([at[0] - a[0], at[1] - a[1]], [b[0] - a[0], b[1] - a[1]]) / len ** 2))
      : 0;
    const d = Math.hypot(a[0] + t * (b[0] - a[0]) - at[0], a[1] + t * (b[1] - a[1]) - at[1]);
    if (d < best.d) best = { d, s: cum[i] + t * len };
    cum.push(cum[i] + len);
  }
  const per = cum[m];
  const sharp = outline.map((p, i) => {
    const a = outline[(i - 1 + m) % m],
      b = outline[(i + 1) % m];
    const u = Math.atan2(p[1] - a[1], p[0] - a[0]),
      v = Math.atan2(b[1] - p[1], b[0] - p[0]);
    return Math.abs(Math.atan2(Math.sin(v - u), Math.cos(v - u))) > (CORNER_DEG * Math.PI) / 180;
  });
  const out: Probe[] = [];
  const k = Math.floor(Math.min(reach, per / 2 - STEP_PX) / STEP_PX);
  for (let j = -k; j <= k; j++) {
    const s = (((best.s + j * STEP_PX) % per) + per) % per;
    let i = 0;
    while (i < m - 1 && cum[i + 1] < s) i++;
    const a = outline[i],
      b = outline[(i + 1) % m];
    const len = cum[i + 1] - cum[i];
    if (!(len > 0)) continue;
    const t = (s - cum[i]) / len;
    if ((sharp[i] && s - cum[i] < STEP_PX) || (sharp[(i + 1) % m] && cum[i + 1] - s < STEP_PX)) continue;
    const d: XY = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    out.push({ p: [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])], n: [sgn * d[1], -sgn * d[0]] });
  }
  return out;
}

/** the grey-level step across a probe at offset s along its normal (outside less inside, 3 lines along it averaged) */
function stepAt(img: GreyImage, q: Probe, s: number): number {
  const [x, y] = q.p,
    [nx, ny] = q.n;
  let sum = 0;
  for (const o of [-1, 0, 1]) {
    const bx = x - ny * o + nx * s,
      by = y + nx * o + ny * s;
    sum += sample(img, bx + 0.5 * nx, by + 0.5 * ny) - sample(img, bx - 0.5 * nx, by - 0.5 * ny);
  }
  return sum / 3;
}

/**
 * The edge across a probe within `win` px of it: the offset (px along the normal, sub-pixel) of the
 * steepest step of the given sense (+1: lighter outside), and that step; null when none rises to MIN_STEP.
 */
function edgeAcross(img: GreyImage, q: Probe, win: number, sense: number): { s: number; g: number } | null {
  const vals: number[] = [];
  const s0 = -win - 2;
  for (let s = s0; s <= win + 2 + 1e-9; s += 0.5) vals.push(sense * stepAt(img, q, s));
  let k = -1;
  for (let i = 5; i < vals.length - 5; i++)
    if (
      Number.isFinite(vals[i]) &&
      (k < 0 || vals[i] > vals[k]) &&
      vals[i] >= vals[i - 1] &&
      vals[i] >= vals[i + 1]
    )
      k = i;
  if (k < 0 || !(vals[k] >= MIN_STEP)) return null;
  const [a, b, c] = [vals[k - 1], vals[k], vals[k + 1]];
  const den = a - 2 * b + c;
  const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
  return { s: s0 + 0.5 * (k + off), g: b };
}

/** which way the grey levels step across the outline: +1 when lighter outside (a dark obstacle), -1 when darker */
function senseOf(img: GreyImage, probes: Probe[], win: number): number {
  let lighter = 0,
    darker = 0;
  for (const q of probes) {
    lighter += edgeAcross(img, q, win, 1)?.g ?? 0;
    darker += edgeAcross(img, q, win, -1)?.g ?? 0;
  }
  return lighter >= darker ? 1 : -1;
}

interface Step {
  t: XY;
  /**
   * the stretch's linear change about the point, less the identity (a11, a12, a21, a22): the turn,
   * and the stretch and shear a rough map leaves (the lens's distortion, the scale at the obstacle's height)
   */
  lin: [number, number, number, number];
  /** the fit's covariance of the shift (xx, yy, xy), and its weakest to strongest support */
  cov: [number, number, number];
  spread: number;
  kept: number;
}

/** Tukey-reweighted least squares: the solution and its covariance (the residuals' own scale), and the weights */
function robustSolve(
  rows: { a: number[]; e: number }[],
): { x: number[]; cov: number[][]; w: number[] } | null {
  const k = rows[0].a.length;
  let x = rows[0].a.map(() => 0);
  let w = rows.map(() => 1);
  let ata: number[][] = [];
  const res = () => rows.map((r) => r.e - r.a.reduce((s, v, j) => s + v * x[j], 0));
  for (let it = 0; it < 8; it++) {
    if (it > 0) {
      const sorted = res()
        .map(Math.abs)
        .sort((p, q) => p - q);
      const c = 4.685 * Math.max(0.1, 1.4826 * sorted[sorted.length >> 1]);
      w = res().map((v) => (Math.abs(v) < c ? (1 - (v / c) ** 2) ** 2 : 0));
    }
    ata = rows[0].a.map(() => rows[0].a.map(() => 0));
    const atb = rows[0].a.map(() => 0);
    rows.forEach((r, i) => {
      for (let a = 0; a < k; a++) {
        atb[a] += w[i] * r.a[a] * r.e;
        for (let b = 0; b < k; b++) ata[a][b] += w[i] * r.a[a] * r.a[b];
      }
    });
    const sol = solve(ata, atb);
    if (!sol) return null;
    x = sol;
  }
  const sw = w.reduce((p, q) => p + q, 0);
  const s2 = res().reduce((s, v, i) => s + w[i] * v * v, 0) / Math.max(1, sw - k);
  const inv = inverse(ata);
  if (!inv) return null;
  return { x, cov: inv.map((row) => row.map((v) => v * s2)), w };
}

/** the shift and linear change (about `c`) that bring the probes onto their edges */
function fitStep(probes: Probe[], edges: ({ s: number } | null)[], c: XY): Step | null {
  const rows: { a: number[]; e: number }[] = [];
  probes.forEach((q, i) => {
    const e = edges[i];
    if (!e) return;
    const rx = q.p[0] - c[0],
      ry = q.p[1] - c[1];
    const [nx, ny] = q.n;
    rows.push({ a: [nx, ny, nx * rx, nx * ry, ny * rx, ny * ry], e: e.s });
  });
  if (rows.length < MIN_POINTS) return null;
  const fit = robustSolve(rows);
  if (!fit) return null;
  const [xx, yy, xy] = [fit.cov[0][0], fit.cov[1][1], fit.cov[0][1]];
  // the shift's support: the inverse of its covariance, weakest to strongest direction
  const tr = xx + yy,
    det = xx * yy - xy * xy;
  const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
  const spread = det > 0 ? (tr / 2 - disc) / (tr / 2 + disc) : 0;
  return {
    t: [fit.x[0], fit.x[1]],
    lin: [fit.x[2], fit.x[3], fit.x[4], fit.x[5]],
    cov: [xx, yy, xy],
    spread,
    kept: fit.w.filter((v) => v > 0.5).length,
  };
}

/** the probes moved by a shift and changed by the identity plus `lin` about `c` (normals by its inverse transpose) */
function moved(probes: Probe[], t: XY, c: XY, lin: readonly number[] = [0, 0, 0, 0]): Probe[] {
  const [a, b, d, e] = [1 + lin[0], lin[1], lin[2], 1 + lin[3]];
  return probes.map((q) => {
    const rx = q.p[0] - c[0],
      ry = q.p[1] - c[1];
    const n: XY = [e * q.n[0] - d * q.n[1], -b * q.n[0] + a * q.n[1]];
    const l = Math.hypot(n[0], n[1]);
    return { p: [c[0] + a * rx + b * ry + t[0], c[1] + d * rx + e * ry + t[1]], n: [n[0] / l, n[1] / l] };
  });
}

/**
 * The marked point of an obstacle's outline as the photo shows it: `outline` (photo px, closed) and
 * `at` (its marked point) where the rough map and pose put them, `tap` where the player tapped,
 * `search` how far from the tap the point may lie. Throws Unrefined with the reason when it cannot.
 */
export function fitOutline(
  img: GreyImage,
  outline: readonly XY[],
  at: XY,
  tap: XY,
  search: number,
): OutlineFit {
  let probes = moved(stretchOf(outline, at, REACH_PX), [tap[0] - at[0], tap[1] - at[1]], at);
  if (probes.length < MIN_POINTS)
    throw new Unrefined("the obstacle's outline is too short in the photo to measure");
  let c: XY = [tap[0], tap[1]];
  const sense = senseOf(img, probes, search + 3);
  let turned = 0;
  let last: Step | null = null;
  let edges: ({ s: number; g: number } | null)[] = [];
  for (const win of [search + 3, 6, 3, 3, 3]) {
    edges = probes.map((q) => edgeAcross(img, q, win, sense));
    const step = fitStep(probes, edges, c);
    if (!step) throw new Unrefined('no outline edge near the tap (hidden, or off the obstacle)');
    probes = moved(probes, step.t, c, step.lin);
    c = [c[0] + step.t[0], c[1] + step.t[1]];
    turned += (step.lin[2] - step.lin[1]) / 2;
    last = step;
  }
  const step = last!;
  const steps = edges
    .filter((e) => e)
    .map((e) => e!.g)
    .sort((a, b) => a - b);
  if (steps.length < MIN_POINTS)
    throw new Unrefined('no outline edge near the tap (hidden, or off the obstacle)');
  if (steps[steps.length >> 1] < 2 * MIN_STEP)
    throw new Unrefined(
      `too little contrast at the outline (${f1(steps[steps.length >> 1])} grey levels a pixel)`,
    );
  if (Math.abs(turned) > (MAX_TURN_DEG * Math.PI) / 180 || step.kept < MIN_SHARE * probes.length)
    throw new Unrefined(
      "the outline near the tap does not sit on the photo's edges (hidden, or not this obstacle)",
    );
  if (step.spread < MIN_SPREAD)
    throw new Unrefined('the outline is nearly straight there: where along it the point lies cannot be told');
  const off = Math.hypot(c[0] - tap[0], c[1] - tap[1]);
  if (off > search) throw new Unrefined(`the nearest outline is ${f1(off)} px from the tap`);
  const sigma = Math.hypot(
    CORRELATION * Math.sqrt(Math.max(0, (step.cov[0] + step.cov[1]) / 2)),
    OUTLINE_MODEL_PX,
  );
  return { px: c, sigmaPx: sigma, trace: probes.filter((_, i) => edges[i]).map((q) => q.p) };
}
