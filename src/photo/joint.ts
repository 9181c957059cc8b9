/**
 * The camera and every marked piece's pose fitted together from one photo, without a calibration
 * step: a pinhole camera (focal length; principal point at the image centre; rotation; position;
 * radial lens distortion k1 when the marks fix it) and each piece's pose on the table (x, y,
 * rotation), by Levenberg-Marquardt on the marks' pixel residuals, each over its mark's sigma.
 *
 * Marks lie at a height: a plastic base's top edge (BASE_TOP_MM unless the data say otherwise), an
 * obstacle's or token's cardboard about 1 mm lower (CARDBOARD_MM). The photo fixes the pieces only
 * relative to each other (the gauge: one rigid motion of the whole group in the table's plane);
 * without table points or held pieces the fit holds the camera's place over the table and its turn
 * about the vertical still, and afterwards the group is anchored by the one rigid motion that best
 * fits the fitted outlines to the pieces' own poses in the file (`anchorOnFile`).
 *
 * Error model as in homography.ts: each mark's pixel is off by normal noise of s * sigma_i px in x
 * and y, s >= 1 the residuals' estimate (never below 1). A piece's uncertainty is the farthest any
 * point of its outline moves within the 99% confidence region of its pose relative to the group
 * (the group's best rigid alignment removed), F-based when s comes from the residuals.
 */
import type { Point } from '../geometry/point';
import { dlt, estimatedDof, noiseScale, normalised, normaliser } from './homography';
import {
  inverse,
  levenbergMarquardt,
  type Mat,
  maxEigen2,
  mul,
  normal,
  solve,
  symmetricEigen,
  transpose,
  type Vec,
} from './linalg';
import { CONFIDENCE, kasaCentre, rigidFit } from './pose';

export { rigidFit } from './pose';
import { confidenceRadiusSq } from './stats';

/** A plastic base's top above the table, mm: the default height of a ship's or squadron's marks. */
export const BASE_TOP_MM = 3;
/** An obstacle's or token's cardboard top, mm: about 1 mm below a base's top. */
export const CARDBOARD_MM = 2;
/**
 * Lens distortion is fitted when the marks fix k1 to this standard deviation or better (phone lenses lie
 * within about +-0.05), else k1 is held at 0 and the fit says so.
 */
export const K1_MAX_SD = 0.05;
/**
 * The most marked pieces, and marks, one joint fit takes: its work grows with the marks times the square of
 * the unknowns (a few tenths of a second at these bounds), so a photo of a whole table is refused with a
 * sentence rather than left to run for minutes; a calibration fits any number of pieces one by one.
 */
export const JOINT_MAX_PIECES = 40;
export const JOINT_MAX_MARKS = 1000;
/** Marks within this share of their spread of one line fix no camera. */
const LINE_SHARE = 0.01;

/** What the marks are on a piece, in its own frame. */
export type JointShape =
  | { kind: 'points'; local: Point[]; rotate: boolean }
  | { kind: 'rim'; radius: number };

export interface JointPiece {
  id: string;
  shape: JointShape;
  /** the marks, pixels (one per local point; rim marks anywhere on the rim) */
  px: Point[];
  /** each mark's claimed sigma, px */
  sigmasPx: number[];
  /** the marks' height above the table, mm */
  heightMm: number;
  /** the piece's pose as the file gives it (rotation in degrees) */
  file: { x: number; y: number; rotation: number };
  /** points of its own frame whose place the uncertainty bounds (empty: its centre) */
  outline: Point[];
  /** held at its file pose (a calibration piece): it anchors the group */
  held?: boolean;
}

/** A table position seen in the photo (a calibration point given in mm). */
export interface JointTablePoint {
  px: Point;
  mm: Point;
  sigmaPx: number;
  heightMm: number;
}

export interface JointInput {
  width: number;
  height: number;
  pieces: JointPiece[];
  tablePoints?: JointTablePoint[];
  /** 'auto' (default): fit k1 when the marks fix it; 0: hold it at 0 */
  k1?: 'auto' | 0;
}

export interface JointCamera {
  focalPx: number;
  k1: number;
  /** whether k1 was fitted (false: held at 0, the marks do not fix it or it was asked) */
  k1Fitted: boolean;
  /** degrees from looking straight down */
  tiltDeg: number;
  /** rows: the camera's right, down and forward axes in table coordinates */
  axes: Mat;
  /** the camera's centre, table mm (z up) */
  centre: [number, number, number];
}

export interface JointPose {
  x: number;
  y: number;
  /** degrees counter-clockwise in [0, 360); 0 for a piece that does not turn */
  rotation: number;
  /** each mark's distance from the fitted piece at its height, mm (a rim mark: from the rim) */
  residualsMm: number[];
  rmsMm: number;
  /** covariance of (x, y[, rotation rad]) relative to the group (mm, rad) */
  covariance: Mat;
  /** how far the piece's outline may be from where the photo puts it, relative to the group, mm (99%) */
  uncertaintyMm: number;
}

export interface JointFit {
  camera: JointCamera;
  pieces: Map<string, JointPose>;
  /** what fixes the group on the table */
  anchor: 'pieces' | 'table points' | 'calibration pieces' | 'calibration pieces and table points';
  /** each table point's residual, mm (where its mark meets the table against its position) */
  tablePointResidualsMm: number[];
  chi2: number;
  dof: number;
  /** the common factor (>= 1) the residuals put on what the marks claim */
  scale: number;
  /** the marks' noise in one number, px (claimed sigmas' quadratic mean times the scale) */
  sigmaPx: number;
  /** sentences on what the fit could not do (lens distortion not fitted, and why) */
  notes: string[];
  /** where a table point at a height appears (the fitted camera, distortion included) */
  project(p: Point, heightMm: number): Point | null;
  /** where the ray through a pixel meets the plane at a height, table mm */
  toTable(px: Point, heightMm: number): Point | null;
}

/** Why the marks cannot fix the camera and the pieces together; `pieces` names those concerned. */
export class JointProblem extends Error {
  constructor(
    message: string,
    readonly pieces: string[] = [],
  ) {
    super(message);
    this.name = 'JointProblem';
  }
}

type V3 = [number, number, number];
const q = (s: string) => JSON.stringify(s);
const names = (ids: string[]) =>
  ids.length <= 1
    ? ids.map(q).join('')
    : `${ids.slice(0, -1).map(q).join(', ')} and ${q(ids[ids.length - 1])}`;

/** A camera as the fit holds it: focal length, k1, world-to-camera rotation (rows), centre. */
interface Cam {
  f: number;
  k1: number;
  R: Mat;
  C: V3;
}

/** Rodrigues: the rotation by |w| radians about w. */
function expRot(w: V3): Mat {
  const t = Math.hypot(...w);
  if (t < 1e-300)
    return [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
  const [x, y, z] = [w[0] / t, w[1] / t, w[2] / t];
  const c = Math.cos(t),
    s = Math.sin(t),
    v = 1 - c;
  return [
    [c + x * x * v, x * y * v - z * s, x * z * v + y * s],
    [y * x * v + z * s, c + y * y * v, y * z * v - x * s],
    [z * x * v - y * s, z * y * v + x * s, c + z * z * v],
  ];
}

/**
 * The lens, as src/photo/render-scene.ts draws it: a pixel's normalised place d (its offset from the image's
 * centre over the focal length, as the photo shows it) and the ideal pinhole's u satisfy u = d (1 + k1 |d|²).
 * This is the distortion: the d whose radius r solves r (1 + k1 r²) = |u| (Newton from r = |u|; the
 * function rises over any photo for |k1| <= 0.05, which bends only past r = 2.5). NaN when it has none.
 */
export function distortedScale(k1: number, ru: number): number {
  if (k1 === 0 || ru === 0) return 1;
  let r = ru;
  for (let i = 0; i < 8; i++) {
    const step = (r + k1 * r * r * r - ru) / (1 + 3 * k1 * r * r);
    r -= step;
    if (Math.abs(step) < 1e-15 * Math.max(1, ru)) break;
  }
  return Number.isFinite(r) && r > 0 ? r / ru : NaN;
}

function projectWith(cam: Cam, W: number, H: number, X: V3): Point {
  const d = [X[0] - cam.C[0], X[1] - cam.C[1], X[2] - cam.C[2]];
  const zc = cam.R[2][0] * d[0] + cam.R[2][1] * d[1] + cam.R[2][2] * d[2];
  if (!(zc > 1e-9)) return { x: NaN, y: NaN };
  const xn = (cam.R[0][0] * d[0] + cam.R[0][1] * d[1] + cam.R[0][2] * d[2]) / zc;
  const yn = (cam.R[1][0] * d[0] + cam.R[1][1] * d[1] + cam.R[1][2] * d[2]) / zc;
  const g = distortedScale(cam.k1, Math.hypot(xn, yn));
  return { x: W / 2 + cam.f * g * xn, y: H / 2 + cam.f * g * yn };
}

/** The lens as the fit models it, for scenes made by construction: where an ideal pinhole's pixel is seen. */
export function distortPx(px: Point, width: number, height: number, focalPx: number, k1: number): Point {
  const xn = (px.x - width / 2) / focalPx,
    yn = (px.y - height / 2) / focalPx;
  const g = distortedScale(k1, Math.hypot(xn, yn));
  return { x: width / 2 + focalPx * g * xn, y: height / 2 + focalPx * g * yn };
}

/** Where the ray through a pixel meets the plane z = h (null when it does not, in front of the camera). */
function unprojectWith(cam: Cam, W: number, H: number, px: Point, h: number): Point | null {
  const xd = (px.x - W / 2) / cam.f,
    yd = (px.y - H / 2) / cam.f;
  const g = 1 + cam.k1 * (xd * xd + yd * yd);
  const xn = xd * g,
    yn = yd * g;
  const R = cam.R;
  const ray = [0, 1, 2].map((i) => R[0][i] * xn + R[1][i] * yn + R[2][i]);
  const s = (h - cam.C[2]) / ray[2];
  if (!(s > 0) || !Number.isFinite(s)) return null;
  return { x: cam.C[0] + s * ray[0], y: cam.C[1] + s * ray[1] };
}

const placeAt = (x: number, y: number, a: number, l: Point): Point => {
  const c = Math.cos(a),
    s = Math.sin(a);
  return { x: x + l.x * c - l.y * s, y: y + l.x * s + l.y * c };
};

/** The marks' table positions as the file's poses put them (rim marks: their piece's centre, once). */
function roughCorrespondences(input: JointInput): { px: Point[]; mm: Point[]; owner: string[] } {
  const px: Point[] = [],
    mm: Point[] = [],
    owner: string[] = [];
  for (const p of input.pieces) {
    const a = (p.file.rotation * Math.PI) / 180;
    if (p.shape.kind === 'points') {
      const { local, rotate } = p.shape;
      p.px.forEach((m, j) => {
        px.push(m);
        mm.push(placeAt(p.file.x, p.file.y, rotate ? a : 0, local[j]));
        owner.push(p.id);
      });
    } else {
      const n = p.px.length;
      px.push({ x: p.px.reduce((s, m) => s + m.x, 0) / n, y: p.px.reduce((s, m) => s + m.y, 0) / n });
      mm.push({ x: p.file.x, y: p.file.y });
      owner.push(p.id);
    }
  }
  for (const t of input.tablePoints ?? []) {
    px.push(t.px);
    mm.push(t.mm);
    owner.push('');
  }
  return { px, mm, owner };
}

/**
 * Refuse marks that all lie on one line on the table (as the file places them): they fix no camera. A squadron's
 * rim marks stand for its centre alone here (the camera is not known yet), so squadrons in a row are one line:
 * the sentence then says what else to mark.
 */
function checkSpread(mm: readonly Point[], owner: readonly string[], rims: ReadonlySet<string>): void {
  const n = mm.length;
  const ids = [...new Set(owner.filter((o) => o))];
  let spread = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      spread = Math.max(spread, Math.hypot(mm[i].x - mm[j].x, mm[i].y - mm[j].y));
  const c = { x: mm.reduce((s, p) => s + p.x, 0) / n, y: mm.reduce((s, p) => s + p.y, 0) / n };
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const p of mm) {
    sxx += (p.x - c.x) ** 2;
    sxy += (p.x - c.x) * (p.y - c.y);
    syy += (p.y - c.y) ** 2;
  }
  // the spread across the best line: the smaller principal axis
  const across = Math.sqrt(Math.max(0, (sxx + syy) / 2 - Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy)) / n);
  if (n < 4 || !(across > LINE_SHARE * spread)) {
    const rimOnly = ids.filter((id) => rims.has(id));
    const they = rimOnly.length > 1 ? 'count as their centres' : 'counts as its centre';
    const what = rimOnly.length
      ? `${names(rimOnly)} ${they} alone until the camera is known: mark a ship's corners or an obstacle's ` +
        `points off that line, or the play area's corners (table points in mm)`
      : `mark points off that line (a ship's other corners, another piece)`;
    throw new JointProblem(
      `the marks of ${names(ids)} all lie on one line on the table; a photo fixes no camera from them: ${what}`,
      ids,
    );
  }
}

/** The plane's map (table mm to pixels, 3x3) by the direct linear transform, normalised (Hartley). */
function homographyDLT(mm: readonly Point[], px: readonly Point[]): Mat | null {
  const a = normaliser(mm),
    b = normaliser(px);
  const h = dlt(normalised(mm, a), normalised(px, b));
  const G = [h.slice(0, 3), h.slice(3, 6), h.slice(6, 9)];
  const Tb = [
    [1 / b.k, 0, b.cx],
    [0, 1 / b.k, b.cy],
    [0, 0, 1],
  ];
  const Ta = [
    [a.k, 0, -a.k * a.cx],
    [0, a.k, -a.k * a.cy],
    [0, 0, 1],
  ];
  const Hm = mul(Tb, mul(G, Ta));
  return Hm.flat().every(Number.isFinite) ? Hm : null;
}

/** The focal length a plane's map implies with the principal point at (cx, cy), or null when it implies none. */
function focalFromHomography(Hm: Mat, cx: number, cy: number): number | null {
  // shift the principal point to the origin: h = T⁻¹ H
  const h = Hm.map((r, i) =>
    i === 0 ? r.map((v, j) => v - cx * Hm[2][j]) : i === 1 ? r.map((v, j) => v - cy * Hm[2][j]) : r,
  );
  // r1 ⟂ r2 and |r1| = |r2| with r = K⁻¹ h, each linear in w = 1/f²: a w + b = 0
  const eqs: [number, number][] = [
    [h[0][0] * h[0][1] + h[1][0] * h[1][1], h[2][0] * h[2][1]],
    [h[0][0] ** 2 + h[1][0] ** 2 - h[0][1] ** 2 - h[1][1] ** 2, h[2][0] ** 2 - h[2][1] ** 2],
  ];
  const w = -eqs.reduce((s, [a, b]) => s + a * b, 0) / eqs.reduce((s, [a]) => s + a * a, 0);
  return w > 0 && Number.isFinite(w) ? 1 / Math.sqrt(w) : null;
}

/** A camera of focal length f from a plane's map (table mm to pixels): rotation and centre (Zhang's decomposition). */
function cameraFromHomography(Hm: Mat, f: number, W: number, H: number, at: Point): Cam | null {
  const cx = W / 2,
    cy = H / 2;
  const col = (j: number): V3 => [(Hm[0][j] - cx * Hm[2][j]) / f, (Hm[1][j] - cy * Hm[2][j]) / f, Hm[2][j]];
  const h1 = col(0),
    h2 = col(1),
    h3 = col(2);
  let lam = 1 / Math.hypot(...h1);
  // the marks' centre lies in front of the camera (its depth is the map's third row there, times lam)
  if ((Hm[2][0] * at.x + Hm[2][1] * at.y + Hm[2][2]) * lam < 0) lam = -lam;
  const r1 = h1.map((v) => v * lam) as V3,
    r2raw = h2.map((v) => v * lam) as V3,
    t = h3.map((v) => v * lam) as V3;
  // Gram-Schmidt: r2 orthogonal to r1, r3 = r1 x r2
  const d = r1[0] * r2raw[0] + r1[1] * r2raw[1] + r1[2] * r2raw[2];
  const r2u = r2raw.map((v, i) => v - d * r1[i]);
  const l2 = Math.hypot(...r2u);
  const r2 = r2u.map((v) => v / l2) as V3;
  const r1n = Math.hypot(...r1);
  const a = r1.map((v) => v / r1n) as V3;
  const r3: V3 = [a[1] * r2[2] - a[2] * r2[1], a[2] * r2[0] - a[0] * r2[2], a[0] * r2[1] - a[1] * r2[0]];
  // world-to-camera rotation has columns r1, r2, r3: its rows are the camera axes in world terms
  const R: Mat = [
    [a[0], r2[0], r3[0]],
    [a[1], r2[1], r3[1]],
    [a[2], r2[2], r3[2]],
  ];
  // centre: C = -Rᵀ t
  const C = [0, 1, 2].map((i) => -(R[0][i] * t[0] + R[1][i] * t[1] + R[2][i] * t[2])) as V3;
  if (!R.flat().every(Number.isFinite) || !C.every(Number.isFinite)) return null;
  if (!(C[2] > 0)) return null; // a camera under the table: not a photo of it
  return { f, k1: 0, R, C };
}

/** How the fit's parameters lie in one vector: the camera's, then each free piece's pose. */
interface Layout {
  W: number;
  H: number;
  fitK1: boolean;
  /** no anchor in the data: the camera's place over the table and its turn about the vertical are held */
  free: boolean;
  R0: Mat;
  C0: V3;
  /** the rotation's axes in the camera's frame (2 when the turn about the vertical is held, else 3) */
  axes: V3[];
  /** where each piece's pose starts in the vector (-1: held at its file pose) */
  pieceAt: number[];
  /** where each piece's residual rows start, and the table points' */
  rowAt: number[];
  tableRowAt: number;
  rows: number;
  n: number;
}

const poseDims = (p: JointPiece) => (p.shape.kind === 'points' && p.shape.rotate ? 3 : 2);
const rowsOf = (p: JointPiece) => (p.shape.kind === 'rim' ? p.px.length : 2 * p.px.length);

function layoutOf(input: JointInput, cam0: Cam, fitK1: boolean, free: boolean): Layout {
  const R0 = cam0.R;
  let axes: V3[];
  if (free) {
    // the table's vertical in the camera's frame is the turn the gauge leaves free: rotate about the two
    // axes across it
    const d: V3 = [R0[0][2], R0[1][2], R0[2][2]];
    const pick: V3 = Math.abs(d[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const u1 = unit3(cross3(d, pick));
    axes = [u1, cross3(d, u1)];
  } else
    axes = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
  let n = 1 + (fitK1 ? 1 : 0) + axes.length + (free ? 1 : 3);
  const pieceAt: number[] = [],
    rowAt: number[] = [];
  let rows = 0;
  for (const p of input.pieces) {
    pieceAt.push(p.held ? -1 : n);
    if (!p.held) n += poseDims(p);
    rowAt.push(rows);
    rows += rowsOf(p);
  }
  const tableRowAt = rows;
  rows += 2 * (input.tablePoints?.length ?? 0);
  return {
    W: input.width,
    H: input.height,
    fitK1,
    free,
    R0,
    C0: cam0.C,
    axes,
    pieceAt,
    rowAt,
    tableRowAt,
    rows,
    n,
  };
}

function cross3(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function unit3(a: V3): V3 {
  const l = Math.hypot(...a);
  return [a[0] / l, a[1] / l, a[2] / l];
}

/** The camera the vector holds. */
function camOf(L: Layout, x: Vec): Cam {
  let i = 0;
  const f = x[i++];
  const k1 = L.fitK1 ? x[i++] : 0;
  const w: V3 = [0, 0, 0];
  for (const u of L.axes) {
    const t = x[i++];
    for (let c = 0; c < 3; c++) w[c] += t * u[c];
  }
  const R = mul(expRot(w), L.R0);
  const C: V3 = L.free ? [L.C0[0], L.C0[1], x[i++]] : [x[i++], x[i++], x[i++]];
  return { f, k1, R, C };
}

/** The vector of a camera (near L's R0) and the pieces' poses. */
function vectorOf(L: Layout, input: JointInput, cam: Cam, poses: V3[]): Vec {
  const x: Vec = [cam.f];
  if (L.fitK1) x.push(cam.k1);
  for (let i = 0; i < L.axes.length; i++) x.push(0);
  if (L.free) x.push(cam.C[2]);
  else x.push(...cam.C);
  input.pieces.forEach((p, i) => {
    if (L.pieceAt[i] >= 0) x.push(...poses[i].slice(0, poseDims(p)));
  });
  return x;
}

/** Piece i's pose (x, y, angle rad) in the vector, or its file pose when held. */
function poseOf(L: Layout, p: JointPiece, i: number, x: Vec): V3 {
  const at = L.pieceAt[i];
  if (at < 0) return [p.file.x, p.file.y, (p.file.rotation * Math.PI) / 180];
  return [x[at], x[at + 1], poseDims(p) === 3 ? x[at + 2] : 0];
}

/** Piece p's residual rows, each over its mark's sigma: pixels for a point, signed pixels off the rim. */
function pieceResiduals(L: Layout, cam: Cam, p: JointPiece, pose: V3, out: Vec, at: number): void {
  const h = p.heightMm;
  if (p.shape.kind === 'points') {
    const { local } = p.shape;
    for (let j = 0; j < p.px.length; j++) {
      const w = placeAt(pose[0], pose[1], pose[2], local[j]);
      const s = projectWith(cam, L.W, L.H, [w.x, w.y, h]);
      out[at + 2 * j] = (s.x - p.px[j].x) / p.sigmasPx[j];
      out[at + 2 * j + 1] = (s.y - p.px[j].y) / p.sigmasPx[j];
    }
    return;
  }
  const r = p.shape.radius;
  for (let j = 0; j < p.px.length; j++) {
    const m = p.px[j];
    const y = unprojectWith(cam, L.W, L.H, m, h);
    if (!y) {
      out[at + j] = NaN;
      continue;
    }
    const d = Math.hypot(y.x - pose[0], y.y - pose[1]) || 1e-12;
    const rim = projectWith(cam, L.W, L.H, [
      pose[0] + ((y.x - pose[0]) / d) * r,
      pose[1] + ((y.y - pose[1]) / d) * r,
      h,
    ]);
    out[at + j] = (Math.sign(d - r) * Math.hypot(m.x - rim.x, m.y - rim.y)) / p.sigmasPx[j];
  }
}

function residualsOf(L: Layout, input: JointInput, x: Vec): Vec {
  const cam = camOf(L, x);
  const out: Vec = new Array<number>(L.rows);
  input.pieces.forEach((p, i) => pieceResiduals(L, cam, p, poseOf(L, p, i, x), out, L.rowAt[i]));
  (input.tablePoints ?? []).forEach((t, k) => {
    const s = projectWith(cam, L.W, L.H, [t.mm.x, t.mm.y, t.heightMm]);
    out[L.tableRowAt + 2 * k] = (s.x - t.px.x) / t.sigmaPx;
    out[L.tableRowAt + 2 * k + 1] = (s.y - t.px.y) / t.sigmaPx;
  });
  return out;
}

/**
 * The Jacobian by central differences, column by column, using that a piece's pose moves only its own
 * marks' rows: the camera's columns cost every mark, a piece's only its own (linear in the marks).
 */
function jacobianOf(L: Layout, input: JointInput, x: Vec): Mat {
  const J: Mat = Array.from({ length: L.rows }, () => new Array<number>(L.n).fill(0));
  const firstPiece = L.pieceAt.find((a) => a >= 0) ?? L.n;
  for (let k = 0; k < firstPiece; k++) {
    const step = 1e-6 * Math.max(1, Math.abs(x[k]));
    const xp = [...x],
      xm = [...x];
    xp[k] += step;
    xm[k] -= step;
    const fp = residualsOf(L, input, xp),
      fm = residualsOf(L, input, xm);
    for (let r = 0; r < L.rows; r++) J[r][k] = (fp[r] - fm[r]) / (2 * step);
  }
  const cam = camOf(L, x);
  input.pieces.forEach((p, i) => {
    const at = L.pieceAt[i];
    if (at < 0) return;
    const pose = poseOf(L, p, i, x);
    const m = rowsOf(p);
    const fp: Vec = new Array<number>(m),
      fm: Vec = new Array<number>(m);
    for (let c = 0; c < poseDims(p); c++) {
      const step = 1e-6 * Math.max(1, Math.abs(pose[c]));
      const pp = [...pose] as V3,
        pm = [...pose] as V3;
      pp[c] += step;
      pm[c] -= step;
      pieceResiduals(L, cam, p, pp, fp, 0);
      pieceResiduals(L, cam, p, pm, fm, 0);
      for (let r = 0; r < m; r++) J[L.rowAt[i] + r][at + c] = (fp[r] - fm[r]) / (2 * step);
    }
  });
  return J;
}

/** Each free piece's pose as the camera's view of its marks puts it (Procrustes, or a circle's centre). */
function posesSeenBy(L: Layout, input: JointInput, cam: Cam): V3[] {
  return input.pieces.map((p) => {
    const file: V3 = [p.file.x, p.file.y, (p.file.rotation * Math.PI) / 180];
    if (p.held) return file;
    const seen = p.px.map((m) => unprojectWith(cam, L.W, L.H, m, p.heightMm));
    if (seen.some((s) => !s)) return file;
    const pts = seen as Point[];
    if (p.shape.kind === 'rim') {
      const c = kasaCentre(pts);
      return [c.x, c.y, 0];
    }
    return rigidFit(p.shape.local, pts, p.shape.rotate);
  });
}

interface Solved {
  L: Layout;
  x: Vec;
  cost: number;
}

function solveFrom(input: JointInput, cam0: Cam, fitK1: boolean, free: boolean, poses0?: V3[]): Solved {
  const L = layoutOf(input, cam0, fitK1, free);
  const x0 = vectorOf(L, input, cam0, poses0 ?? posesSeenBy(L, input, cam0));
  const { x, cost } = marquardt(L, input, x0);
  return { L, x, cost: Number.isFinite(cost) ? cost : Infinity };
}

/**
 * JᵀJ and Jᵀr taking the Jacobian's shape into account: a piece's rows are zero outside the camera's
 * columns and the piece's own, a table point's outside the camera's (linear in the marks, where the dense
 * product was the marks times the square of the unknowns).
 */
function jointNormal(L: Layout, input: JointInput, J: Mat, r: Vec): { ata: Mat; atr: Vec } {
  const n = L.n;
  const ata: Mat = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const atr = new Array<number>(n).fill(0);
  const cams = L.pieceAt.find((a) => a >= 0) ?? n;
  const cols = (at: number, d: number) => [
    ...Array.from({ length: cams }, (_, k) => k),
    ...(at >= 0 ? Array.from({ length: d }, (_, k) => at + k) : []),
  ];
  const groups: { from: number; to: number; cols: number[] }[] = input.pieces.map((p, i) => ({
    from: L.rowAt[i],
    to: L.rowAt[i] + rowsOf(p),
    cols: cols(L.pieceAt[i], poseDims(p)),
  }));
  groups.push({ from: L.tableRowAt, to: L.rows, cols: cols(-1, 0) });
  for (const g of groups)
    for (let k = g.from; k < g.to; k++) {
      const row = J[k];
      for (const i of g.cols) {
        const v = row[i];
        if (v === 0) continue;
        atr[i] += v * r[k];
        for (const j of g.cols) ata[i][j] += v * row[j];
      }
    }
  return { ata, atr };
}

/**
 * Levenberg-Marquardt as linalg.ts's, on the joint fit's normal equations (jointNormal), and done when a step
 * gains less than a part in 1e10 of the sum: the marks' noise is a part in a thousand of any pixel, so the
 * creeping gains after that move no pose by a thousandth of a millimetre.
 */
function marquardt(L: Layout, input: JointInput, x0: Vec): { x: Vec; cost: number } {
  return levenbergMarquardt((x) => residualsOf(L, input, x), x0, {
    jac: (x) => jacobianOf(L, input, x),
    normal: (J, r) => jointNormal(L, input, J, r),
    minGain: 1e-10,
  });
}

const posesIn = (s: Solved, input: JointInput): V3[] => input.pieces.map((p, i) => poseOf(s.L, p, i, s.x));

/** Enough marks, and (without an anchor) at least two pieces: else the problem, naming the pieces. */
function checkCounts(input: JointInput, free: boolean, unknowns: number): void {
  const ids = input.pieces.filter((p) => !p.held).map((p) => p.id);
  if (ids.length === 0) throw new JointProblem('no piece is marked on the photo; mark the pieces to place');
  const marks = input.pieces.reduce((s, p) => s + p.px.length, 0) + (input.tablePoints?.length ?? 0);
  if (input.pieces.length > JOINT_MAX_PIECES || marks > JOINT_MAX_MARKS)
    throw new JointProblem(
      `${input.pieces.length} marked pieces with ${marks} marks: fitted together with the camera, a photo takes ` +
        `at most ${JOINT_MAX_PIECES} pieces and ${JOINT_MAX_MARKS} marks; mark the pieces that matter, or give a ` +
        'calibration (4 table points, or ships placed exactly) to fit them one by one',
    );
  if (free && ids.length < 2)
    throw new JointProblem(
      `only ${q(ids[0])} is marked: a photo places pieces relative to each other, so mark at least one more ` +
        `piece, or give table points (mm) in the calibration`,
      ids,
    );
  const rows = input.pieces.reduce((s, p) => s + rowsOf(p), 0) + 2 * (input.tablePoints?.length ?? 0);
  if (rows < unknowns) {
    const fewest = Math.min(...input.pieces.filter((p) => !p.held).map((p) => p.px.length));
    const thin = input.pieces.filter((p) => !p.held && p.px.length === fewest).map((p) => p.id);
    throw new JointProblem(
      `${rows} marked coordinates for ${unknowns} unknowns (the camera's and each piece's pose): mark more ` +
        `points on ${names(thin)} (a ship's four corners, an obstacle's corners, 4 or more rim points)`,
      thin,
    );
  }
}

/** The fit: camera and poses, k1 too when the marks fix it. Throws JointProblem naming the pieces. */
export function fitJoint(input: JointInput): JointFit {
  const free = !(input.tablePoints?.length ?? 0) && !input.pieces.some((p) => p.held);
  const camUnknowns = free ? 4 : 7;
  checkCounts(input, free, camUnknowns + input.pieces.reduce((s, p) => s + (p.held ? 0 : poseDims(p)), 0));
  const corr = roughCorrespondences(input);
  checkSpread(
    corr.mm,
    corr.owner,
    new Set(input.pieces.filter((p) => p.shape.kind === 'rim').map((p) => p.id)),
  );
  const ids = input.pieces.map((p) => p.id);
  const Hm = homographyDLT(corr.mm, corr.px);
  if (!Hm)
    throw new JointProblem(`the marks of ${names(ids)} give no camera; check that each is on its piece`, ids);
  const best = bestStart(input, Hm, corr.mm, free);
  if (!best)
    throw new JointProblem(`the marks of ${names(ids)} give no camera; check that each is on its piece`, ids);
  const notes: string[] = [];
  let chosen = best;
  if (input.k1 === 0) notes.push('lens distortion held at 0, as asked');
  else if (best.L.rows - best.L.n < 2)
    notes.push('lens distortion not fitted (k1 = 0): too few marks to fix it as well');
  else {
    const withK1 = solveFrom(input, camOf(best.L, best.x), true, free, posesIn(best, input));
    const sd = k1Spread(input, withK1);
    if (sd !== null && sd <= K1_MAX_SD && withK1.cost <= best.cost) chosen = withK1;
    else
      notes.push(
        'lens distortion not fitted (k1 = 0): the marks fix it only to ' +
          `${sd === null ? 'nothing' : `+-${sd.toFixed(2)}`}` +
          " (mark pieces nearer the photo's edges)",
      );
  }
  return finish(input, chosen, notes);
}

/** The best of the starts: the focal length the plane's map implies, then a phone's usual range. */
function bestStart(input: JointInput, Hm: Mat, mm: readonly Point[], free: boolean): Solved | null {
  const { width: W, height: H } = input;
  const centre = {
    x: mm.reduce((s, p) => s + p.x, 0) / mm.length,
    y: mm.reduce((s, p) => s + p.y, 0) / mm.length,
  };
  const side = Math.max(W, H);
  const implied = focalFromHomography(Hm, W / 2, H / 2);
  const focals = [...(implied ? [implied] : []), side, 0.6 * side, 1.6 * side];
  let best: Solved | null = null;
  for (const f of focals) {
    const cam0 = cameraFromHomography(Hm, f, W, H, centre);
    if (!cam0) continue;
    const s = solveFrom(input, cam0, false, free);
    if (!best || s.cost < best.cost) best = s;
    // a fit whose residuals are what the marks claim needs no other start
    const dof = s.L.rows - s.L.n;
    if (s.cost <= Math.max(4 * dof, 1)) break;
  }
  return best;
}

/** k1's standard deviation in a fit with k1 (null when the marks do not fix it at all). */
function k1Spread(input: JointInput, s: Solved): number | null {
  const J = jacobianOf(s.L, input, s.x);
  const r = residualsOf(s.L, input, s.x);
  const inv = scaledInverse(jointNormal(s.L, input, J, r).ata);
  if (!inv) return null;
  const dof = s.L.rows - s.L.n;
  const scale = noiseScale(s.cost, dof);
  const v = inv[1][1] * scale * scale;
  return v >= 0 ? Math.sqrt(v) : null;
}

/** The pieces whose poses move most along the direction the marks leave free (N's least eigenvector). */
function looseNames(input: JointInput, L: Layout, N: Mat): string[] {
  const v = symmetricEigen(N).vectors[0];
  let worst = -1;
  const weight = input.pieces.map((p, i) => {
    const at = L.pieceAt[i];
    if (at < 0) return 0;
    let w = 0;
    for (let c = 0; c < poseDims(p); c++) w += v[at + c] ** 2;
    worst = Math.max(worst, w);
    return w;
  });
  return input.pieces.filter((_, i) => weight[i] >= 0.5 * worst && worst > 0).map((p) => p.id);
}

/** The outline points a piece's uncertainty bounds, in its own frame (its centre when none). */
const outlineOf = (p: JointPiece): Point[] => (p.outline.length ? p.outline : [{ x: 0, y: 0 }]);

/**
 * Each free piece's pose error after the group's best rigid alignment (over every free piece's outline
 * points, each alike), as a linear map of the parameters' error: rows (x, y[, angle]) by the vector's n.
 */
function relativeMaps(input: JointInput, L: Layout, poses: V3[], free: boolean): (Mat | null)[] {
  const E = (i: number): Mat => {
    const at = L.pieceAt[i];
    return Array.from({ length: poseDims(input.pieces[i]) }, (_, r) =>
      Array.from({ length: L.n }, (_, c) => (c === at + r ? 1 : 0)),
    );
  };
  if (!free) return input.pieces.map((p, i) => (L.pieceAt[i] < 0 ? null : E(i)));
  // the outline points on the table and d(point)/d(parameters)
  const pts: { p: Point; i: number; l: Point }[] = [];
  input.pieces.forEach((piece, i) => {
    for (const l of outlineOf(piece))
      pts.push({ p: placeAt(poses[i][0], poses[i][1], poses[i][2], l), i, l });
  });
  const cx = pts.reduce((s, t) => s + t.p.x, 0) / pts.length,
    cy = pts.reduce((s, t) => s + t.p.y, 0) / pts.length;
  const RtR: Mat = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const RtG: Mat = [0, 1, 2].map(() => new Array<number>(L.n).fill(0));
  for (const { p, i } of pts) {
    const gen = [
      [1, 0],
      [0, 1],
      [-(p.y - cy), p.x - cx],
    ];
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) RtR[a][b] += gen[a][0] * gen[b][0] + gen[a][1] * gen[b][1];
    const at = L.pieceAt[i];
    const dPose = [
      [1, 0],
      [0, 1],
      [-(p.y - poses[i][1]), p.x - poses[i][0]],
    ];
    for (let c = 0; c < poseDims(input.pieces[i]); c++)
      for (let a = 0; a < 3; a++) RtG[a][at + c] += gen[a][0] * dPose[c][0] + gen[a][1] * dPose[c][1];
  }
  const inv = inverse(RtR)!;
  const B = mul(inv, RtG);
  return input.pieces.map((piece, i) => {
    const A = E(i);
    const ox = poses[i][0] - cx,
      oy = poses[i][1] - cy;
    // the group's motion at this piece: (Bx - Ba oy, By + Ba ox, Ba)
    const T = [
      [1, 0, -oy],
      [0, 1, ox],
      [0, 0, 1],
    ].slice(0, A.length);
    const TB = mul(T, B);
    return A.map((row, r) => row.map((v, c) => v - TB[r][c]));
  });
}

/** The largest variance (mm²) of any of the outline points' places under a pose's covariance. */
function worstVariance(pts: readonly Point[], a: number, cov: Mat): number {
  let worst = 0;
  const c = Math.cos(a),
    s = Math.sin(a);
  for (const v of pts) {
    const J: Mat =
      cov.length === 3
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

/** Each mark's distance from the fitted piece where its ray meets the piece's height, mm. */
function marksOffMm(L: Layout, cam: Cam, p: JointPiece, pose: V3): number[] {
  return p.px.map((m, j) => {
    const y = unprojectWith(cam, L.W, L.H, m, p.heightMm);
    if (!y) return NaN;
    if (p.shape.kind === 'rim') return Math.abs(Math.hypot(y.x - pose[0], y.y - pose[1]) - p.shape.radius);
    const t = placeAt(pose[0], pose[1], pose[2], p.shape.local[j]);
    return Math.hypot(y.x - t.x, y.y - t.y);
  });
}

/** Rim marks must go far enough around the base to fix its centre (as pose.ts asks: MIN_RIM_ARC_DEG). */
function checkRims(input: JointInput, L: Layout, cam: Cam, poses: V3[]): void {
  input.pieces.forEach((p, i) => {
    if (p.shape.kind !== 'rim') return;
    const angles = p.px
      .map((m) => unprojectWith(cam, L.W, L.H, m, p.heightMm))
      .map((y) => (y ? Math.atan2(y.y - poses[i][1], y.x - poses[i][0]) : 0))
      .sort((a, b) => a - b);
    let gap = 2 * Math.PI - (angles[angles.length - 1] - angles[0]);
    for (let k = 1; k < angles.length; k++) gap = Math.max(gap, angles[k] - angles[k - 1]);
    const arc = 360 - (gap * 180) / Math.PI;
    if (arc < MIN_RIM_ARC)
      throw new JointProblem(
        `${q(p.id)}: the rim marks go only ${Math.round(arc)} degrees around the base; spread them at least ` +
          `${MIN_RIM_ARC} degrees around it`,
        [p.id],
      );
  });
}
const MIN_RIM_ARC = 120;

/** The group's one rigid motion onto the pieces' own poses in the file (every outline point alike). */
function anchorOnFile(input: JointInput, poses: V3[]): V3 {
  const from: Point[] = [],
    to: Point[] = [];
  input.pieces.forEach((p, i) => {
    const fa = (p.file.rotation * Math.PI) / 180;
    for (const l of outlineOf(p)) {
      from.push(placeAt(poses[i][0], poses[i][1], poses[i][2], l));
      to.push(placeAt(p.file.x, p.file.y, poseDims(p) === 3 ? fa : 0, l));
    }
  });
  return rigidFit(from, to, true);
}

function anchorName(input: JointInput, free: boolean): JointFit['anchor'] {
  if (free) return 'pieces';
  const held = input.pieces.some((p) => p.held),
    table = (input.tablePoints?.length ?? 0) > 0;
  return held && table ? 'calibration pieces and table points' : held ? 'calibration pieces' : 'table points';
}

/** The fitted camera moved by a rigid motion of the table's plane (tx, ty, angle). */
function movedCamera(cam: Cam, m: V3): Cam {
  const c = Math.cos(m[2]),
    s = Math.sin(m[2]);
  const rot = (v: number[]): V3 => [v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2]];
  const C = rot(cam.C);
  return { ...cam, R: cam.R.map(rot), C: [C[0] + m[0], C[1] + m[1], C[2]] };
}

/**
 * The inverse of a symmetric positive matrix scaled to a unit diagonal first: the unknowns' units differ
 * (pixels of focal length, millimetres, radians), and unscaled a narrow view's matrix read as singular.
 */
function scaledInverse(N: Mat): Mat | null {
  const d = N.map((row, i) => (row[i] > 0 ? Math.sqrt(row[i]) : 1));
  const inv = inverse(N.map((row, i) => row.map((v, j) => v / (d[i] * d[j]))));
  return inv ? inv.map((row, i) => row.map((v, j) => v / (d[i] * d[j]))) : null;
}

function finish(input: JointInput, s: Solved, notes: string[]): JointFit {
  const { L, x } = s;
  const r = residualsOf(L, input, x);
  const J = jacobianOf(L, input, x);
  const N = jointNormal(L, input, J, r).ata;
  const Ninv = scaledInverse(N);
  if (!Ninv || !x.every(Number.isFinite)) {
    const loose = looseNames(input, L, N);
    throw new JointProblem(
      `the marks do not fix ${names(loose)} together with the camera (they leave it free to turn or slide); ` +
        'mark points farther apart on it, or more pieces',
      loose,
    );
  }
  const chi2 = r.reduce((a, v) => a + v * v, 0);
  const dof = L.rows - L.n;
  const scale = noiseScale(chi2, dof);
  const radius = (k: number) => confidenceRadiusSq(CONFIDENCE, k, estimatedDof(chi2, dof));
  let cam = camOf(L, x);
  let poses = posesIn(s, input);
  checkRims(input, L, cam, poses);
  const maps = relativeMaps(input, L, poses, L.free);
  const covs = maps.map((A) =>
    A ? mul(mul(A, Ninv), transpose(A)).map((row) => row.map((v) => v * scale * scale)) : null,
  );
  const residuals = input.pieces.map((p, i) => marksOffMm(L, cam, p, poses[i]));
  // the group on the table: as it lies (table points, held pieces), else the one rigid motion onto the file
  let turn = 0;
  if (L.free) {
    const m = anchorOnFile(input, poses);
    turn = m[2];
    const c = Math.cos(turn),
      sn = Math.sin(turn);
    poses = poses.map((p) => [p[0] * c - p[1] * sn + m[0], p[0] * sn + p[1] * c + m[1], p[2] + turn]);
    cam = movedCamera(cam, m);
  }
  const pieces = new Map<string, JointPose>();
  input.pieces.forEach((p, i) => {
    const cov = covs[i];
    if (!cov) return;
    const k = cov.length;
    const T = [
      [Math.cos(turn), -Math.sin(turn), 0],
      [Math.sin(turn), Math.cos(turn), 0],
      [0, 0, 1],
    ]
      .slice(0, k)
      .map((row) => row.slice(0, k));
    const covT = mul(mul(T, cov), transpose(T));
    const worst = worstVariance(outlineOf(p), poses[i][2], covT);
    const deg = k === 3 ? ((((poses[i][2] * 180) / Math.PI) % 360) + 360) % 360 : 0;
    const res = residuals[i];
    pieces.set(p.id, {
      x: poses[i][0],
      y: poses[i][1],
      rotation: deg >= 360 ? 0 : deg,
      residualsMm: res,
      rmsMm: Math.sqrt(res.reduce((a, v) => a + v * v, 0) / res.length),
      covariance: covT,
      uncertaintyMm: Math.sqrt(radius(k) * Math.max(0, worst)),
    });
  });
  return packFit(input, L, cam, pieces, { chi2, dof, scale, notes, free: L.free });
}

function packFit(
  input: JointInput,
  L: Layout,
  cam: Cam,
  pieces: Map<string, JointPose>,
  o: { chi2: number; dof: number; scale: number; notes: string[]; free: boolean },
): JointFit {
  const all = [
    ...input.pieces.flatMap((p) => p.sigmasPx),
    ...(input.tablePoints ?? []).map((t) => t.sigmaPx),
  ];
  const tiltDeg = (Math.acos(Math.min(1, Math.max(-1, -cam.R[2][2]))) * 180) / Math.PI;
  return {
    camera: { focalPx: cam.f, k1: cam.k1, k1Fitted: L.fitK1, tiltDeg, axes: cam.R, centre: cam.C },
    pieces,
    anchor: anchorName(input, o.free),
    tablePointResidualsMm: (input.tablePoints ?? []).map((t) => {
      const y = unprojectWith(cam, L.W, L.H, t.px, t.heightMm);
      return y ? Math.hypot(y.x - t.mm.x, y.y - t.mm.y) : NaN;
    }),
    chi2: o.chi2,
    dof: o.dof,
    scale: o.scale,
    sigmaPx: o.scale * Math.sqrt(all.reduce((a, v) => a + v * v, 0) / Math.max(1, all.length)),
    notes: o.notes,
    project: (p, h) => {
      const v = projectWith(cam, L.W, L.H, [p.x, p.y, h]);
      return Number.isFinite(v.x) ? v : null;
    },
    toTable: (px, h) => unprojectWith(cam, L.W, L.H, px, h),
  };
}
