/**
 * The dispute card with pieces placed from a photo (src/rules/attacks/dispute.ts, photoPrecision):
 * a deciding margin above the placement precision but below the photo's stated uncertainty is a
 * close call, and the card says where the positions came from. Built so: cr90 1.8 mm inside long
 * range of isd, marked on a synthetic photo taken straight down. With the table's namer the card names
 * them as the table does ("CR90", "Imperial").
 */
import { describe, expect, it } from 'vitest';
import { place } from '../../../src/geometry/point';
import { cornerLocal, CORNERS } from '../../../src/model/photo';
import { CATALOG } from '../../../src/model/catalog';
import { namer } from '../../../src/model/names';
import { type Table, validateTable } from '../../../src/model/table';
import { PinholeCamera } from '../../../src/photo/camera';
import { disputeOf } from '../../../src/rules/attacks/dispute';
import { analyze } from '../../../src/rules/report/analyze';
import { World } from '../../../src/rules/world';

const LONG_END = CATALOG.ruler.range[2].end;

function tableAt(cx: number, photo?: unknown): Table {
  return validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ships: [
      { id: 'isd', class: 'imperial', player: 1, x: 600, y: 400, rotation: 270 },
      { id: 'cr90', class: 'cr90', player: 2, x: cx, y: 400, rotation: 90 },
    ],
    ...(photo ? { photo } : {}),
  });
}
const attackOf = (t: Table) =>
  analyze(t).attacks.find((a) => a.attacker === 'cr90.front' && a.defender === 'isd.front')!;

describe('dispute card: positions from the photo', () => {
  // cr90 placed so that the range is 1.8 mm short of the end of long range
  let cx = 950;
  for (let i = 0; i < 3; i++) cx += LONG_END - 1.8 - attackOf(tableAt(cx)).rangeMm!;
  const camera = new PinholeCamera({
    target: { x: 780, y: 400 },
    distance: 900,
    tiltDeg: 0,
    tiltTowardDeg: 0,
    upDeg: 90,
    width: 2000,
    height: 1500,
    focalPx: 2000,
  });
  const px = (x: number, y: number) => {
    const q = camera.project({ x, y })!;
    return [q.x, q.y];
  };
  const plain = tableAt(cx);
  const isd = plain.ships[0],
    cr90 = plain.ships[1];
  const at = (s: typeof isd, c: (typeof CORNERS)[number]) => {
    const l = cornerLocal(CATALOG, s, c);
    return place(l.x, l.y, s.x, s.y, s.rotation);
  };
  const photo = {
    size: [2000, 1500],
    calibration: [
      ...CORNERS.map((c) => ({ px: px(at(isd, c).x, at(isd, c).y), piece: 'isd', point: c })),
      { px: px(550, 250), mm: [550, 250] },
      { px: px(1000, 250), mm: [1000, 250] },
      { px: px(1000, 550), mm: [1000, 550] },
    ],
    marks: [
      {
        piece: 'cr90',
        px: (['front-left', 'front-right'] as const).map((c) => px(at(cr90, c).x, at(cr90, c).y)),
        points: ['front-left', 'front-right'],
      },
    ],
  };

  it('by hand (1 mm precision) 1.8 mm is not close; from the photo (its uncertainty) it is, and the card says why', () => {
    const byHand = disputeOf(new World(plain), attackOf(plain), 1);
    expect(byHand.closeCall).toBe(false);
    expect(byHand.photo).toBeUndefined();
    const withPhoto = tableAt(cx, photo);
    const fit = analyze(withPhoto).photo!.pieces.cr90;
    // the marks are exact: the fit is where cr90 lies, so the file's pose is the photo's
    expect(fit.offsetMm).toBeLessThan(0.005);
    expect(fit.uncertaintyMm).toBeGreaterThan(1.8);
    const d = disputeOf(new World(withPhoto), attackOf(withPhoto), 1);
    const range = d.margins.find((m) => m.topic === 'range' && m.decides)!;
    expect(range.mm).toBeCloseTo(1.8, 6);
    expect(range.close).toBe(true);
    expect(d.closeCall).toBe(true);
    // the calibration ship was placed by hand: known to the placement precision, never to its residual (0 here)
    expect(d.photo).toMatch(
      /^from the photo: cr90 \+-\d+\.\d\d mm, isd \+-1\.00 mm \(calibration, placed by hand\)$/,
    );
    expect(d.photo).toContain(`cr90 +-${fit.uncertaintyMm.toFixed(2)} mm`);
    // the card names the pieces as the table does (its headline's namer), never by their ids
    const named = disputeOf(new World(withPhoto), attackOf(withPhoto), 1, namer(withPhoto));
    expect(named.photo).toBe(
      `from the photo: CR90 +-${fit.uncertaintyMm.toFixed(2)} mm, Imperial +-1.00 mm (calibration, placed by hand)`,
    );
  });

  it('a piece moved after it was placed from the photo is by hand again', () => {
    const moved = tableAt(cx + 0.5, photo);
    const d = disputeOf(new World(moved), attackOf(moved), 1);
    expect(d.photo).toBe('from the photo: isd +-1.00 mm (calibration, placed by hand)');
  });
  it('a piece marked far outside the calibration is said to be extrapolated; one inside is not', () => {
    // the calibration's hull ends at x = 1000: the cr90's centre a hair beyond, far less than half its span
    const inside = analyze(tableAt(cx, photo)).photo!.pieces.cr90;
    expect(inside.outsideCalibrationMm).toBeCloseTo(cx - 1000, 6);
    expect(inside.extrapolated).toBeUndefined();
    expect(disputeOf(new World(tableAt(cx, photo)), attackOf(tableAt(cx, photo)), 1).photo).not.toContain(
      'extrapolated',
    );
    // the calibration moved to the isd's side: its hull ends at the isd, about 340 mm short of the cr90
    const near = {
      ...photo,
      calibration: [
        ...photo.calibration.slice(0, 4),
        { px: px(550, 250), mm: [550, 250] },
        { px: px(650, 250), mm: [650, 250] },
        { px: px(650, 550), mm: [650, 550] },
      ],
    };
    const far = tableAt(cx, near);
    const fit = analyze(far).photo!.pieces.cr90;
    // the cr90's centre to the hull's edge: the isd's far corners (turned 270 degrees, its 129 mm base
    // runs along x from its centre at x = 600), by construction
    const edge = 600 + CATALOG.shipSizes.large.base.length / 2;
    expect(fit.outsideCalibrationMm).toBeCloseTo(cx - edge, 6);
    expect(fit.extrapolated).toBe(true);
    const d = disputeOf(new World(far), attackOf(far), 1);
    expect(d.photo).toContain(
      `cr90 lies ${(cx - edge).toFixed(0)} mm outside the calibration, so it is extrapolated`,
    );
    expect(disputeOf(new World(far), attackOf(far), 1, namer(far)).photo).toContain(
      `CR90 lies ${(cx - edge).toFixed(0)} mm outside the calibration, so it is extrapolated`,
    );
  });
});
