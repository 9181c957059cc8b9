/**
 * The table plane's projective map from a photo: a homography fitted to points whose table
 * positions are known (normalised DLT, then Levenberg-Marquardt on the pixel residuals), with
 * the covariance of its parameters for the uncertainty of what is placed through it.
 *
 * Error model (docs/architecture.md, "The photo"): the table positions of calibration points are exact;
 * each marked pixel i is off by independent normal noise of s * sigma_i pixels in x and in y, where
 * sigma_i is what the mark claims (a tap PRIOR_SIGMA_PX, a mark refined on the image its own fit's
 * error, or the file's `sigmaPx`) and s >= 1 one common factor: the residuals' own estimate (weighted
 * sum of squares over degrees of freedom), but never below 1. The residuals may only raise what the
 * marks claim: four points give no redundancy at all, and a few residuals can be small by luck.
 * The fits are weighted least squares (each residual over its mark's sigma_i).
 */
import type { Point } from '../geometry/point';
import {
  inverse,
  jacobian,
  levenbergMarquardt,
  type Mat,
  mul,
  normal,
  symmetricEigen,
  type Vec,
} from './linalg';

/** How exactly a point is marked at full resolution with the loupe, before the residuals say otherwise. */
export const PRIOR_SIGMA_PX = 1;
/** Calibration points closer together than this (mm) are one point marked twice. */
export const SAME_POINT_MM = 0.5;
/** All calibration points within this many mm of each other: too small a patch to map a table. */
export const MIN_SPREAD_MM = 30;
/** Points within this share of the spread of a line count as on it (projectively degenerate). */
export const LINE_SHARE = 0.01;

/** Why a set of calibration points cannot fix the plane's map, and which points (indices) say so. */
export class CalibrationProblem extends Error {
  constructor(
    message: string,
    readonly points: number[],
  ) {
    super(message);
    this.name = 'CalibrationProblem';
  }
}

/**
 * The common factor s on what the marks claim, from the weighted residuals (each over its mark's sigma,
 * squared and summed: chi2) and their degrees of freedom: never below 1 (the residuals only raise it).
 */
export function noiseScale(chi2: number, dof: number): number {
  return Math.max(1, dof > 0 ? Math.sqrt(chi2 / dof) : 0);
}

/**
 * The degrees of freedom of the residuals' estimate of the noise when that estimate is the scale in
 * use (above 1), else null: what the marks claim is then taken as the known sigma.
 */
export function estimatedDof(chi2: number, dof: number): number | null {
  return dof > 0 && Math.sqrt(chi2 / dof) > 1 ? dof : null;
}

/** Each mark's claimed sigma, px: `sigmas` when given (one per mark), else the tap's prior. */
export function claimedSigmas(n: number, sigmas?: readonly number[]): number[] {
  if (sigmas && sigmas.length !== n) throw new RangeError(`${sigmas.length} sigmas for ${n} marks`);
  return sigmas ? [...sigmas] : new Array<number>(n).fill(PRIOR_SIGMA_PX);
}

/** The quadratic mean of the claimed sigmas times the scale: the marks' noise in one number, px. */
export const meanSigmaPx = (sigmas: readonly number[], scale: number) =>
  scale * Math.sqrt(sigmas.reduce((a, v) => a + v * v, 0) / sigmas.length);

interface Norm {
  cx: number;
  cy: number;
  k: number;
}

/** Centroid to the origin, mean distance sqrt(2) (Hartley). */
export function normaliser(pts: readonly Point[]): Norm {
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  const mean = pts.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / pts.length;
  return { cx, cy, k: mean > 0 ? Math.SQRT2 / mean : 1 };
}

/** A point set moved and scaled by its normaliser. */
export const normalised = (pts: readonly Point[], N: Norm): Point[] =>
  pts.map((p) => ({ x: N.k * (p.x - N.cx), y: N.k * (p.y - N.cy) }));

/**
 * The direct linear transform from normalised table points M to normalised pixels P: the map's 9 entries row by
 * row, up to scale (each correspondence gives two rows of A h = 0; h is AᵀA's eigenvector of least eigenvalue).
 */
export function dlt(M: readonly Point[], P: readonly Point[]): Vec {
  const rows: Mat = [];
  for (let i = 0; i < M.length; i++) {
    const { x: X, y: Y } = M[i],
      { x: u, y: v } = P[i];
    rows.push([0, 0, 0, -X, -Y, -1, v * X, v * Y, v]);
    rows.push([X, Y, 1, 0, 0, 0, -u * X, -u * Y, -u]);
  }
  const { ata } = normal(rows, new Array<number>(rows.length).fill(0));
  return symmetricEigen(ata).vectors[0];
}

/** The 3x3 matrix of 8 parameters (the ninth entry is 1). */
const matOf = (g: Vec): Mat => [
  [g[0], g[1], g[2]],
  [g[3], g[4], g[5]],
  [g[6], g[7], 1],
];

function apply(m: Mat, x: number, y: number): Point {
  const w = m[2][0] * x + m[2][1] * y + m[2][2];
  return { x: (m[0][0] * x + m[0][1] * y + m[0][2]) / w, y: (m[1][0] * x + m[1][1] * y + m[1][2]) / w };
}

/**
 * Why these points cannot calibrate, or null: fewer than 4; two the same table point or the same
 * pixel; all within MIN_SPREAD_MM; all but at most one on one line (then no four are in general
 * position, and a homography is not determined). Collinearity is kept by a projective map, so the
 * table positions (exact) are tested.
 */
export function calibrationProblem(mm: readonly Point[], px: readonly Point[]): CalibrationProblem | null {
  const n = mm.length;
  if (n < 4)
    return new CalibrationProblem(
      `${n} calibration point${n === 1 ? '' : 's'}; at least 4 are needed, no 3 of them on one line`,
      [],
    );
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.hypot(mm[i].x - mm[j].x, mm[i].y - mm[j].y) < SAME_POINT_MM) {
        return new CalibrationProblem(
          `points ${i} and ${j} are the same table point; each point must be a different one`,
          [i, j],
        );
      }
      if (Math.hypot(px[i].x - px[j].x, px[i].y - px[j].y) < 0.5) {
        return new CalibrationProblem(
          `points ${i} and ${j} are marked on the same pixel but are different table points`,
          [i, j],
        );
      }
    }
  }
  let spread = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      spread = Math.max(spread, Math.hypot(mm[i].x - mm[j].x, mm[i].y - mm[j].y));
  if (spread < MIN_SPREAD_MM) {
    return new CalibrationProblem(
      `all points lie within ${spread.toFixed(1)} mm of each other; spread them at least ${MIN_SPREAD_MM} mm apart ` +
        `(two ships' bases, or table corners)`,
      [],
    );
  }
  const tol = LINE_SHARE * spread;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = mm[j].x - mm[i].x,
        dy = mm[j].y - mm[i].y,
        len = Math.hypot(dx, dy);
      const on: number[] = [];
      for (let k = 0; k < n; k++)
        if (Math.abs((mm[k].x - mm[i].x) * dy - (mm[k].y - mm[i].y) * dx) / len <= tol) on.push(k);
      if (on.length >= n - 1) {
        return new CalibrationProblem(
          `points ${on.join(', ')} lie on one line (within ${tol.toFixed(1)} mm); at least 4 points with no 3 on a ` +
            `line are needed: add points off that line`,
          on,
        );
      }
    }
  }
  return null;
}

/** A fitted plane map: pixels (image upright, y down) to table millimetres and back, with its uncertainty. */
export class PlaneMap {
  readonly #m: Norm;
  readonly #p: Norm;
  readonly #G: Mat;
  readonly #Ginv: Mat;

  constructor(
    /** the 8 parameters of the map from normalised table points to normalised pixels */
    readonly g: Vec,
    m: Norm,
    p: Norm,
    /** covariance of g (8x8), at the noise scale `scale` */
    readonly covariance: Mat,
    /** the marks' noise in one number, pixels per coordinate (the claimed sigmas' quadratic mean times the scale) */
    readonly sigmaPx: number,
    /** the common factor (>= 1) the residuals put on what the calibration points claim */
    readonly scale = 1,
  ) {
    this.#m = m;
    this.#p = p;
    this.#G = matOf(g);
    const inv = inverse(this.#G);
    if (!inv) throw new CalibrationProblem('the points give no usable map (the fitted map is singular)', []);
    this.#Ginv = inv;
  }

  /** Table millimetres to pixels. */
  toPx(mm: Point): Point {
    return PlaneMap.toPxWith(this.#G, this.#m, this.#p, mm);
  }

  /** Pixels to table millimetres. */
  toMm(px: Point): Point {
    return PlaneMap.toMmWith(this.#Ginv, this.#m, this.#p, px);
  }

  /** toPx as a function of the parameters too (for propagating their covariance). */
  toPxWithParams(g: Vec, mm: Point): Point {
    return PlaneMap.toPxWith(matOf(g), this.#m, this.#p, mm);
  }

  /**
   * toMm as a function of the parameters too (for propagating their covariance). The inverse of the
   * last parameters asked for is kept: a fit asks for every mark with the same ones in turn, and
   * inverting once per mark and step was most of a photo's time.
   */
  toMmWithParams(g: Vec, px: Point): Point {
    let inv: Mat | null;
    if (g === this.g) inv = this.#Ginv;
    else if (g === this.#lastG) inv = this.#lastInv;
    else {
      inv = inverse(matOf(g));
      this.#lastG = g;
      this.#lastInv = inv;
    }
    return inv ? PlaneMap.toMmWith(inv, this.#m, this.#p, px) : { x: NaN, y: NaN };
  }
  #lastG: Vec | null = null;
  #lastInv: Mat | null = null;

  /** The 3x3 matrix from pixels to millimetres (row-major, last entry 1): for drawing the photo under the table. */
  pxToMmMatrix(): Mat {
    const { cx: mx, cy: my, k: km } = this.#m,
      { cx: px, cy: py, k: kp } = this.#p;
    const Tp = [
      [kp, 0, -kp * px],
      [0, kp, -kp * py],
      [0, 0, 1],
    ];
    const TmInv = [
      [1 / km, 0, mx],
      [0, 1 / km, my],
      [0, 0, 1],
    ];
    const h = mul(TmInv, mul(this.#Ginv, Tp));
    return h.map((r) => r.map((v) => v / h[2][2]));
  }

  static toPxWith(G: Mat, m: Norm, p: Norm, mm: Point): Point {
    const q = apply(G, m.k * (mm.x - m.cx), m.k * (mm.y - m.cy));
    return { x: q.x / p.k + p.cx, y: q.y / p.k + p.cy };
  }

  static toMmWith(Ginv: Mat, m: Norm, p: Norm, px: Point): Point {
    const q = apply(Ginv, p.k * (px.x - p.cx), p.k * (px.y - p.cy));
    return { x: q.x / m.k + m.cx, y: q.y / m.k + m.cy };
  }
}

export interface PlaneFit {
  map: PlaneMap;
  /** each point's residual in mm: how far its marked pixel maps from its table position */
  residualsMm: number[];
  rmsMm: number;
  maxMm: number;
  /** each point's residual in pixels: how far its table position maps from its mark */
  residualsPx: number[];
  /** sum of squared pixel residuals, each over its point's claimed sigma squared; its degrees of freedom (2n - 8) */
  chi2: number;
  dof: number;
}

/**
 * Fit the map from pixel marks `px` of table points `mm` (same order), each mark as exact as `sigmasPx`
 * claims (pixels; PRIOR_SIGMA_PX each when not given). Refuses degenerate sets (CalibrationProblem
 * naming the points).
 */
export function fitPlane(px: readonly Point[], mm: readonly Point[], sigmasPx?: readonly number[]): PlaneFit {
  const problem = calibrationProblem(mm, px);
  if (problem) throw problem;
  const n = px.length;
  const sig = claimedSigmas(n, sigmasPx);
  const Nm = normaliser(mm),
    Np = normaliser(px);
  const M = normalised(mm, Nm),
    P = normalised(px, Np);
  const h = dlt(M, P);
  if (!(Math.abs(h[8]) > 1e-12))
    throw new CalibrationProblem('the points give no usable map (their centre maps to infinity)', []);
  const g0 = h.slice(0, 8).map((v) => v / h[8]);
  // weighted least squares on the pixel residuals (the noise lives in the marks), in normalised units,
  // each over its mark's claimed sigma
  const resid = (g: Vec): Vec => {
    const G = matOf(g);
    const out: Vec = [];
    for (let i = 0; i < n; i++) {
      const q = apply(G, M[i].x, M[i].y);
      out.push((q.x - P[i].x) / sig[i], (q.y - P[i].y) / sig[i]);
    }
    return out;
  };
  const { x: g } = levenbergMarquardt(resid, g0);
  const r = resid(g);
  const residualsPx = Array.from(
    { length: n },
    (_, i) => (Math.hypot(r[2 * i], r[2 * i + 1]) * sig[i]) / Np.k,
  );
  const chi2 = residualsPx.reduce((s, v, i) => s + (v / sig[i]) ** 2, 0);
  const dof = 2 * n - 8;
  const scaleBy = noiseScale(chi2, dof);
  // covariance of g: s² (JᵀJ)⁻¹ with J the Jacobian of the weighted normalised residuals (s in normalised units)
  const { ata: jtj } = normal(jacobian(resid, g), r);
  const inv = inverse(jtj);
  if (!inv)
    throw new CalibrationProblem(
      'the points do not fix the map (its parameters are not determined); add points spread over the photo',
      [],
    );
  const s2 = (scaleBy * Np.k) ** 2;
  const map = new PlaneMap(
    g,
    Nm,
    Np,
    inv.map((row) => row.map((v) => v * s2)),
    meanSigmaPx(sig, scaleBy),
    scaleBy,
  );
  const residualsMm = px.map((p, i) => {
    const q = map.toMm(p);
    return Math.hypot(q.x - mm[i].x, q.y - mm[i].y);
  });
  const rmsMm = Math.sqrt(residualsMm.reduce((s, v) => s + v * v, 0) / n);
  return { map, residualsMm, rmsMm, maxMm: Math.max(...residualsMm), residualsPx, chi2, dof };
}
