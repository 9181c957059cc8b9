/**
 * The command line's side of `photo.image` (table-format.md, "Photo evidence, precise"): the photo the
 * table file names is read (src/cli/photo-image.ts) and every mark refined on it with the snap code
 * the app's worker runs (src/photo/snap.ts, asked as the app asks: src/model/photo-snap.ts). The
 * calibration's ship corners first (no map yet: the image chooses the edges), then, through the map
 * they give, each marked piece's corners and rim points with their edges and rim where the map and the
 * piece's rough pose put them. A refined mark takes its refined pixel and claims its own precision
 * (`sigmaPx`); a mark that cannot be refined keeps its pixel, says why and claims no better than a rough
 * tap is worth (KEPT_TAP_SIGMA_PX), whatever its entry said. Under the budget: a mark not reached keeps
 * its pixel ("the budget ran out") and its entry's claim, and `partial.sections.refine` counts them.
 */
import { dirname, resolve } from 'node:path';
import type { Catalog } from '../model/catalog';
import {
  type CornerName,
  markSigmasPx,
  type PhotoEvidence,
  PhotoFieldProblem,
  type PhotoMark,
  solvePhoto,
  usesJointFit,
  type XY,
} from '../model/photo';
import { markKind, type PointKind, snapRequest } from '../model/photo-snap';
import type { MarkReport, PhotoReport } from '../model/report';
import type { Table } from '../model/table';
import type { PlaneMap } from '../photo/homography';
import { PRIOR_SIGMA_PX } from '../photo/homography';
import { type GreyImage, KEPT_TAP_SIGMA_PX, patchOf, snapMark } from '../photo/snap';
import type { Budget } from '../rules/report/budget';
import { ImageProblem, readPhotoGrey } from './photo-image';

/** What refining did, mark by mark, for the report: the calibration's points and each marked piece's. */
export interface PhotoRefinement {
  calibration: MarkReport[];
  pieces: Map<string, MarkReport[]>;
  /** why nothing was refined (the image could not be read), in a sentence naming the file; else absent */
  problem?: string;
}

/** Reads a photo as upright grey levels (or throws an ImageProblem): `file`, named `name` in messages. */
export type ReadPhoto = (file: string, name: string) => GreyImage;

/** A refined pixel is kept to a thousandth of a pixel (as the app writes it). */
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** One mark asked of the image: its pixel and what it is on its piece. */
interface Ask {
  px: XY;
  piece?: string;
  kind: PointKind | null;
}

/** Every mark kept as given, for one reason. */
function keptAll(photo: PhotoEvidence, why: string): PhotoRefinement {
  const kept = (px: XY): MarkReport => ({ px, refined: false, why });
  return {
    calibration: photo.calibration.map((c) => kept(c.px)),
    pieces: new Map(photo.marks.map((m) => [m.piece, m.px.map(kept)])),
    problem: why,
  };
}

/** Refine one mark (or say why not), counting it against the budget. */
function refineOne(
  img: GreyImage,
  a: Ask,
  table: Table,
  cat: Catalog,
  map: PlaneMap | undefined,
  budget: Budget,
): MarkReport & { sigmaPx?: number } {
  if (budget.over()) return { px: a.px, refined: false, why: 'the budget ran out before it was refined' };
  budget.refineDone++;
  if (!a.piece || !a.kind) return { px: a.px, refined: false, why: 'a table point is not snapped' };
  const req = snapRequest(a.px, table, cat, map, a.piece, a.kind);
  if (typeof req === 'string') return { px: a.px, refined: false, why: req };
  const patch = patchOf(img, req);
  const r = patch ? snapMark(patch, req) : null;
  if (!r) return { px: a.px, refined: false, why: 'the tap is off the photo', sigmaPx: KEPT_TAP_SIGMA_PX };
  if (!r.refined) return { px: a.px, refined: false, why: r.why, sigmaPx: r.sigmaPx };
  return { px: a.px, refinedPx: [r3(r.px[0]), r3(r.px[1])], sigmaPx: r3(Math.max(0.001, r.sigmaPx)) };
}

/**
 * A refined mark's pixel and claimed sigma; else the mark as given, claiming what its entry claims, or when
 * the photo was looked at and could not refine it, at least what a rough tap is worth (never less).
 */
const taken = (r: MarkReport & { sigmaPx?: number }, claimed: number): [XY, number] =>
  'refinedPx' in r ? [r.refinedPx, r.sigmaPx!] : [r.px, Math.max(claimed, r.sigmaPx ?? 0)];

/**
 * The map the calibration gives (its points as refined), or with the joint fit the map nearest the camera the
 * taps as given fit; undefined when they give none.
 */
function mapOf(photo: PhotoEvidence, table: Table, cat: Catalog): PlaneMap | undefined {
  try {
    return solvePhoto(usesJointFit(photo) ? photo : { ...photo, marks: [] }, table, cat).calibration.map;
  } catch (e) {
    if (e instanceof PhotoFieldProblem) return undefined; // the fit says so when it is run
    throw e;
  }
}

/**
 * The table with its photo's marks refined on `photo.image` (read relative to `tableFile`'s folder, or
 * the working folder for standard input), and what was done mark by mark; null when the photo names no
 * image or says `"refine": false`. A photo that cannot be read leaves every mark as given, with the
 * sentence why (`problem`).
 */
export function refinePhoto(
  table: Table,
  tableFile: string,
  cat: Catalog,
  budget: Budget,
  readPhoto: ReadPhoto = readPhotoGrey,
): { table: Table; refinement: PhotoRefinement } | null {
  const photo = table.photo;
  if (!photo?.image || photo.refine === false) return null;
  const asked = photo.calibration.length + photo.marks.reduce((s, m) => s + m.px.length, 0);
  if (budget.over()) {
    budget.refineAsked = asked; // cut by the budget: `partial` counts them (a photo that cannot be read: not)
    return { table, refinement: keptAll(photo, 'the budget ran out before the photo was read') };
  }
  const file = resolve(tableFile === '-' ? '.' : dirname(tableFile), photo.image);
  let img: GreyImage;
  try {
    img = readPhoto(file, `photo.image ${JSON.stringify(photo.image)}`);
  } catch (e) {
    if (e instanceof ImageProblem) return { table, refinement: keptAll(photo, e.message) };
    throw e;
  }
  budget.newStep(); // the decode is no measure of one mark's refining
  if (img.width !== photo.size[0] || img.height !== photo.size[1]) {
    const why =
      `photo.image ${JSON.stringify(photo.image)} is ${img.width} x ${img.height} pixels upright, but photo.size ` +
      `says ${photo.size[0]} x ${photo.size[1]}: the marks were made on another image`;
    return { table, refinement: keptAll(photo, why) };
  }
  budget.refineAsked = asked;
  const calibration = photo.calibration.map((c) =>
    refineOne(
      img,
      { px: c.px, piece: c.piece, kind: c.piece ? (c.point ?? 'outline') : null },
      table,
      cat,
      undefined,
      budget,
    ),
  );
  const cal = photo.calibration.map((c, i) => {
    const [px, sigmaPx] = taken(calibration[i], c.sigmaPx ?? PRIOR_SIGMA_PX);
    return { ...c, px, ...(sigmaPx !== PRIOR_SIGMA_PX || c.sigmaPx !== undefined ? { sigmaPx } : {}) };
  });
  const map = mapOf({ ...photo, calibration: cal }, table, cat);
  const pieces = new Map<string, MarkReport[]>();
  const marks = photo.marks.map((m): PhotoMark => {
    const claims = markSigmasPx(m) ?? m.px.map(() => PRIOR_SIGMA_PX);
    const done = m.px.map((px, j) =>
      refineOne(img, { px, piece: m.piece, kind: markKind(table, m, j) }, table, cat, map, budget),
    );
    pieces.set(m.piece, done.map(report));
    const got = done.map((r, j) => taken(r, claims[j]));
    const sigmas = got.map(([, s]) => s);
    const asGiven = m.sigmaPx === undefined && sigmas.every((s) => s === PRIOR_SIGMA_PX);
    return { ...m, px: got.map(([px]) => px), ...(asGiven ? {} : { sigmaPx: sigmas }) };
  });
  budget.newStep();
  return {
    table: { ...table, photo: { ...photo, calibration: cal, marks } },
    refinement: { calibration: calibration.map(report), pieces },
  };
}

/** A mark's report entry (its claimed sigma stays with the table). */
function report(r: MarkReport & { sigmaPx?: number }): MarkReport {
  return 'refinedPx' in r ? { px: r.px, refinedPx: r.refinedPx } : { px: r.px, refined: false, why: r.why };
}

/** The report's photo section with each mark as refined (a piece the fit left out has none). */
export function withMarks(photo: PhotoReport, r: PhotoRefinement): void {
  photo.calibration.marks = r.calibration;
  for (const [id, p] of Object.entries(photo.pieces)) {
    const marks = r.pieces.get(id);
    if (marks) p.marks = marks;
  }
}
