/**
 * Report section `photo` (table-format.md, "Photo evidence"): the calibration's residuals and
 * every marked piece's pose fitted from its marks, how well they fit, how far it may be from
 * the truth, and how far the file's own pose lies from the fit. Also what the dispute card
 * needs: how far each piece's position is known when it came from the photo.
 */
import { convexHullXY } from '../../geometry/hull';
import type { Point } from '../../geometry/point';
import { Polygon } from '../../geometry/polygon';
import {
  jointHeightMm,
  PhotoFieldProblem,
  type PhotoMark,
  type PhotoSolution,
  solvePhoto,
} from '../../model/photo';
import type { PhotoReport } from '../../model/report';
import type { Table } from '../../model/table';
import type { JointFit } from '../../photo/joint';
import { fitCircle } from '../../photo/rim';
import type { World } from '../world';

/** a squadron's diameter is measured from this many rim marks on */
export const DIAMETER_MARKS = 4;

/** A squadron's base diameter as its 4 or more rim marks measure it (mm, through the calibration), or null. */
export function measuredDiameterMm(table: Table, s: PhotoSolution, id: string): number | null {
  if (!table.squadrons.some((q) => q.id === id)) return null;
  const m = table.photo?.marks.find((x) => x.piece === id);
  if (!m || m.points !== 'rim' || m.px.length < DIAMETER_MARKS) return null;
  if (s.joint) return jointDiameterMm(s.joint, m);
  // kept per mark and calibration: the photo panel asks again at every change of the table, and 200
  // squadrons of 200 rim marks each were some 50 ms a time
  const map = s.calibration.map;
  let byMap = diameters.get(m);
  if (!byMap) diameters.set(m, (byMap = new WeakMap()));
  let d = byMap.get(map);
  if (d === undefined) {
    const c = fitCircle(m.px.map(([x, y]) => map.toMm({ x, y })));
    byMap.set(map, (d = c ? 2 * c.radius : null));
  }
  return d;
}
const diameters = new WeakMap<object, WeakMap<object, number | null>>();

/** The rim marks' circle where their rays meet the base's top, through the jointly fitted camera (mm), or null. */
function jointDiameterMm(fit: JointFit, m: PhotoMark): number | null {
  const h = m.heightMm ?? jointHeightMm('squadron');
  const pts = m.px.map(([x, y]) => fit.toTable({ x, y }, h));
  if (pts.some((p) => !p)) return null;
  const c = fitCircle(pts as Point[]);
  return c ? 2 * c.radius : null;
}

const solved = new WeakMap<World, PhotoSolution | null>();

/** The table's photo evidence solved (once per world); null without a `photo` field. */
export function photoSolution(world: World): PhotoSolution | null {
  let s = solved.get(world);
  if (s === undefined) {
    try {
      s = world.table.photo ? solvePhoto(world.table.photo, world.table, world.catalog) : null;
    } catch (e) {
      // a table read back from storage is not fitted when read: marks that no longer place their
      // piece leave the photo unsolved (the photo view says why) rather than the report unmade
      if (!(e instanceof PhotoFieldProblem)) throw e;
      s = null;
    }
    solved.set(world, s);
  }
  return s;
}

export function photoReport(world: World): PhotoReport | undefined {
  const s = photoSolution(world);
  if (!s) return undefined;
  const c = s.calibration;
  const pieces: PhotoReport['pieces'] = Object.create(null);
  for (const [id, f] of s.pieces) {
    // the joint fit's camera stands on every mark, not on the calibration alone: nothing is extrapolated
    const outside = s.joint ? 0 : outsideCalibrationMm(s.calibrationMm, f);
    const diameter = measuredDiameterMm(world.table, s, id);
    pieces[id] = {
      x: f.x,
      y: f.y,
      rotation: f.rotation,
      rmsMm: f.rmsMm,
      uncertaintyMm: f.uncertaintyMm,
      offsetMm: f.offsetMm,
      offsetDeg: f.offsetDeg,
      ...(outside > 0 ? { outsideCalibrationMm: outside } : {}),
      ...(outside > EXTRAPOLATED_SHARE * calibrationSpanMm(s.calibrationMm) ? { extrapolated: true } : {}),
      ...(diameter !== null ? { diameterMm: diameter } : {}),
    };
  }
  return {
    calibration: { points: c.residualsMm.length, rmsMm: c.rmsMm, maxMm: c.maxMm, residualsMm: c.residualsMm },
    pieces,
    ...(s.joint ? jointReport(s.joint, world.table.photo!.calibration) : {}),
    ...(s.joint ? {} : { fit: 'calibrated', anchor: photoAnchor(world.table.photo!.calibration) }),
  };
}

/** The joint fit's additions to the report: how it was fitted, what anchors the group, the camera, notes. */
function jointReport(j: JointFit, calibration: readonly { mm?: unknown }[]): Partial<PhotoReport> {
  const { focalPx, k1, tiltDeg, k1Fitted } = j.camera;
  return {
    fit: 'joint',
    anchor: calibration.length ? photoAnchor(calibration) : 'pieces',
    camera: { focalPx, k1, tiltDeg, k1Fitted },
    ...(j.notes.length ? { notes: j.notes } : {}),
  };
}

/**
 * What fixes the photo's group of pieces on the table (the report's `anchor`): the map is fitted from the
 * calibration alone, so its table positions do: the named points of pieces as the file places them, the
 * table points given as `mm`, or both.
 */
export function photoAnchor(calibration: readonly { mm?: unknown }[]): NonNullable<PhotoReport['anchor']> {
  const mm = calibration.filter((c) => c.mm !== undefined).length;
  return mm === 0
    ? 'calibration pieces'
    : mm === calibration.length
      ? 'table points'
      : 'calibration pieces and table points';
}

/**
 * A piece whose centre lies outside the calibration points' hull by more than this share of their
 * span (the farthest two apart) is placed by extrapolation: the map is fitted where the calibration
 * stands, and a table that is not quite flat, or a lens that bends lines, errs most far from it.
 */
export const EXTRAPOLATED_SHARE = 0.5;

/** How far a point lies outside the convex hull of the calibration points, mm (0 inside or on it). */
export function outsideCalibrationMm(calibrationMm: readonly Point[], p: Point): number {
  const hull = convexHullXY(calibrationMm.flatMap((q) => [q.x, q.y]));
  if (hull.length < 6) return Math.min(...calibrationMm.map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
  const pts: [number, number][] = [];
  for (let i = 0; i < hull.length; i += 2) pts.push([hull[i], hull[i + 1]]);
  return Math.max(0, Polygon.from(pts, true).signedDistance(p.x, p.y));
}

/** The calibration points' span: the distance between the two farthest apart, mm. */
export function calibrationSpanMm(calibrationMm: readonly Point[]): number {
  let best = 0;
  for (const a of calibrationMm)
    for (const b of calibrationMm) best = Math.max(best, Math.hypot(a.x - b.x, a.y - b.y));
  return best;
}

/** A fit this close to the file's pose is the pose the app placed from the photo (the report's 0.01 rounding). */
export const SAME_POSE_MM = 0.005;
export const SAME_POSE_DEG = 0.005;

/**
 * How far each piece's position is known from the photo, mm: a marked piece still where its fit
 * put it, its uncertainty; a piece the calibration stands on was placed by hand, so it is known to
 * the placement precision `placedMm`, or to the calibration's largest residual when that is more
 * (how far the photo disagrees with where it was placed): never to the fit's residual alone.
 * Pieces moved since, or not in the photo, are absent (placed by hand).
 */
export function photoPrecision(world: World, placedMm = 0): Map<string, number> {
  const out = new Map<string, number>();
  const s = photoSolution(world);
  if (!s) return out;
  for (const c of world.table.photo!.calibration)
    if (c.piece) out.set(c.piece, Math.max(placedMm, s.calibration.maxMm));
  for (const [id, f] of s.pieces)
    if (f.offsetMm <= SAME_POSE_MM && f.offsetDeg <= SAME_POSE_DEG) out.set(id, f.uncertaintyMm);
  return out;
}

/**
 * How exactly the places of these pieces together are known, mm: the placement precision `placedMm`, or the sum
 * of the uncertainties of those placed from the photo (`fromPhoto`, photoPrecision), plus the placement
 * precision once when some were placed by hand. A margin between them under this is a close call.
 */
export function piecesPrecision(
  fromPhoto: Map<string, number>,
  ids: readonly string[],
  placedMm: number,
): number {
  const known = ids.filter((id, i) => fromPhoto.has(id) && ids.indexOf(id) === i);
  if (!known.length) return placedMm;
  const sum = known.reduce((t, id) => t + fromPhoto.get(id)!, 0);
  return known.length === new Set(ids).size ? sum : sum + placedMm;
}

/** The marked pieces placed by extrapolation (far outside the calibration), with how far outside, mm. */
export function photoExtrapolated(world: World): Map<string, number> {
  const out = new Map<string, number>();
  const s = photoSolution(world);
  if (!s || s.joint) return out; // the joint fit's camera stands on every mark: nothing is extrapolated
  const limit = EXTRAPOLATED_SHARE * calibrationSpanMm(s.calibrationMm);
  for (const [id, f] of s.pieces) {
    const d = outsideCalibrationMm(s.calibrationMm, f);
    if (d > limit) out.set(id, d);
  }
  return out;
}
