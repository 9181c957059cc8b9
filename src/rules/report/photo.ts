/**
 * Report section `photo` (table-format.md, "Photo evidence"): the calibration's residuals and
 * every marked piece's pose fitted from its marks, how well they fit, how far it may be from
 * the truth, and how far the file's own pose lies from the fit. Also what the dispute card
 * needs: how far each piece's position is known when it came from the photo.
 */
import { PhotoFieldProblem, type PhotoSolution, solvePhoto } from '../../model/photo';
import type { PhotoReport } from '../../model/report';
import type { World } from '../world';

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
    pieces[id] = {
      x: f.x,
      y: f.y,
      rotation: f.rotation,
      rmsMm: f.rmsMm,
      uncertaintyMm: f.uncertaintyMm,
      offsetMm: f.offsetMm,
      offsetDeg: f.offsetDeg,
    };
  }
  return {
    calibration: { points: c.residualsMm.length, rmsMm: c.rmsMm, maxMm: c.maxMm, residualsMm: c.residualsMm },
    pieces,
  };
}

/** A fit this close to the file's pose is the pose the app placed from the photo (the report's 0.01 rounding). */
export const SAME_POSE_MM = 0.005;
export const SAME_POSE_DEG = 0.005;

/**
 * How far each piece's position is known from the photo, mm: a marked piece still where its fit
 * put it, its uncertainty; a piece the calibration stands on, the calibration's largest residual
 * (how far the photo disagrees with where it was placed). Pieces moved since, or not in the
 * photo, are absent (placed by hand).
 */
export function photoPrecision(world: World): Map<string, number> {
  const out = new Map<string, number>();
  const s = photoSolution(world);
  if (!s) return out;
  for (const c of world.table.photo!.calibration) if (c.piece) out.set(c.piece, s.calibration.maxMm);
  for (const [id, f] of s.pieces)
    if (f.offsetMm <= SAME_POSE_MM && f.offsetDeg <= SAME_POSE_DEG) out.set(id, f.uncertaintyMm);
  return out;
}
