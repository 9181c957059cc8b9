/**
 * A piece's pose from points marked on it in the photo, through a fitted plane map: a rigid
 * pose (x, y, rotation) from points of its known shape, a position alone (a token), or a
 * circle's centre from points on its rim (a squadron's base, radius known). Least squares on
 * the pixel residuals; the uncertainty propagates the calibration's covariance and the marks'
 * own noise to the pose (first order), then to the piece's outline.
 */
import type { Point } from '../geometry/point';
import { claimedSigmas, estimatedDof, meanSigmaPx, noiseScale, type PlaneFit } from './homography';
import { confidenceRadiusSq } from './stats';
import {
  add,
  inverse,
  jacobian,
  levenbergMarquardt,
  type Mat,
  maxEigen2,
  mul,
  normal,
  scale,
  transpose,
  type Vec,
} from './linalg';

/**
 * The stated uncertainty: the farthest any point of the piece's outline moves within the 99%
 * confidence region of its pose (an ellipsoid of the pose's normal error: the chi-square 99% point of
 * 2 or 3 degrees of freedom when the prior sigma is in use, k times the F 99% point when sigma is the
 * residuals' estimate: stats.ts), so the whole outline lies within it with probability 0.99 when the
 * error model holds.
 */
export const CONFIDENCE = 0.99;
/** Rim marks must go at least this far around the base (degrees): a short arc barely fixes the centre. */
export const MIN_RIM_ARC_DEG = 120;

/** What the marks are on the piece. */
export type PoseModel =
  /**
   * points of the piece's own frame (a ship's base corners, an obstacle's outline points); rotate: whether
   * rotation is fitted
   */
  | { kind: 'points'; local: Point[]; rotate: boolean }
  /** points on the rim of a circle of this radius (a squadron's base); its centre is fitted */
  | { kind: 'rim'; radius: number };

export interface PoseFit {
  x: number;
  y: number;
  /** degrees counter-clockwise in [0, 360); 0 when the model has no rotation */
  rotation: number;
  /** each mark's distance from the fitted piece, mm (a rim mark: from the rim) */
  residualsMm: number[];
  rmsMm: number;
  /** covariance of (x mm, y mm[, rotation rad]) */
  covariance: Mat;
  /** the marking noise used, pixels (the marks' claimed sigmas' quadratic mean times the scale) */
  sigmaPx: number;
  /** the common factor (>= 1) the residuals, the calibration's and this piece's, put on what the marks claim */
  scale: number;
  /** how far the piece's outline may be from where it really lies, mm (CONFIDENCE) */
  uncertaintyMm: number;
}

/** Why a piece's marks cannot place it. */
export class MarksProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarksProblem';
  }
}

const placeAt = (p: Vec, l: Point): Point => {
  const c = Math.cos(p[2] ?? 0),
    s = Math.sin(p[2] ?? 0);
  return { x: p[0] + l.x * c - l.y * s, y: p[1] + l.x * s + l.y * c };
};

/**
 * Least-squares rotation and translation taking `from` onto `to` (2-D Procrustes, no scaling): [tx, ty, angle
 * rad], the angle 0 when `rotate` is false or a single point gives none.
 */
export function rigidFit(
  from: readonly Point[],
  to: readonly Point[],
  rotate = true,
): [number, number, number] {
  const n = from.length;
  const fc = { x: from.reduce((s, p) => s + p.x, 0) / n, y: from.reduce((s, p) => s + p.y, 0) / n };
  const tc = { x: to.reduce((s, p) => s + p.x, 0) / n, y: to.reduce((s, p) => s + p.y, 0) / n };
  let sxx = 0,
    sxy = 0;
  for (let i = 0; i < n; i++) {
    const fx = from[i].x - fc.x,
      fy = from[i].y - fc.y,
      tx = to[i].x - tc.x,
      ty = to[i].y - tc.y;
    sxx += fx * tx + fy * ty;
    sxy += fx * ty - fy * tx;
  }
  const a = rotate && n > 1 ? Math.atan2(sxy, sxx) : 0;
  const c = Math.cos(a),
    s = Math.sin(a);
  return [tc.x - (fc.x * c - fc.y * s), tc.y - (fc.x * s + fc.y * c), a];
}

/** Algebraic circle through points (Kasa), its centre; the points' mean when they do not fix one. */
export function kasaCentre(pts: readonly Point[]): Point {
  const n = pts.length;
  const mx = pts.reduce((s, p) => s + p.x, 0) / n,
    my = pts.reduce((s, p) => s + p.y, 0) / n;
  let suu = 0,
    suv = 0,
    svv = 0,
    suuu = 0,
    svvv = 0,
    suvv = 0,
    svuu = 0;
  for (const p of pts) {
    const u = p.x - mx,
      v = p.y - my;
    suu += u * u;
    suv += u * v;
    svv += v * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (!(Math.abs(det) > 1e-12 * (suu + svv) ** 2)) return { x: mx, y: my };
  const b1 = (suuu + suvv) / 2,
    b2 = (svvv + svuu) / 2;
  return { x: mx + (b1 * svv - b2 * suv) / det, y: my + (suu * b2 - suv * b1) / det };
}

/**
 * The first pair (i < j, least i, then least j) of points closer than `within`, or null; in time
 * linear in the points (a grid of cells `within` wide: a close pair lies in neighbouring cells, and a
 * cell holds only a few points that are not close), where trying every pair was quadratic.
 */
export function closePair(points: readonly Point[], within: number): [number, number] | null {
  const cells = new Map<number, number[]>();
  // a cell's key: its column and row in one exact number (a photo's side is at most 100,000 px)
  const key = (cx: number, cy: number) => cx * 4_194_304 + cy;
  const cell = (p: Point) => [Math.floor(p.x / within), Math.floor(p.y / within)];
  points.forEach((p, i) => {
    const [cx, cy] = cell(p);
    const list = cells.get(key(cx, cy));
    if (list) list.push(i);
    else cells.set(key(cx, cy), [i]);
  });
  for (let i = 0; i < points.length; i++) {
    const [cx, cy] = cell(points[i]);
    let best = -1;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of cells.get(key(cx + dx, cy + dy)) ?? [])
          if (j > i && (best < 0 || j < best))
            if (Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) < within) best = j;
    if (best >= 0) return [i, best];
  }
  return null;
}

/**
 * B S Bᵀ for B = -(JpᵀJp)⁻¹ Jpᵀ Jq, the pose's response to the marks' own noise (S: each mark's claimed
 * variance, sigmas² in x and y), in time linear in the
 * marks: a mark's residuals depend on its own pixel only, so Jq is block-diagonal and is worked out
 * block by block (each mark's two columns by central differences, 1e-4 px scaled as `jacobian`
 * does), never as the full 2m x 2m-wide matrix whose every column re-evaluated every mark (quadratic:
 * a second of CPU for 200 rim marks).
 */
function marksSpread(
  Jp: Mat,
  Minv: Mat,
  residOf: (j: number, pose: Vec, g: Vec, qx: number, qy: number) => number[],
  pose: Vec,
  g: Vec,
  q: Vec,
  sigmas: readonly number[],
): Mat {
  const k = Minv.length,
    m = q.length / 2;
  const out: Mat = Minv.map(() => new Array<number>(k).fill(0));
  const rows = Jp.length / m;
  for (let j = 0; j < m; j++) {
    for (let c = 0; c < 2; c++) {
      const at = q[2 * j + c],
        step = 1e-4 * Math.max(1, Math.abs(at));
      const qp = [q[2 * j], q[2 * j + 1]],
        qm = [q[2 * j], q[2 * j + 1]];
      qp[c] += step;
      qm[c] -= step;
      const fp = residOf(j, pose, g, qp[0], qp[1]),
        fm = residOf(j, pose, g, qm[0], qm[1]);
      // Jpᵀ times this column of Jq (nonzero only in mark j's rows), then -(JpᵀJp)⁻¹ times that
      const col = new Array<number>(k).fill(0);
      for (let r = 0; r < rows; r++) {
        const d = (fp[r] - fm[r]) / (2 * step);
        for (let a = 0; a < k; a++) col[a] += Jp[j * rows + r][a] * d;
      }
      const b = Minv.map((row) => -row.reduce((s, v, a) => s + v * col[a], 0));
      const v = sigmas[j] ** 2;
      for (let a = 0; a < k; a++) for (let e = 0; e < k; e++) out[a][e] += b[a] * b[e] * v;
    }
  }
  return out;
}

/** Marks a pose can be fitted to, else the problem in words: enough of them, no two the same. */
function checkMarks(marks: readonly Point[], model: PoseModel): void {
  const m = marks.length;
  if (model.kind === 'points') {
    if (model.local.length !== m) throw new MarksProblem(`${m} marks for ${model.local.length} points`);
    const need = model.rotate ? 2 : 1;
    if (m < need) throw new MarksProblem(`${m} mark${m === 1 ? '' : 's'}; at least ${need} are needed`);
    const same = closePair(model.local, 1);
    const onPixel = closePair(marks, 0.5);
    // the first pair in order of either kind (as a scan of every pair in turn would meet it)
    if (same && (!onPixel || same[0] < onPixel[0] || (same[0] === onPixel[0] && same[1] <= onPixel[1])))
      throw new MarksProblem(
        `points ${same[0]} and ${same[1]} are the same point of the piece; mark different points`,
      );
    if (onPixel) throw new MarksProblem(`marks ${onPixel[0]} and ${onPixel[1]} are on the same pixel`);
  } else {
    if (m < 3) throw new MarksProblem(`${m} mark${m === 1 ? '' : 's'} on the rim; at least 3 are needed`);
    const onPixel = closePair(marks, 0.5);
    if (onPixel) throw new MarksProblem(`marks ${onPixel[0]} and ${onPixel[1]} are on the same pixel`);
  }
}

/** Rim marks must go far enough around the base (at the fitted centre) to fix the centre. */
function checkRimSpread(seen: readonly Point[], pose: Vec): void {
  const angles = seen.map((p) => Math.atan2(p.y - pose[1], p.x - pose[0])).sort((a, b) => a - b);
  let gap = 2 * Math.PI - (angles[angles.length - 1] - angles[0]);
  for (let i = 1; i < angles.length; i++) gap = Math.max(gap, angles[i] - angles[i - 1]);
  const arc = 360 - (gap * 180) / Math.PI;
  if (arc < MIN_RIM_ARC_DEG) {
    throw new MarksProblem(
      `the rim marks go only ${Math.round(arc)} degrees around the base; spread them at least ` +
        `${MIN_RIM_ARC_DEG} degrees around it`,
    );
  }
}

/** The largest variance (mm²) of any outline point's place under the pose's covariance. */
function worstVariance(pts: readonly Point[], pose: Vec, cov: Mat): number {
  const k = pose.length;
  let worst = 0;
  for (const v of pts) {
    // d(place(v))/d(pose): identity in x, y; the rotation moves v along its perpendicular
    const c = Math.cos(pose[2] ?? 0),
      s = Math.sin(pose[2] ?? 0);
    const J: Mat =
      k === 3
        ? [
            [1, 0, -v.x * s - v.y * c],
            [0, 1, v.x * c - v.y * s],
          ]
        : [
            [1, 0],
            [0, 1],
          ];
    const C = mul(mul(J, cov), transpose(J));
    worst = Math.max(worst, maxEigen2(C[0][0], C[0][1], C[1][1]));
  }
  return worst;
}

/**
 * The piece's weighted residuals r (at the pose's optimum) as a sum of squares of unit-variance terms: r = (I -
 * P)(Jg dg + e) holds the marks' noise e (identity covariance at unit scale) and the map's error dg
 * (covariance `Sg` at unit scale), so r's quadratic form is taken in (I + Jg Sg Jgᵀ)⁻¹, minimised over the
 * pose's directions (generalised least squares): under the error model it is chi-square with the residuals'
 * degrees of freedom, where rᵀr is larger by the map's share. Woodbury keeps it to 8 x 8 and k x k
 * matrices, linear in the marks. rᵀr when the map's covariance cannot be inverted.
 */
function residualsChi2(r: Vec, Jp: Mat, Jg: Mat, Sg: Mat): number {
  const plain = r.reduce((s, v) => s + v * v, 0);
  const SgInv = inverse(Sg);
  if (!SgInv) return plain;
  const JgT = transpose(Jg);
  const K = inverse(add(SgInv, mul(JgT, Jg)));
  if (!K) return plain;
  const a = JgT.map((row) => row.reduce((s, v, i) => s + v * r[i], 0));
  const Ka = K.map((row) => row.reduce((s, v, j) => s + v * a[j], 0));
  // rᵀWr, JpᵀWr and JpᵀWJp with W = I - Jg K Jgᵀ
  const rWr = plain - a.reduce((s, v, i) => s + v * Ka[i], 0);
  const JpT = transpose(Jp);
  const JpJg = mul(JpT, Jg);
  const b = JpT.map(
    (row, i) => row.reduce((s, v, n) => s + v * r[n], 0) - JpJg[i].reduce((s, v, j) => s + v * Ka[j], 0),
  );
  const JpWJp = add(mul(JpT, Jp), scale(mul(mul(JpJg, K), transpose(JpJg)), -1));
  const Binv = inverse(JpWJp);
  if (!Binv) return plain;
  const q = rWr - b.reduce((s, v, i) => s + v * Binv[i].reduce((t, w, j) => t + w * b[j], 0), 0);
  return Math.max(0, q);
}

/** Each mark's distance from the fitted piece, mm (a rim mark: from the rim). */
function markResidualsMm(seen: readonly Point[], pose: Vec, model: PoseModel): number[] {
  return model.kind === 'points'
    ? seen.map((p, j) => {
        const t = placeAt(pose, model.local[j]);
        return Math.hypot(p.x - t.x, p.y - t.y);
      })
    : seen.map((p) => Math.abs(Math.hypot(p.x - pose[0], p.y - pose[1]) - model.radius));
}

/**
 * Fit a piece's pose to its marks (pixels) through the calibration `cal`, each mark as exact as
 * `sigmasPx` claims (PRIOR_SIGMA_PX each when not given): weighted least squares. `outline`: points of
 * the piece's own frame whose displacement the uncertainty bounds (a ship's base corners, an
 * obstacle's outline; a circle's centre when empty).
 */
export function fitPose(
  cal: PlaneFit,
  marks: readonly Point[],
  model: PoseModel,
  outline: readonly Point[] = [],
  sigmasPx?: readonly number[],
): PoseFit {
  const map = cal.map;
  const m = marks.length;
  checkMarks(marks, model);
  const sig = claimedSigmas(m, sigmasPx);
  const g0 = map.g;
  const q0: Vec = marks.flatMap((p) => [p.x, p.y]);
  /**
   * mark j's residual rows in pixels over its claimed sigma (two for a point, one for a rim mark) from the
   * pose, map and its pixel
   */
  const residOf = (j: number, pose: Vec, g: Vec, qx: number, qy: number): number[] => {
    if (model.kind === 'points') {
      const s = map.toPxWithParams(g, placeAt(pose, model.local[j]));
      return [(s.x - qx) / sig[j], (s.y - qy) / sig[j]];
    }
    const y = map.toMmWithParams(g, { x: qx, y: qy });
    const d = Math.hypot(y.x - pose[0], y.y - pose[1]) || 1e-12;
    const rim = {
      x: pose[0] + ((y.x - pose[0]) / d) * model.radius,
      y: pose[1] + ((y.y - pose[1]) / d) * model.radius,
    };
    const a = map.toPxWithParams(g, rim);
    return [(Math.sign(d - model.radius) * Math.hypot(qx - a.x, qy - a.y)) / sig[j]];
  };
  /** every residual, as a function of the pose, the map's parameters and the marks */
  const resid = (pose: Vec, g: Vec, q: Vec): Vec => {
    const out: Vec = [];
    for (let j = 0; j < m; j++) out.push(...residOf(j, pose, g, q[2 * j], q[2 * j + 1]));
    return out;
  };
  const seen = marks.map((p) => map.toMm(p));
  let start: Vec;
  if (model.kind === 'points') {
    const t = rigidFit(model.local, seen, model.rotate);
    start = model.rotate ? t : t.slice(0, 2);
  } else {
    const c = kasaCentre(seen);
    start = [c.x, c.y];
  }
  const { x: pose, residuals } = levenbergMarquardt((p) => resid(p, g0, q0), start);
  const k = pose.length;
  if (!pose.every(Number.isFinite)) throw new MarksProblem('the marks give no pose');
  if (model.kind === 'rim') checkRimSpread(seen, pose);
  // first-order propagation through the optimum: dp = -(JpᵀJp)⁻¹ Jpᵀ (Jg dg + Jq dq)
  const Jp = jacobian((p) => resid(p, g0, q0), pose);
  const Jg = jacobian((g) => resid(pose, g, q0), g0);
  const Minv = inverse(normal(Jp, residuals).ata);
  if (!Minv)
    throw new MarksProblem(
      'the marks do not fix the piece (they leave it free to turn or slide); mark points farther apart',
    );
  // the weighted residuals pooled with the calibration's: one scale on what every mark claims. The piece's
  // own residuals carry the map's error too (a map a little off moves every mark's place): measured against
  // that, not against the marks' noise alone, or precise marks through a tapped map would raise the scale
  const own = residualsChi2(residuals, Jp, Jg, scale(map.covariance, 1 / map.scale ** 2));
  const chi2 = cal.chi2 + own;
  const dof = cal.dof + Math.max(0, residuals.length - k);
  const scaleBy = noiseScale(chi2, dof);
  // the scale from the residuals: the region widens by F (the estimate's own spread); the claims: chi-square
  const radiusSq = confidenceRadiusSq(CONFIDENCE, k, estimatedDof(chi2, dof));
  const JpT = transpose(Jp);
  const A = scale(mul(Minv, mul(JpT, Jg)), -1);
  const cov = add(
    // the map's covariance at the same scale as the marks' (the pooled estimate), so one factor scales it all
    mul(mul(A, scale(map.covariance, (scaleBy / map.scale) ** 2)), transpose(A)),
    scale(marksSpread(Jp, Minv, residOf, pose, g0, q0, sig), scaleBy ** 2),
  );
  const pts = model.kind === 'points' && outline.length ? outline : [{ x: 0, y: 0 }];
  const worst = worstVariance(pts, pose, cov);
  const residualsMm = markResidualsMm(seen, pose, model);
  const deg = k === 3 ? ((((pose[2] * 180) / Math.PI) % 360) + 360) % 360 : 0;
  return {
    x: pose[0],
    y: pose[1],
    rotation: deg === 360 ? 0 : deg,
    residualsMm,
    rmsMm: Math.sqrt(residualsMm.reduce((s, v) => s + v * v, 0) / m),
    covariance: cov,
    sigmaPx: meanSigmaPx(sig, scaleBy),
    scale: scaleBy,
    uncertaintyMm: Math.sqrt(radiusSq * Math.max(0, worst)),
  };
}
