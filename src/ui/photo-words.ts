/**
 * The photo view's words (src/ui/photo.ts): what it asks the player to tap, the Mark buttons, the
 * fits list and the status line name the pieces as the table does everywhere else (src/model/names.ts:
 * "Victory 1", "CR90 2", a named squadron's name; obstacles, tokens and unnamed squadrons by their
 * ids), and so do the marks drawn on the photo. A player marks the real ship the words name: an id
 * ("p1-ship4") names none on the table. The ids stay in the elements' ids, their data attributes and
 * the `photo` field. No DOM, no pixi.
 */
import type { CalibrationPoint, PhotoEvidence, PhotoMark } from '../model/photo';
import { ROUND } from '../model/photo-snap';
import type { Table } from '../model/table';

/** Names for ids: the table's namer; an id it lacks stays itself. */
export type Say = (id: string) => string;

export type CalibrateMode = {
  kind: 'calibrate';
  ships: string[];
  ship: number;
  corner: number;
  done: number;
};
/** marking one piece; `queue`: the pieces asked for after it (the walk a loaded photo starts) */
export type MarkMode = { kind: 'mark'; piece: string; queue: string[] | null };
export type Mode = { kind: 'idle' } | CalibrateMode | MarkMode;

/** What the photo view asks the player to do now. */
export function promptText(mode: Mode, t: Table, draft: PhotoEvidence | null, say: Say): string {
  if (mode.kind === 'calibrate') {
    const id = mode.ships[mode.ship];
    return (
      `Calibrate: tap ${say(id)}'s ${ROUND[mode.corner]} base corner ` +
      "(its top edge: the tap is snapped to the base's edges). " +
      `${mode.corner >= 2 ? '"Next" to go on with fewer corners.' : ''}`
    );
  }
  if (mode.kind === 'mark') {
    const id = mode.piece;
    const n = draft?.marks.find((x) => x.piece === id)?.px.length ?? 0;
    if (t.ships.some((s) => s.id === id))
      return `Mark ${say(id)}: tap its ${ROUND[Math.min(3, n)]} base corner (its top edge; 2 to 4 corners).`;
    if (t.squadrons.some((s) => s.id === id))
      return `Mark ${say(id)}: tap points on its base's rim, spread around it (${n} of at least 3).`;
    return (
      `Mark ${say(id)}: tap corners of its outline (each taken as the corner nearest where the piece now ` +
      `lies; drag it over the photo first). ${n} of at least 2.`
    );
  }
  return draft?.calibration.length || draft?.marks.length
    ? 'Press a mark to move it (the fit follows), or choose a piece to mark.'
    : 'Choose a piece to mark (its "Mark" button).';
}

/**
 * One mark's point in words, as the status line says it: a ship's corner ("Victory 1 front-left", never
 * "Victory 1 0": a number after a numbered name), another piece's point by its place among its marks
 * ("rock1 point 0").
 */
export function markPointWords(say: Say, piece: string, points: PhotoMark['points'], j: number): string {
  const p = Array.isArray(points) ? points[j] : undefined;
  return `${say(piece)} ${typeof p === 'string' ? p : `point ${j}`}`;
}

/**
 * One calibration point in words: the piece and its point ("Imperial front-left"), a point in the piece's
 * own frame ("rock1 [10,4]") when `frame` is asked for (the fits list), else the piece alone; "table point"
 * for a point given in table mm.
 */
export function calibrationPointWords(say: Say, c: CalibrationPoint, frame = false): string {
  if (!c.piece) return frame ? `[${c.mm}] mm` : 'table point';
  if (typeof c.point === 'string') return `${say(c.piece)} ${c.point}`;
  return frame ? `${say(c.piece)} [${c.point}]` : say(c.piece);
}

/** A Mark button's words: "Mark Victory 1". */
export const markButtonText = (say: Say, id: string) => `Mark ${say(id)}`;

/** The pieces marked so far while the photo waits for a second: "Marked: Victory 1. " or ''. */
export const markedWords = (say: Say, ids: readonly string[]) =>
  ids.length ? `Marked: ${ids.map(say).join(', ')}. ` : '';
