/**
 * A table whose photo has no calibration (table-format.md, "Photo evidence, precise"): the report's
 * photo comes from the joint fit of the camera and every marked piece, anchored on the pieces' own
 * rough poses in the file; bad marks are refused naming the piece.
 */
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/geometry/point';
import { roundNumbers } from '../../src/model/report';
import { TableError, validateTable } from '../../src/model/table';
import { rigidFit } from '../../src/photo/joint';
import { analyze } from '../../src/rules/report/analyze';
import { jointScene, jointTable } from './joint-scenes';
import { onTable } from './synthetic';

const refusal = (t: unknown): string => {
  try {
    validateTable(t);
  } catch (e) {
    if (e instanceof TableError) return e.message;
    throw e;
  }
  throw new Error('the table was taken');
};

describe('a photo without calibration', () => {
  it('is fitted jointly: fit, anchor and camera in the report, every marked piece placed', () => {
    const scene = jointScene({ seed: 11, tiltDeg: 25, k1: -0.03, noisePx: 0.3 });
    const photo = roundNumbers(analyze(validateTable(jointTable(scene)))).photo!;
    expect(photo.fit).toBe('joint');
    expect(photo.anchor).toBe('pieces');
    expect(Object.keys(photo.camera!)).toEqual(['focalPx', 'k1', 'tiltDeg', 'k1Fitted']);
    expect(Math.abs(photo.camera!.tiltDeg - 25)).toBeLessThan(1);
    expect(photo.camera!.k1Fitted).toBe(true);
    expect(photo.calibration).toEqual({ points: 0, rmsMm: 0, maxMm: 0, residualsMm: [] });
    expect(Object.keys(photo.pieces)).toEqual(['isd', 'cr90', 'vic', 'tie', 'rock']);
    // relative to each other the pieces lie where they truly are, to within what each states
    const from: Point[] = [],
      to: Point[] = [],
      owner: string[] = [];
    for (const p of scene.input.pieces) {
      for (const l of p.outline.length ? p.outline : [{ x: 0, y: 0 }]) {
        from.push(onTable(photo.pieces[p.id], l));
        to.push(onTable(scene.truth.get(p.id)!, l));
        owner.push(p.id);
      }
    }
    const [tx, ty, a] = rigidFit(from, to);
    from.forEach((p, k) => {
      const e = Math.hypot(
        p.x * Math.cos(a) - p.y * Math.sin(a) + tx - to[k].x,
        p.x * Math.sin(a) + p.y * Math.cos(a) + ty - to[k].y,
      );
      expect(e).toBeLessThanOrEqual(photo.pieces[owner[k]].uncertaintyMm + 0.01);
      expect(e).toBeLessThan(1);
    });
    // a squadron marked with 5 rim points: its base measured through the fitted camera
    expect(photo.pieces.tie.diameterMm).toBeCloseTo(34, 0);
    // the file's rough poses (8 mm off, each its own way) lie off the fit; the group as a whole does not
    expect(Math.max(...Object.values(photo.pieces).map((p) => p.offsetMm))).toBeGreaterThan(4);
  });

  it('the lens held straight when the marks do not fix it: the report says so, and why', () => {
    const scene = jointScene({ seed: 3, tiltDeg: 20, k1: 0, noisePx: 1, fill: 0.1 });
    const t = jointTable(scene);
    const photo = analyze(validateTable(t)).photo!;
    // the pieces fill the middle of the photo: the marks do not fix k1
    expect(photo.camera!.k1Fitted).toBe(false);
    expect(photo.camera!.k1).toBe(0);
    expect(photo.notes![0]).toMatch(/^lens distortion not fitted \(k1 = 0\): the marks fix it only to \+-/);
  });

  it('"fit": "joint" with a calibration: its points take part, and anchor the group where the file puts them', () => {
    const scene = jointScene({ seed: 8, tiltDeg: 25, k1: 0.02, noisePx: 0.3, offMm: 0, offDeg: 0 });
    const t = jointTable(scene);
    // cr90 placed exactly (the file holds the truth): its corners become the calibration
    const cr90 = t.photo.marks.find((m) => m.piece === 'cr90')!;
    const photo = {
      ...t.photo,
      fit: 'joint',
      calibration: cr90.px.map((px, k) => ({ px, piece: 'cr90', point: cr90.points[k] as string })),
      marks: t.photo.marks.filter((m) => m.piece !== 'cr90'),
    };
    // the others placed roughly: the calibration, not they, fixes where the group lies
    const rough = { ...t, ships: t.ships.map((s) => (s.id === 'cr90' ? s : { ...s, x: s.x + 20 })), photo };
    const report = analyze(validateTable(rough)).photo!;
    expect([report.fit, report.anchor]).toEqual(['joint', 'calibration pieces']);
    expect(report.calibration.points).toBe(4);
    expect(report.calibration.maxMm).toBeLessThan(0.5);
    for (const id of ['isd', 'vic', 'tie', 'rock']) {
      const truth = scene.truth.get(id)!;
      const p = report.pieces[id];
      expect(Math.hypot(p.x - truth.x, p.y - truth.y)).toBeLessThan(p.uncertaintyMm + 0.5);
    }
    // the same calibration without "fit": the plane's map first, as before
    const calibrated = analyze(validateTable({ ...rough, photo: { ...photo, fit: undefined } })).photo!;
    expect(calibrated.fit).toBe('calibrated');
  });

  it('one marked piece: refused naming it, at its mark entry', () => {
    const t = jointTable(jointScene({ seed: 2, tiltDeg: 20, k1: 0, noisePx: 0.3 }));
    t.photo.marks = t.photo.marks.filter((m) => m.piece === 'cr90');
    expect(refusal(t)).toMatch(
      /^photo\.marks\[0\]: only "cr90" is marked: a photo places pieces relative to each/,
    );
  });

  it('a mark height out of range is refused naming the field', () => {
    const t = jointTable(jointScene({ seed: 2, tiltDeg: 20, k1: 0, noisePx: 0.3 }));
    (t.photo.marks[1] as Record<string, unknown>).heightMm = -1;
    expect(refusal(t)).toBe(
      "photo.marks[1].heightMm: expected the marks' height above the table in mm, 0 to 100, got -1",
    );
  });
});
