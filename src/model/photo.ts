/**
 * The table file's optional `photo` field (table-format.md, "Photo evidence"): the calibration
 * points and marks made on a photo of the real table (never the image), read and checked here,
 * and solved into a plane map and each marked piece's pose (src/photo).
 */
import { type Point, place } from '../geometry/point';
import { CalibrationProblem, fitPlane, type PlaneFit, PRIOR_SIGMA_PX } from '../photo/homography';
import {
  BASE_TOP_MM,
  CARDBOARD_MM,
  fitJoint,
  type JointFit,
  type JointInput,
  type JointPiece,
  JointProblem,
} from '../photo/joint';
import { fitPose, MarksProblem, type PoseFit, type PoseModel } from '../photo/pose';
import type { Catalog } from './catalog';
import type { Obstacle, Ship, Squadron, Token } from './table-pieces';

export const CORNERS = ['front-left', 'front-right', 'rear-left', 'rear-right'] as const;
export type CornerName = (typeof CORNERS)[number];
export type XY = [number, number];

export interface CalibrationPoint {
  px: XY;
  /** a table position... */
  mm?: XY;
  /**
   * ...or a named point of a piece placed in the file: a ship's base corner, an obstacle's or token's [x, y]
   * in its frame
   */
  piece?: string;
  point?: CornerName | XY;
  /** optional addition: how exact this point's pixel is, px (PRIOR_SIGMA_PX when absent) */
  sigmaPx?: number;
  /**
   * optional addition (the joint fit): the point's height above the table, mm (a table point: 0; a piece's point:
   * as its marks)
   */
  heightMm?: number;
}
export interface PhotoMark {
  piece: string;
  px: XY[];
  /** a ship's base corners, a squadron's "rim", an obstacle's or token's [x, y] points in its own frame */
  points: CornerName[] | 'rim' | XY[];
  /**
   * optional addition: how exact the marks are, px: one number for all of them, or one per mark (marks
   * refined on the image each claim their own); PRIOR_SIGMA_PX when absent
   */
  sigmaPx?: number | number[];
  /** optional addition (the joint fit): the marks' height above the table, mm (else the piece's: jointHeightMm) */
  heightMm?: number;
}
export interface PhotoEvidence {
  /** optional addition: which photo on this device the marks were made on (digest of its bytes; never the image) */
  imageId?: string;
  /** optional addition: the photo file, a path relative to the table file (the command line reads it) */
  image?: string;
  /** optional addition: false to use the marks as given even when `image` is at hand */
  refine?: boolean;
  /**
   * optional addition: "joint" fits the camera and every piece together even with a calibration (which then
   * anchors the group and takes part); "calibrated" (the default with a calibration) fits the plane's map from
   * the calibration first. Without a calibration the fit is always joint.
   */
  fit?: 'joint' | 'calibrated';
  /** left out (or empty) in the file: the joint fit */
  size: XY;
  calibration: CalibrationPoint[];
  marks: PhotoMark[];
}

/** The largest photo side the file accepts, pixels (a 200-megapixel phone camera is 16,320 wide). */
export const MAX_PHOTO_SIDE = 100_000;
/**
 * The most calibration points, or marks on one piece, a file may hold: each piece's fit takes time in
 * proportion to its marks, so this bounds the work of any one piece.
 */
export const MAX_PHOTO_POINTS = 200;

type Fail = (path: string, problem: string) => never;
type Obj = Record<string, unknown>;
interface Pieces {
  ships: Ship[];
  squadrons: Squadron[];
  obstacles: Obstacle[];
  tokens: Token[];
}
type PieceRef =
  | { kind: 'ship'; piece: Ship }
  | { kind: 'squadron'; piece: Squadron }
  | { kind: 'obstacle'; piece: Obstacle }
  | { kind: 'token'; piece: Token };

const q = (s: string) => JSON.stringify(s);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function pieceIndex(p: Pieces): Map<string, PieceRef> {
  const m = new Map<string, PieceRef>();
  for (const s of p.ships) m.set(s.id, { kind: 'ship', piece: s });
  for (const s of p.squadrons) m.set(s.id, { kind: 'squadron', piece: s });
  for (const o of p.obstacles) m.set(o.id, { kind: 'obstacle', piece: o });
  for (const t of p.tokens) m.set(t.id, { kind: 'token', piece: t });
  return m;
}

function pair(v: unknown, path: string, fail: Fail, what: string, limit = 1e6): XY {
  if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    fail(path, `expected ${what} as [x, y], two numbers`);
  }
  const [x, y] = v as XY;
  if (Math.abs(x) > limit || Math.abs(y) > limit)
    fail(path, `[${x}, ${y}] is too far out (at most ${limit} either way)`);
  return [x, y];
}

function onlyKeys(o: Obj, allowed: string[], path: string, fail: Fail): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k)) fail(`${path}.${k}`, `unknown field; expected ${allowed.join(', ')}`);
}

/** What reading one `photo` field needs: where it is, how it fails, the photo's size and the file's pieces. */
interface PhotoReading {
  fail: Fail;
  W: number;
  H: number;
  byId: Map<string, PieceRef>;
  /** the pieces named in the calibration, which may not be marked too */
  calibrated: Set<string>;
  marked: Set<string>;
}

/** The image's width and height: whole pixels, 1 to MAX_PHOTO_SIDE. */
function photoSize(v: unknown, at: string, fail: Fail): XY {
  const size = pair(v, at, fail, 'the image width and height in pixels');
  for (const [i, n] of size.entries()) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_PHOTO_SIDE)
      fail(`${at}[${i}]`, `expected a whole number of pixels, 1 to ${MAX_PHOTO_SIDE}, got ${n}`);
  }
  return size;
}

/** A pixel position inside the photo. */
function pixelIn(r: PhotoReading, u: unknown, at: string): XY {
  const p = pair(u, at, r.fail, 'a pixel position');
  if (p[0] < 0 || p[0] > r.W || p[1] < 0 || p[1] > r.H)
    r.fail(at, `(${p[0]}, ${p[1]}) is outside the photo (0 to ${r.W} across, 0 to ${r.H} down)`);
  return p;
}

/** An array of at most MAX_PHOTO_POINTS entries. */
function boundedList(u: unknown, at: string, fail: Fail): unknown[] {
  if (!Array.isArray(u)) fail(at, 'expected an array');
  if (u.length > MAX_PHOTO_POINTS) fail(at, `has ${u.length} entries; at most ${MAX_PHOTO_POINTS}`);
  return u;
}

/** A named point of a piece: a ship's base corner, else [x, y] in the piece's own frame. */
function pointOf(ref: PieceRef, u: unknown, at: string, fail: Fail): CornerName | XY {
  if (ref.kind === 'ship') {
    if (typeof u !== 'string' || !(CORNERS as readonly string[]).includes(u))
      fail(at, `expected one of ${CORNERS.join(', ')} (a corner of ${q(ref.piece.id)}'s base)`);
    return u as CornerName;
  }
  return pair(u, at, fail, `a point in ${q(ref.piece.id)}'s own frame, mm`, 1000);
}

/** A claimed precision in pixels: a finite number above 0. */
function sigmaOf(u: unknown, at: string, fail: Fail, what: string): number {
  if (typeof u !== 'number' || !Number.isFinite(u) || !(u > 0))
    fail(
      at,
      `expected how exact ${what} is, in pixels: a number above 0, got ${JSON.stringify(u) ?? String(u)}`,
    );
  return u;
}

/** The most a mark may lie above the table, mm (a ship's base top is 3 mm; an obstacle's cardboard 2 mm). */
export const MAX_MARK_HEIGHT_MM = 100;

/** An optional heightMm: mm above the table, 0 to MAX_MARK_HEIGHT_MM. */
function heightOf(u: unknown, at: string, fail: Fail): { heightMm?: number } {
  if (u === undefined) return {};
  if (typeof u !== 'number' || !Number.isFinite(u) || u < 0 || u > MAX_MARK_HEIGHT_MM)
    fail(
      at,
      `expected the marks' height above the table in mm, 0 to ${MAX_MARK_HEIGHT_MM}, ` +
        `got ${JSON.stringify(u) ?? String(u)}`,
    );
  return { heightMm: u };
}

/** A mark entry's optional sigmaPx: one number, or one per mark. */
function markSigmas(u: unknown, n: number, at: string, fail: Fail, piece: string): number | number[] {
  if (!Array.isArray(u)) return sigmaOf(u, at, fail, `each of ${q(piece)}'s marks`);
  if (u.length !== n)
    fail(at, `${u.length} sigmas for ${n} marks on ${q(piece)}; one number, or one per mark`);
  return u.map((v, k) => sigmaOf(v, `${at}[${k}]`, fail, `${q(piece)}'s mark ${k}`));
}

/** One calibration point: a pixel and either a table position or a named point of a piece (no squadron). */
function calibrationPoint(r: PhotoReading, u: unknown, at: string): CalibrationPoint {
  const fail: Fail = r.fail;
  if (!isObj(u)) fail(at, 'expected an object with px and either mm or piece and point');
  onlyKeys(u, ['px', 'mm', 'piece', 'point', 'sigmaPx', 'heightMm'], at, fail);
  const px = pixelIn(r, u.px, `${at}.px`);
  const height = heightOf(u.heightMm, `${at}.heightMm`, fail);
  const sigma =
    u.sigmaPx === undefined
      ? {}
      : {
          sigmaPx: sigmaOf(
            u.sigmaPx,
            `${at}.sigmaPx`,
            fail,
            typeof u.piece === 'string' ? `the mark of ${q(u.piece)}` : 'the mark',
          ),
        };
  if (u.mm !== undefined) {
    if (u.piece !== undefined || u.point !== undefined)
      fail(at, 'give either mm or piece and point, not both');
    return { px, mm: pair(u.mm, `${at}.mm`, fail, 'a table position in mm', 10_000), ...sigma, ...height };
  }
  if (typeof u.piece !== 'string')
    fail(
      `${at}.piece`,
      u.piece === undefined ? 'missing; give mm, or piece and point' : 'expected a piece id',
    );
  const ref = r.byId.get(u.piece);
  if (!ref) fail(`${at}.piece`, `no piece with id ${q(u.piece)} on the table`);
  if (ref.kind === 'squadron')
    fail(
      `${at}.piece`,
      `${q(u.piece)} is a squadron; calibrate on ship corners, obstacle or token points, or table positions`,
    );
  if (u.point === undefined) fail(`${at}.point`, 'missing; which point of the piece');
  r.calibrated.add(u.piece);
  return { px, piece: u.piece, point: pointOf(ref, u.point, `${at}.point`, fail), ...sigma, ...height };
}

/** One piece's marks: its pixels and, for all but a squadron (marked on its rim), the point each marks. */
function photoMark(r: PhotoReading, u: unknown, at: string): PhotoMark {
  const fail: Fail = r.fail;
  if (!isObj(u)) fail(at, 'expected an object with piece, px and points');
  onlyKeys(u, ['piece', 'px', 'points', 'sigmaPx', 'heightMm'], at, fail);
  if (typeof u.piece !== 'string') fail(`${at}.piece`, 'expected a piece id');
  const ref = r.byId.get(u.piece);
  if (!ref) fail(`${at}.piece`, `no piece with id ${q(u.piece)} on the table`);
  if (r.calibrated.has(u.piece))
    fail(`${at}.piece`, `${q(u.piece)} is used in the calibration, so it may not be marked too`);
  if (r.marked.has(u.piece)) fail(`${at}.piece`, `${q(u.piece)} is marked twice; one entry per piece`);
  r.marked.add(u.piece);
  if (Array.isArray(u.px) && u.px.length > MAX_PHOTO_POINTS)
    fail(
      `${at}.px`,
      `${u.px.length} marks on ${q(u.piece)}; at most ${MAX_PHOTO_POINTS} marks on one piece are read (a dozen ` +
        `place it as well as any number)`,
    );
  const px = boundedList(u.px, `${at}.px`, fail).map((p, k) => pixelIn(r, p, `${at}.px[${k}]`));
  const sigma: Pick<PhotoMark, 'sigmaPx' | 'heightMm'> = {
    ...(u.sigmaPx === undefined
      ? {}
      : { sigmaPx: markSigmas(u.sigmaPx, px.length, `${at}.sigmaPx`, fail, u.piece) }),
    ...heightOf(u.heightMm, `${at}.heightMm`, fail),
  };
  if (ref.kind === 'squadron') {
    if (u.points !== 'rim')
      fail(`${at}.points`, `expected "rim": ${q(u.piece)} is a squadron, marked on its base's edge`);
    if (px.length < 3) fail(`${at}.px`, `${px.length} marks on ${q(u.piece)}'s rim; at least 3 are needed`);
    return { piece: u.piece, px, points: 'rim', ...sigma };
  }
  const pts = boundedList(u.points, `${at}.points`, fail).map((p, k) =>
    pointOf(ref, p, `${at}.points[${k}]`, fail),
  );
  if (pts.length !== px.length)
    fail(`${at}.points`, `${pts.length} points for ${px.length} marks; one point per mark`);
  const need = ref.kind === 'token' ? 1 : 2;
  if (px.length < Math.max(2, need))
    fail(
      `${at}.px`,
      `${px.length} mark${px.length === 1 ? '' : 's'} on ${q(u.piece)}; at least 2 are needed`,
    );
  return { piece: u.piece, px, points: pts as CornerName[] | XY[], ...sigma };
}

/**
 * Photos already read, by object: a table's photo is read again at every change of the table (a
 * piece moved), and reading a heavy photo's 40,000 marks took some 40 ms each time. A photo is kept
 * with the kind of every piece it was read against, the only thing its checks take from the pieces;
 * the result is kept under itself too, since the next change's table holds the result. Photo objects
 * are never changed in place (the app's state is immutable).
 */
const readPhotos = new WeakMap<object, { kinds: string; path: string; photo: PhotoEvidence }>();

/** Each piece's id and kind: what a photo's checks read of the pieces. */
const pieceKinds = (p: Pieces) =>
  JSON.stringify([p.ships, p.squadrons, p.obstacles, p.tokens].map((list) => list.map((x) => x.id)));

/** Read and check the `photo` field's structure and its references to the file's pieces. */
export function parsePhoto(v: unknown, pieces: Pieces, fail: Fail, path = 'photo'): PhotoEvidence {
  if (!isObj(v)) return readPhoto(v, pieces, fail, path);
  const kinds = pieceKinds(pieces);
  const had = readPhotos.get(v);
  if (had && had.kinds === kinds && had.path === path) return had.photo;
  const photo = readPhoto(v, pieces, fail, path);
  const kept = { kinds, path, photo };
  readPhotos.set(v, kept);
  readPhotos.set(photo, kept);
  return photo;
}

function readPhoto(v: unknown, pieces: Pieces, fail: Fail, path: string): PhotoEvidence {
  if (!isObj(v)) fail(path, 'expected an object with size, calibration and marks');
  onlyKeys(v, ['imageId', 'image', 'refine', 'fit', 'size', 'calibration', 'marks'], path, fail);
  if (v.fit !== undefined && v.fit !== 'joint' && v.fit !== 'calibrated')
    fail(
      `${path}.fit`,
      'expected "joint" (the camera and every piece fitted together) or "calibrated" ' +
        '(the map from the calibration first)',
    );
  if (v.imageId !== undefined && (typeof v.imageId !== 'string' || !/^[0-9a-f]{8,64}$/.test(v.imageId)))
    fail(`${path}.imageId`, 'expected 8 to 64 hex digits (the digest the app names a kept photo by)');
  if (
    v.image !== undefined &&
    (typeof v.image !== 'string' || !v.image.length || v.image.length > 1000 || v.image.includes('\0'))
  )
    fail(
      `${path}.image`,
      'expected the photo file as a path relative to the table file (1 to 1000 characters)',
    );
  if (v.refine !== undefined && typeof v.refine !== 'boolean')
    fail(`${path}.refine`, 'expected true or false: whether the command line refines the marks on the image');
  const size = photoSize(v.size, `${path}.size`, fail);
  const [W, H] = size;
  const r: PhotoReading = { fail, W, H, byId: pieceIndex(pieces), calibrated: new Set(), marked: new Set() };
  const calibration = boundedList(v.calibration ?? [], `${path}.calibration`, fail).map((u, i) =>
    calibrationPoint(r, u, `${path}.calibration[${i}]`),
  );
  const marks = boundedList(v.marks ?? [], `${path}.marks`, fail).map((u, i) =>
    photoMark(r, u, `${path}.marks[${i}]`),
  );
  return {
    ...(typeof v.imageId === 'string' ? { imageId: v.imageId } : {}),
    ...(typeof v.image === 'string' ? { image: v.image } : {}),
    ...(typeof v.refine === 'boolean' ? { refine: v.refine } : {}),
    ...(v.fit === 'joint' || v.fit === 'calibrated' ? { fit: v.fit } : {}),
    size,
    calibration,
    marks,
  };
}

/** A ship's base corner in its own frame (front toward +y, left as the ship sees it: -x). */
export function cornerLocal(cat: Catalog, ship: Pick<Ship, 'size'>, c: CornerName): Point {
  const { width, length } = cat.shipSizes[ship.size].base;
  return {
    x: (c.endsWith('left') ? -1 : 1) * (width / 2),
    y: (c.startsWith('front') ? 1 : -1) * (length / 2),
  };
}

/** Where a named point of a placed piece lies on the table. */
export function pointOnTable(cat: Catalog, ref: PieceRef, point: CornerName | XY): Point {
  const p = ref.piece;
  const local =
    typeof point === 'string' ? cornerLocal(cat, ref.piece as Ship, point) : { x: point[0], y: point[1] };
  return place(local.x, local.y, p.x, p.y, 'rotation' in p ? p.rotation : 0);
}

export interface PiecePhotoFit extends PoseFit {
  kind: PieceRef['kind'];
  /** how far the file's own x, y and rotation lie from the fit */
  offsetMm: number;
  offsetDeg: number;
}

export interface PhotoSolution {
  /**
   * the plane's map from the calibration; with the joint fit, the map nearest the fitted camera at a base's top
   * (for drawing the photo under the table) with the calibration points' residuals through the camera
   */
  calibration: PlaneFit;
  /** the joint fit, when the camera and the pieces were fitted together (usesJointFit) */
  joint?: JointFit;
  /** the table positions the calibration points stand for, in order */
  calibrationMm: Point[];
  pieces: Map<string, PiecePhotoFit>;
}

/** A problem the solve met, with the field it lies in. */
export class PhotoFieldProblem extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'PhotoFieldProblem';
  }
}

/** What a piece's marks are, in its own frame, and which of its points the uncertainty bounds. */
export function poseModel(
  cat: Catalog,
  ref: PieceRef,
  points: PhotoMark['points'],
): { model: PoseModel; outline: Point[] } {
  if (ref.kind === 'squadron')
    return { model: { kind: 'rim', radius: cat.squadron.diameter / 2 }, outline: [] };
  if (ref.kind === 'ship') {
    const local = (points as CornerName[]).map((c) => cornerLocal(cat, ref.piece, c));
    return {
      model: { kind: 'points', local, rotate: true },
      outline: CORNERS.map((c) => cornerLocal(cat, ref.piece, c)),
    };
  }
  const local = (points as XY[]).map(([x, y]) => ({ x, y }));
  if (ref.kind === 'token') return { model: { kind: 'points', local, rotate: false }, outline: [] };
  // an obstacle's outline as the catalog gives it, centred on its area centroid (its (x, y))
  const outline = cat.obstacles[ref.piece.type].outline;
  const n = outline.length;
  let a = 0,
    cx = 0,
    cy = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = outline[i],
      [x1, y1] = outline[(i + 1) % n];
    const c = x0 * y1 - x1 * y0;
    a += c;
    cx += (x0 + x1) * c;
    cy += (y0 + y1) * c;
  }
  cx /= 3 * a;
  cy /= 3 * a;
  return {
    model: { kind: 'points', local, rotate: true },
    outline: outline.map(([x, y]) => ({ x: x - cx, y: y - cy })),
  };
}

const angleGap = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/**
 * Fits already made, kept by what they were made from: a table's photo is solved again at every
 * check and every change of the table (the report, the photo view, the dispute card), and a stored
 * table's steps of history carry copies of the same marks, but a fit depends only on the calibration
 * and the piece's own marks and shape, so the same content reuses it, whatever object holds it. The
 * photo view edits its marks in place: the key is the content, never the object.
 */
const KEPT_FITS = 4096;
const planeFits = new Map<string, { id: number; fit: PlaneFit }>();
const poseFits = new Map<string, { px: Float64Array; fit: PoseFit }>();
let planeIds = 0;
let fitsMade = 0;
/** How many piece fits have been worked out (not reused) in this realm: the tests' view of the work done. */
export const photoFitsMade = () => fitsMade;

const keep = <V>(m: Map<string, V>, key: string, v: V) => {
  m.set(key, v);
  if (m.size > KEPT_FITS) m.delete(m.keys().next().value!); // the oldest goes
};

/** Each mark's claimed sigma, px, as the entry gives it (undefined: every mark at the tap's prior). */
export function markSigmasPx(m: Pick<PhotoMark, 'px' | 'sigmaPx'>): number[] | undefined {
  if (m.sigmaPx === undefined) return undefined;
  return Array.isArray(m.sigmaPx) ? m.sigmaPx : m.px.map(() => m.sigmaPx as number);
}

/** The calibration points' claimed sigmas, px (undefined when none claims one: all at the prior). */
function calibrationSigmasPx(photo: PhotoEvidence): number[] | undefined {
  return photo.calibration.some((c) => c.sigmaPx !== undefined)
    ? photo.calibration.map((c) => c.sigmaPx ?? PRIOR_SIGMA_PX)
    : undefined;
}

function planeFit(photo: PhotoEvidence, calibrationMm: Point[]): { id: number; fit: PlaneFit } {
  const sigmas = calibrationSigmasPx(photo);
  const key = JSON.stringify([photo.calibration.map((c) => c.px), calibrationMm, sigmas ?? null]);
  const had = planeFits.get(key);
  if (had) return had;
  const fit = fitPlane(
    photo.calibration.map((c) => ({ x: c.px[0], y: c.px[1] })),
    calibrationMm,
    sigmas,
  );
  const made = { id: ++planeIds, fit };
  keep(planeFits, key, made);
  return made;
}

/**
 * A fit's key: the calibration, the piece's model and outline, and its marks by count and a hash of every
 * coordinate's bits. Building the marks into a string cost 50 ms at every change of a table with 200
 * squadrons of 200 rim marks; a fit found by the hash is checked against the marks themselves, so two
 * marks' lists that share a hash never share a fit.
 */
const poseKey = (calId: number, m: PhotoMark, model: PoseModel, outline: Point[]) =>
  `${calId}|${JSON.stringify([model, outline])}|${marksHash(m.px)}` +
  (m.sigmaPx === undefined ? '' : `|${JSON.stringify(m.sigmaPx)}`);

const bits = new Float64Array(1),
  words = new Uint32Array(bits.buffer);
/** the marks' count and two 32-bit FNV-style hashes of their coordinates' bits */
export function marksHash(px: readonly XY[]): string {
  let h1 = 0x811c9dc5,
    h2 = 0x9e3779b9;
  for (let i = 0; i < px.length; i++) {
    for (let k = 0; k < 2; k++) {
      bits[0] = px[i][k];
      h1 = Math.imul(h1 ^ words[0], 0x01000193);
      h1 = Math.imul(h1 ^ words[1], 0x01000193);
      h2 = Math.imul(h2 ^ words[1], 0x85ebca6b) ^ (h2 >>> 13);
      h2 = Math.imul(h2 ^ words[0], 0xc2b2ae35) ^ (h2 >>> 16);
    }
  }
  return `${px.length}:${(h1 >>> 0).toString(36)}:${(h2 >>> 0).toString(36)}`;
}

const sameMarks = (a: Float64Array, px: readonly XY[]) => {
  if (a.length !== 2 * px.length) return false;
  for (let i = 0; i < px.length; i++) if (a[2 * i] !== px[i][0] || a[2 * i + 1] !== px[i][1]) return false;
  return true;
};

function poseFit(
  cal: { id: number; fit: PlaneFit },
  m: PhotoMark,
  model: PoseModel,
  outline: Point[],
): PoseFit {
  const key = poseKey(cal.id, m, model, outline);
  const had = poseFits.get(key);
  if (had && sameMarks(had.px, m.px)) return had.fit;
  fitsMade++;
  const fit = fitPose(
    cal.fit,
    m.px.map(([x, y]) => ({ x, y })),
    model,
    outline,
    markSigmasPx(m),
  );
  keep(poseFits, key, { px: Float64Array.from(m.px.flat()), fit });
  return fit;
}

function calibrationOf(photo: PhotoEvidence, pieces: Pieces, cat: Catalog, path: string) {
  const byId = pieceIndex(pieces);
  const calibrationMm = photo.calibration.map((c) =>
    c.mm ? { x: c.mm[0], y: c.mm[1] } : pointOnTable(cat, byId.get(c.piece!)!, c.point!),
  );
  try {
    return { byId, calibrationMm, cal: planeFit(photo, calibrationMm) };
  } catch (e) {
    if (e instanceof CalibrationProblem) throw new PhotoFieldProblem(`${path}.calibration`, e.message);
    throw e;
  }
}

function markFit(cat: Catalog, ref: PieceRef, cal: { id: number; fit: PlaneFit }, m: PhotoMark, at: string) {
  const { model, outline } = poseModel(cat, ref, m.points);
  try {
    return poseFit(cal, m, model, outline);
  } catch (e) {
    if (e instanceof MarksProblem) throw new PhotoFieldProblem(at, `${q(m.piece)}: ${e.message}`);
    throw e;
  }
}

/**
 * The photo's fits made one step at a time (the calibration, then one marked piece a step), each
 * kept for solvePhoto: the app drives the steps between frames so that no single task fits a whole
 * heavy photo. Throws PhotoFieldProblem as solvePhoto does.
 */
export function* photoFitSteps(
  photo: PhotoEvidence,
  pieces: Pieces,
  cat: Catalog,
  path = 'photo',
): Generator<void> {
  if (usesJointFit(photo)) {
    // the joint fit is one piece of work: a step per marked piece as the callers count them, the fit after the last
    for (let i = 0; i < Math.max(1, photo.marks.length); i++) yield;
    solveJoint(photo, pieces, cat, path);
    return;
  }
  const { byId, cal } = calibrationOf(photo, pieces, cat, path);
  for (const [i, m] of photo.marks.entries()) {
    yield;
    markFit(cat, byId.get(m.piece)!, cal, m, `${path}.marks[${i}]`);
  }
}

/**
 * Fit the plane map and every marked piece's pose (fits made before from the same calibration and
 * marks are reused). Throws PhotoFieldProblem naming the field (the calibration, or the mark whose
 * points cannot place its piece).
 */
export function solvePhoto(
  photo: PhotoEvidence,
  pieces: Pieces,
  cat: Catalog,
  path = 'photo',
): PhotoSolution {
  if (usesJointFit(photo)) return solveJoint(photo, pieces, cat, path);
  const { byId, calibrationMm, cal } = calibrationOf(photo, pieces, cat, path);
  const out = new Map<string, PiecePhotoFit>();
  photo.marks.forEach((m, i) => {
    const ref = byId.get(m.piece)!;
    const fit = markFit(cat, ref, cal, m, `${path}.marks[${i}]`);
    const p = ref.piece;
    const rotates = ref.kind === 'ship' || ref.kind === 'obstacle';
    out.set(m.piece, {
      ...fit,
      kind: ref.kind,
      offsetMm: Math.hypot(p.x - fit.x, p.y - fit.y),
      offsetDeg: rotates ? angleGap((p as Ship | Obstacle).rotation, fit.rotation) : 0,
    });
  });
  return { calibration: cal.fit, calibrationMm, pieces: out };
}

/**
 * The points of an obstacle's outline a player marks on the photo (its own frame, centred on its
 * area centroid): the sharpest corners of its outline, at least MARK_SPACING_MM apart, up to 6.
 * A tap is taken as the one of these nearest to it, with the obstacle where it now lies (drag its
 * outline over the photo first), so they must stand well apart.
 */
export const MARK_SPACING_MM = 20;
export function markablePoints(cat: Catalog, type: Obstacle['type']): XY[] {
  const ref = { kind: 'obstacle', piece: { id: '', type, x: 0, y: 0, rotation: 0 } } as PieceRef;
  const outline = poseModel(cat, ref, []).outline;
  const n = outline.length;
  const turn = outline.map((p, i) => {
    const a = outline[(i - 2 + n) % n],
      b = outline[(i + 2) % n];
    const u = Math.atan2(p.y - a.y, p.x - a.x),
      v = Math.atan2(b.y - p.y, b.x - p.x);
    let d = v - u;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    return d; // counter-clockwise outline: a convex corner turns left (positive)
  });
  const order = outline.map((_, i) => i).sort((i, j) => turn[j] - turn[i] || i - j);
  const out: Point[] = [];
  for (const i of order) {
    if (out.length >= 6) break;
    const p = outline[i];
    if (out.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= MARK_SPACING_MM)) out.push(p);
  }
  return out.map((p) => [p.x, p.y]);
}

/** Whether the photo is solved by the joint fit: without a calibration, or when its `fit` asks for it. */
export const usesJointFit = (photo: Pick<PhotoEvidence, 'calibration' | 'fit'>) =>
  photo.calibration.length === 0 || photo.fit === 'joint';

/**
 * A piece's marks' height above the table when the entry gives none, mm: a ship's or squadron's marks lie on
 * its plastic base's top edge, an obstacle's or token's on its cardboard, about 1 mm lower (src/photo/joint.ts).
 */
export function jointHeightMm(kind: PieceRef['kind']): number {
  return kind === 'ship' || kind === 'squadron' ? BASE_TOP_MM : CARDBOARD_MM;
}

/** What the joint fit is given: every mark entry as a piece to place, every calibration point as a table point. */
function jointInput(
  photo: PhotoEvidence,
  byId: Map<string, PieceRef>,
  cat: Catalog,
  calMm: Point[],
): JointInput {
  const pieces = photo.marks.map((m): JointPiece => {
    const ref = byId.get(m.piece)!;
    const { model, outline } = poseModel(cat, ref, m.points);
    const p = ref.piece;
    return {
      id: m.piece,
      shape: model.kind === 'rim' ? model : { kind: 'points', local: model.local, rotate: model.rotate },
      px: m.px.map(([x, y]) => ({ x, y })),
      sigmasPx: markSigmasPx(m) ?? m.px.map(() => PRIOR_SIGMA_PX),
      heightMm: m.heightMm ?? jointHeightMm(ref.kind),
      file: { x: p.x, y: p.y, rotation: 'rotation' in p ? p.rotation : 0 },
      outline,
    };
  });
  const tablePoints = photo.calibration.map((c, i) => ({
    px: { x: c.px[0], y: c.px[1] },
    mm: calMm[i],
    sigmaPx: c.sigmaPx ?? PRIOR_SIGMA_PX,
    heightMm: c.heightMm ?? (c.mm ? 0 : jointHeightMm(byId.get(c.piece!)!.kind)),
  }));
  return { width: photo.size[0], height: photo.size[1], pieces, tablePoints };
}

/** Joint fits made, kept by what they were made from (the whole input: any mark or pose moves every piece). */
const KEPT_JOINT = 64;
const jointFits = new Map<string, JointFit | JointProblem>();

function jointFitOf(input: JointInput): JointFit {
  const key = JSON.stringify(input);
  let fit = jointFits.get(key);
  if (!fit) {
    fitsMade++;
    try {
      fit = fitJoint(input);
    } catch (e) {
      if (!(e instanceof JointProblem)) throw e;
      fit = e;
    }
    jointFits.set(key, fit);
    if (jointFits.size > KEPT_JOINT) jointFits.delete(jointFits.keys().next().value!);
  }
  if (fit instanceof JointProblem) throw fit;
  return fit;
}

/**
 * The plane's map nearest the fitted camera at a base's top, over where the pieces lie (a grid 150 mm beyond
 * them): what the photo view draws the photo under the table with. The fit itself never uses it.
 */
function planeNearCamera(fit: JointFit): PlaneFit {
  const at = [...fit.pieces.values()];
  const xs = at.map((p) => p.x),
    ys = at.map((p) => p.y);
  const x0 = Math.min(...xs) - 150,
    x1 = Math.max(...xs) + 150,
    y0 = Math.min(...ys) - 150,
    y1 = Math.max(...ys) + 150;
  const mm: Point[] = [],
    px: Point[] = [];
  for (let i = 0; i <= 4; i++)
    for (let j = 0; j <= 4; j++) {
      const p = { x: x0 + ((x1 - x0) * i) / 4, y: y0 + ((y1 - y0) * j) / 4 };
      const q = fit.project(p, BASE_TOP_MM);
      if (q) {
        mm.push(p);
        px.push(q);
      }
    }
  return fitPlane(px, mm);
}

function jointProblemAt(e: JointProblem, photo: PhotoEvidence, path: string): PhotoFieldProblem {
  const i = e.pieces.length === 1 ? photo.marks.findIndex((m) => m.piece === e.pieces[0]) : -1;
  return new PhotoFieldProblem(i >= 0 ? `${path}.marks[${i}]` : `${path}.marks`, e.message);
}

/** The camera and every marked piece fitted together (src/photo/joint.ts), as a PhotoSolution. */
function solveJoint(photo: PhotoEvidence, pieces: Pieces, cat: Catalog, path: string): PhotoSolution {
  const byId = pieceIndex(pieces);
  const calibrationMm = photo.calibration.map((c) =>
    c.mm ? { x: c.mm[0], y: c.mm[1] } : pointOnTable(cat, byId.get(c.piece!)!, c.point!),
  );
  const input = jointInput(photo, byId, cat, calibrationMm);
  let fit: JointFit;
  try {
    fit = jointFitOf(input);
  } catch (e) {
    if (e instanceof JointProblem) throw jointProblemAt(e, photo, path);
    throw e;
  }
  const plane = planeNearCamera(fit);
  const residualsMm = fit.tablePointResidualsMm;
  const calibration: PlaneFit = {
    ...plane,
    residualsMm,
    rmsMm: residualsMm.length
      ? Math.sqrt(residualsMm.reduce((s, v) => s + v * v, 0) / residualsMm.length)
      : 0,
    maxMm: residualsMm.length ? Math.max(...residualsMm) : 0,
  };
  const out = new Map<string, PiecePhotoFit>();
  for (const m of photo.marks) {
    const ref = byId.get(m.piece)!;
    const f = fit.pieces.get(m.piece)!;
    const p = ref.piece;
    const rotates = ref.kind === 'ship' || ref.kind === 'obstacle';
    out.set(m.piece, {
      ...f,
      sigmaPx: fit.sigmaPx,
      scale: fit.scale,
      kind: ref.kind,
      offsetMm: Math.hypot(p.x - f.x, p.y - f.y),
      offsetDeg: rotates ? angleGap((p as Ship | Obstacle).rotation, f.rotation) : 0,
    });
  }
  return { calibration, calibrationMm, pieces: out, joint: fit };
}
