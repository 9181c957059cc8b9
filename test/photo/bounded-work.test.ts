/**
 * A photo's work is bounded by what the player marked: each piece's fit (its pose and uncertainty)
 * takes time linear in its marks, counted here as the plane map's evaluations (not timed), the marks
 * on one piece are capped with the cap named, and a fit is made once: reading a stored table, or a
 * change elsewhere on the table, reuses it (src/photo/pose.ts, src/model/photo.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { MAX_PHOTO_POINTS, marksHash, photoFitsMade } from '../../src/model/photo';
import { checkPhotoFit, TableError, validateTable } from '../../src/model/table';
import { fitPlane, PlaneMap } from '../../src/photo/homography';
import { fitPose } from '../../src/photo/pose';
import { readTable } from '../../src/state/kept-records';
import { fitPhotoInSlices } from '../../src/state/photo-fits';

/** px = 10 mm + 100 (and a little noise): a table seen square-on at 10 px a millimetre. */
const seen = (x: number, y: number, noise: () => number) => [x * 10 + 100 + noise(), y * 10 + 100 + noise()];
function noise(seed: number) {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.6;
}
const rim = (x: number, y: number, m: number, n: () => number) =>
  Array.from({ length: m }, (_, k) =>
    seen(x + 17.5 * Math.cos((2 * Math.PI * k) / m), y + 17.5 * Math.sin((2 * Math.PI * k) / m), n),
  );

/** A table of `pieces` squadrons, each marked with `m` rim marks, calibrated on five table points. */
function photoTable(pieces: number, m: number) {
  const n = noise(7);
  const squadrons = Array.from({ length: pieces }, (_, i) => ({
    id: `q${i}`,
    player: 1 + (i % 2),
    x: 60 + (i % 40) * 42,
    y: 60 + Math.floor(i / 40) * 42,
  }));
  return {
    format: 'armada-table/1',
    table: '3x6',
    ships: [],
    squadrons,
    obstacles: [],
    tokens: [],
    photo: {
      size: [20000, 10000],
      calibration: [
        [0, 0],
        [1800, 0],
        [0, 900],
        [1800, 900],
        [900, 450],
      ].map(([x, y]) => ({ px: [x * 10 + 100, y * 10 + 100], mm: [x, y] })),
      marks: squadrons.map((q) => ({ piece: q.id, points: 'rim', px: rim(q.x, q.y, m, n) })),
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('photo work bounded by the marks', () => {
  it("a piece's fit and uncertainty take work linear in its marks (50 -> 200 rim marks: about 4 times, not 16)", () => {
    const cal = fitPlane(
      [
        [0, 0],
        [1800, 0],
        [0, 900],
        [1800, 900],
        [900, 450],
      ].map(([x, y]) => ({ x: x * 10 + 100, y: y * 10 + 100 })),
      [
        [0, 0],
        [1800, 0],
        [0, 900],
        [1800, 900],
        [900, 450],
      ].map(([x, y]) => ({ x, y })),
    );
    const toPx = vi.spyOn(PlaneMap.prototype, 'toPxWithParams');
    const toMm = vi.spyOn(PlaneMap.prototype, 'toMmWithParams');
    const work = (m: number) => {
      toPx.mockClear();
      toMm.mockClear();
      const marks = rim(500, 300, m, noise(m)).map(([x, y]) => ({ x, y }));
      const fit = fitPose(cal, marks, { kind: 'rim', radius: 17.5 });
      expect(Math.hypot(fit.x - 500, fit.y - 300)).toBeLessThan(0.2);
      return toPx.mock.calls.length + toMm.mock.calls.length;
    };
    const [few, many] = [work(50), work(200)];
    console.log(
      `map evaluations: 50 rim marks ${few}, 200 rim marks ${many} (ratio ${(many / few).toFixed(2)})`,
    );
    expect(many / few).toBeLessThan(6);
  });

  it('marks on one piece are capped, and the message names the cap', () => {
    const t = photoTable(1, MAX_PHOTO_POINTS + 1);
    expect(() => validateTable(t)).toThrow(TableError);
    expect(() => validateTable(t)).toThrow(
      `photo.marks[0].px: 201 marks on "q0"; at most ${MAX_PHOTO_POINTS} marks on one piece are read (a dozen ` +
        `place it as well as any number)`,
    );
  });

  it('reading a stored table never redoes its fit; a change elsewhere on the table reuses the fits', () => {
    const raw = photoTable(20, 200);
    const before = photoFitsMade();
    const t = validateTable(raw); // opened: checked in full
    expect(photoFitsMade() - before).toBe(20);
    const stored = photoFitsMade();
    for (let k = 0; k < 5; k++) readTable(raw); // every start, every save's re-check of Tables
    expect(photoFitsMade() - stored, 'stored tables read without a fit').toBe(0);
    // a change elsewhere (a squadron's id unchanged, one moved a little): the table's own marks, refitted never
    const moved = { ...t, squadrons: t.squadrons.map((q, i) => (i === 3 ? { ...q, x: q.x + 1 } : q)) };
    checkPhotoFit(moved);
    expect(photoFitsMade() - stored).toBe(0);
    // a mark moved: that piece, and only it, is fitted again
    const marks = t.photo!.marks.map((m, i) =>
      i === 5 ? { ...m, px: m.px.map(([x, y]) => [x + 1, y] as [number, number]) } : m,
    );
    checkPhotoFit({ ...t, photo: { ...t.photo!, marks } });
    expect(photoFitsMade() - stored).toBe(1);
  });

  it("a fit is found by its marks' content: a copy reuses it, a change in any coordinate's last bit does not", () => {
    const raw = photoTable(3, 50);
    const t = validateTable(raw);
    const made = photoFitsMade();
    checkPhotoFit(structuredClone(t)); // the same marks in new objects
    expect(photoFitsMade() - made).toBe(0);
    for (const [i, j, k] of [
      [0, 0, 0],
      [1, 49, 1],
      [2, 17, 0],
    ]) {
      const marks = structuredClone(t.photo!.marks);
      const v = marks[i].px[j][k];
      marks[i].px[j][k] = v + Math.abs(v) * Number.EPSILON; // the next number up
      const before = photoFitsMade();
      checkPhotoFit({ ...t, photo: { ...t.photo!, marks } });
      expect(photoFitsMade() - before, `mark ${j} of piece ${i}, coordinate ${k}`).toBe(1);
    }
  });

  it('the marks hash tells apart lists that differ in one coordinate, or in order', () => {
    const xy = fc.tuple(
      fc.double({ noNaN: true, min: -1e5, max: 1e5 }),
      fc.double({ noNaN: true, min: -1e5, max: 1e5 }),
    );
    fc.assert(
      fc.property(
        fc.array(xy, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.double({ noNaN: true }),
        (px, at, v) => {
          const i = at % px.length;
          const other = px.map((p) => [...p] as [number, number]);
          fc.pre(!Object.is(other[i][at % 2], v) && !(other[i][at % 2] === 0 && v === 0));
          other[i][at % 2] = v;
          expect(marksHash(other)).not.toBe(marksHash(px));
          if (px.length > 1 && (px[0][0] !== px[1][0] || px[0][1] !== px[1][1]))
            expect(marksHash([px[1], px[0], ...px.slice(2)])).not.toBe(marksHash(px));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the app fits a photo a piece at a time, giving the page back between slices; the fits are then kept', async () => {
    const raw = photoTable(30, 120);
    raw.photo.marks[0].px = raw.photo.marks[0].px.map((p, i) => [p[0] + i * 0.001, p[1]]); // content unseen before
    const t = validateTable(raw, { photoFit: false });
    const before = photoFitsMade();
    let gaps = 0;
    const ticker = setInterval(() => gaps++, 0);
    await fitPhotoInSlices(t, 1); // a slice of 1 ms: many gaps
    clearInterval(ticker);
    expect(photoFitsMade() - before).toBe(30);
    console.log(`30 pieces of 120 marks fitted with the page given back ${gaps} times`);
    expect(gaps).toBeGreaterThan(0);
    const after = photoFitsMade();
    validateTable(raw); // a full check now reuses every fit
    expect(photoFitsMade() - after).toBe(0);
    // marks that cannot place their piece: refused naming the field, as the full check does
    const bad = photoTable(2, 3);
    bad.photo.marks[1].px = [
      [700, 700],
      [700.1, 700],
      [702, 700],
    ];
    await expect(fitPhotoInSlices(validateTable(bad, { photoFit: false }))).rejects.toThrow(
      /^photo\.marks\[1\]: "q1"/,
    );
    expect(() => validateTable(bad)).toThrow(/^photo\.marks\[1\]: "q1"/);
  });

  it("a change elsewhere keeps the photo as read (the same object), yet the photo's pieces are checked again", () => {
    const t = validateTable(photoTable(20, 60));
    const moved = { ...t, squadrons: t.squadrons.map((q, k) => (k === 3 ? { ...q, x: q.x + 5 } : q)) };
    // read once: the next change's table holds the photo that was read, and reading it again keeps it
    expect(validateTable(moved).photo).toBe(t.photo);
    // what the checks take from the pieces, their ids and kinds, is checked whatever was read before
    const gone = { ...t, squadrons: t.squadrons.filter((q) => q.id !== 'q4') };
    expect(() => validateTable(gone)).toThrow(/^photo\.marks\[4\]\.piece: no piece with id "q4"/);
    const asToken = {
      ...gone,
      tokens: [{ id: 'q4', type: 'objective', x: 300, y: 300 }],
    };
    expect(() => validateTable(asToken)).toThrow(/^photo\.marks\[4\]/);
  });
});
