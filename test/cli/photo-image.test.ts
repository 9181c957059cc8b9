/**
 * `photo.image` on the command line (src/cli/refine-photo.ts): the photo a table file names is read
 * (JPEG and PNG, upright by EXIF orientation) and every mark refined on it with the app's snap code.
 * On a rendered photo with known truth (test/fixtures/photo: `npx tsx scripts/synthetic-photo.ts DIR
 * --width 2000 --height 1500 --jpeg 75 --noise 2 --seed 22`: ray-cast 3 mm bases, blur 1 px, JPEG 75, 180 KB)
 * taps 4-6 px off come back within 0.3 px; a photo that cannot be read is named and the taps are used;
 * the budget is honoured; a table without `image` is untouched. The photo is decoded once and the table
 * judged in process (src/cli/judge-table.ts, what the command line runs); the command line itself runs as
 * a child process only where it is the subject: its message and exit code, its budget.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeTable } from '../../src/cli/judge-table';
import { readPhotoGrey, upright } from '../../src/cli/photo-image';
import { type ReadPhoto, refinePhoto } from '../../src/cli/refine-photo';
import { place } from '../../src/geometry/point';
import { CATALOG } from '../../src/model/catalog';
import { roundNumbers } from '../../src/model/report';
import { validateTable } from '../../src/model/table';
import { PinholeCamera } from '../../src/photo/camera';
import { type GreyImage, KEPT_TAP_SIGMA_PX, SEARCH_PX } from '../../src/photo/snap';
import { Budget } from '../../src/rules/report/budget';
import { projectPoint } from '../../src/photo/render-scene';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const FIX = join(ROOT, 'test/fixtures/photo');
type XY = [number, number];
interface Shot {
  width: number;
  height: number;
  start: Record<string, unknown>;
  truth: { squadrons: { x: number; y: number }[] };
  points: Record<string, XY>;
  camera: ConstructorParameters<typeof PinholeCamera>[0];
  k1: number;
}
const shot: Shot = JSON.parse(readFileSync(join(FIX, 'photo.json'), 'utf8'));
const ROUND = ['front-left', 'front-right', 'rear-right', 'rear-left'] as const;
/** taps 4-6 px off, each a different way */
const OFFS: XY[] = [
  [4, -3],
  [-3, 4],
  [5, 2],
  [-2, -5],
  [3, 3],
  [-4, -2],
  [2, -5],
  [-5, 1],
];
const scene = { camera: new PinholeCamera(shot.camera), k1: shot.k1, prisms: [] };
const tie = shot.truth.squadrons[0];
const R = CATALOG.squadron.diameter / 2;
/** where the squadron base's top rim (3 mm up) is seen at angle a (degrees) */
const rimAt = (a: number): XY => {
  const q = projectPoint(scene, place(R, 0, tie.x, tie.y, a), 3);
  return [q.x, q.y];
};
const RIM_DEG = [10, 70, 130, 190, 250, 310];
/** the true rim in the photo, every 0.05 degrees (projected once) */
let rimPx: XY[] | undefined;
/** how far a pixel lies from the squadron's true rim in the photo */
const offRim = (p: XY) => {
  rimPx ??= Array.from({ length: 7200 }, (_, i) => rimAt(i * 0.05));
  let best = Infinity;
  for (const q of rimPx) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  return best;
};
const tap = (p: XY, o: XY): XY => [Math.round((p[0] + o[0]) * 10) / 10, Math.round((p[1] + o[1]) * 10) / 10];

/** The start table with its photo: two ships calibrate, cr90 and tie1 marked, every tap a few px off. */
function photoTable(image?: string, extra: Record<string, unknown> = {}) {
  const t = structuredClone(shot.start);
  let k = 0;
  const corner = (id: string) =>
    ROUND.map((c) => ({ px: tap(shot.points[`${id}.${c}`], OFFS[k++ % 8]), piece: id, point: c }));
  t.photo = {
    size: [shot.width, shot.height],
    ...(image ? { image } : {}),
    ...extra,
    calibration: [...corner('isd'), ...corner('vsd')],
    marks: [
      {
        piece: 'cr90',
        px: ROUND.map((c, i) => tap(shot.points[`cr90.${c}`], OFFS[(i + 3) % 8])),
        points: [...ROUND],
      },
      {
        piece: 'tie1',
        // 3 px out or in along the rim's radius in the photo
        px: RIM_DEG.map((a, i) => {
          const p = rimAt(a),
            c = projectPoint(scene, tie, 3);
          const d = Math.hypot(p[0] - c.x, p[1] - c.y),
            s = i % 2 ? 3 : -3;
          return tap(p, [(s * (p[0] - c.x)) / d, (s * (p[1] - c.y)) / d]);
        }),
        points: 'rim',
      },
    ],
  };
  return t;
}

const dir = mkdtempSync(join(tmpdir(), 'armada-photo-cli-'));
copyFileSync(join(FIX, 'photo.jpg'), join(dir, 'photo.jpg'));
const write = (name: string, t: unknown) => {
  writeFileSync(join(dir, name), JSON.stringify(t));
  return join(dir, name);
};
const analyze = (file: string, ...args: string[]) =>
  spawnSync(process.execPath, [...cliArgs('analyze'), ...args, file], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });

/** each photo decoded once, however many runs read it */
const decoded = new Map<string, GreyImage>();
const readOnce: ReadPhoto = (file, name) => {
  let img = decoded.get(file);
  if (!img) decoded.set(file, (img = readPhotoGrey(file, name)));
  return img;
};
/** the report as the command line writes it (rounded, as JSON), judged in process */
const judgeReport = (t: unknown): { photo: PhotoOut } => {
  const warned: string[] = [];
  const report = judgeTable(
    validateTable(t),
    join(dir, 't.json'),
    CATALOG,
    new Budget(60_000),
    (line) => warned.push(line),
    readOnce,
  );
  expect(warned).toEqual([]);
  return JSON.parse(JSON.stringify(roundNumbers(report)));
};
const judge = (t: unknown): PhotoOut => judgeReport(t).photo;
/** the tap-only photo (no image), judged once */
let tapsOnly: PhotoOut | undefined;
const taps = () => (tapsOnly ??= judge(photoTable()));

type Mark = { px: XY; refinedPx?: XY; refined?: false; why?: string };
interface PhotoOut {
  calibration: { marks?: Mark[] };
  pieces: Record<string, { x: number; y: number; rotation: number; diameterMm?: number; marks?: Mark[] }>;
}

describe('photo.image: the command line refines the marks on the photo', () => {
  let photo: PhotoOut;
  // the photo decoded, refined and judged once for the tests below: on a loaded machine past the 10 s a hook gets
  beforeAll(() => {
    photo = judge(photoTable('photo.jpg'));
  }, 60_000);

  it('base corners tapped 4-6 px off come back within 0.3 px of the truth (a JPEG at quality 75)', () => {
    const truth = [
      ...['isd', 'vsd'].flatMap((id) => ROUND.map((c) => shot.points[`${id}.${c}`])),
      ...ROUND.map((c) => shot.points[`cr90.${c}`]),
    ];
    const marks = [...photo.calibration.marks!, ...photo.pieces.cr90.marks!];
    expect(marks).toHaveLength(12);
    const errs = marks.map((m, i) => {
      expect(m.refinedPx, m.why).toBeDefined();
      expect(Math.hypot(m.px[0] - truth[i][0], m.px[1] - truth[i][1])).toBeGreaterThan(3.5);
      return Math.hypot(m.refinedPx![0] - truth[i][0], m.refinedPx![1] - truth[i][1]);
    });
    console.log(`refined corners: ${errs.map((e) => e.toFixed(3)).join(', ')} px from the truth`);
    for (const e of errs) expect(e).toBeLessThan(0.3);
  });

  it('rim points tapped 3 px off come back onto the rim (0.45 px), and six of them measure the base', () => {
    const marks = photo.pieces.tie1.marks!;
    expect(marks).toHaveLength(6);
    const offs = marks.map((m) => offRim(m.refinedPx!));
    console.log(`refined rim points: ${offs.map((e) => e.toFixed(3)).join(', ')} px from the rim`);
    for (const m of marks) expect(offRim(m.px)).toBeGreaterThan(2);
    // the rim's image is an ellipse (the camera tilted 15-30 degrees) and the snap fits a circle to the arc
    // near the tap: 0.19-0.38 px here (2000 px wide, a base 85 px across), the corners' 0.06-0.27
    for (const e of offs) expect(e).toBeLessThan(0.45);
    expect(Math.abs(photo.pieces.tie1.diameterMm! - 2 * R)).toBeLessThan(0.5);
  });

  it('the refined marks place the pieces closer to the truth than the taps do', () => {
    const tapped = taps();
    const truth = { cr90: [985, 385], tie1: [tie.x, tie.y] } as const;
    for (const id of ['cr90', 'tie1'] as const) {
      const err = (p: PhotoOut) => Math.hypot(p.pieces[id].x - truth[id][0], p.pieces[id].y - truth[id][1]);
      console.log(
        `${id}: ${err(tapped).toFixed(2)} mm from the truth from the taps, ${err(photo).toFixed(2)} refined`,
      );
      expect(err(photo)).toBeLessThan(err(tapped));
      expect(tapped.pieces[id].marks).toBeUndefined();
    }
  });

  it('a PNG of the same pixels gives the same marks; refine: false, and no image, give the taps', () => {
    const img = jpeg.decode(readFileSync(join(dir, 'photo.jpg')), { useTArray: true, formatAsRGBA: true });
    writeFileSync(
      join(dir, 'same.png'),
      // the least compression: the same pixels, written in a third of the time
      encodePng(
        { width: img.width, height: img.height, data: img.data, channels: 4 },
        { zlib: { level: 1 } },
      ),
    );
    const cat = CATALOG;
    const asPng = refinePhoto(
      validateTable(photoTable('same.png')),
      join(dir, 't.json'),
      cat,
      new Budget(60_000),
      readOnce,
    );
    const asJpeg = refinePhoto(
      validateTable(photoTable('photo.jpg')),
      join(dir, 't.json'),
      cat,
      new Budget(60_000),
      readOnce,
    );
    expect(asPng!.refinement).toEqual(asJpeg!.refinement);
    expect(decodePng(readFileSync(join(dir, 'same.png'))).width).toBe(shot.width);
    expect(judgeReport(photoTable('photo.jpg', { refine: false }))).toEqual(judgeReport(photoTable()));
  });
});

describe('photo.image: a mark the photo cannot refine claims what a rough tap is worth', () => {
  /** cr90's front-left corner tapped 40 px out from its base (beyond the search); `sigmaPx`: its entry's claim */
  const farTap = (sigmaPx?: number) => {
    const t = photoTable('photo.jpg') as { photo: { marks: { px: XY[]; sigmaPx?: number }[] } };
    const corners = ROUND.map((c) => shot.points[`cr90.${c}`]);
    const mid = [0, 1].map((k) => corners.reduce((a, p) => a + p[k], 0) / 4);
    const out = [corners[0][0] - mid[0], corners[0][1] - mid[1]];
    const d = 40 / Math.hypot(out[0], out[1]);
    const cr90 = t.photo.marks[0];
    cr90.px[0] = tap(corners[0], [d * out[0], d * out[1]]);
    if (sigmaPx !== undefined) cr90.sigmaPx = sigmaPx;
    const r = refinePhoto(validateTable(t), join(dir, 't.json'), CATALOG, new Budget(60_000), readOnce)!;
    return { kept: r.refinement.pieces.get('cr90')!, claims: r.table.photo!.marks[0].sigmaPx as number[] };
  };

  it("a tap 40 px off is kept, claiming a rough tap's sigma (not a loupe's 1 px); the others their fits'", () => {
    const { kept, claims } = farTap();
    expect(kept[0]).toMatchObject({ refined: false });
    expect(kept.slice(1).every((m) => 'refinedPx' in m)).toBe(true);
    expect(claims[0]).toBe(KEPT_TAP_SIGMA_PX);
    expect(KEPT_TAP_SIGMA_PX).toBe(SEARCH_PX / 2);
    for (const s of claims.slice(1)) expect(s).toBeLessThan(1);
  });

  it("the entry's own claim is only ever raised: 0.5 px becomes a rough tap, 20 px stays 20", () => {
    expect(farTap(0.5).claims[0]).toBe(KEPT_TAP_SIGMA_PX);
    expect(farTap(20).claims[0]).toBe(20);
  });
});

describe('photo.image: what cannot be read is named, and the taps are used', () => {
  const refine = (image: string) =>
    refinePhoto(validateTable(photoTable(image)), join(dir, 't.json'), CATALOG, new Budget(60_000), readOnce)!
      .refinement;

  it('a missing file: one line on standard error naming it, exit 0, every mark as tapped with why', () => {
    const out = analyze(write('missing.json', photoTable('nowhere/photo.jpg')));
    expect(out.status).toBe(0);
    expect(out.stderr.trim()).toBe(
      'photo.image "nowhere/photo.jpg": no such file (the path is taken relative to the table file); ' +
        'the marks are used as given',
    );
    const photo = JSON.parse(out.stdout).photo as PhotoOut;
    expect(photo.pieces.cr90.x).toBe(taps().pieces.cr90.x);
    for (const m of [...photo.calibration.marks!, ...photo.pieces.cr90.marks!, ...photo.pieces.tie1.marks!])
      expect(m).toEqual({ px: m.px, refined: false, why: expect.stringMatching(/^photo\.image "nowhere/) });
  });

  it('not an image, another image than the marks were made on, an image too large to read', () => {
    writeFileSync(join(dir, 'notes.txt'), 'the photo is on my phone');
    expect(refine('notes.txt').problem).toBe(
      'photo.image "notes.txt" is not an image; the command line reads JPEG and PNG photos',
    );
    writeFileSync(
      join(dir, 'small.png'),
      encodePng({ width: 10, height: 8, data: new Uint8Array(240), channels: 3 }),
    );
    expect(refine('small.png').problem).toBe(
      'photo.image "small.png" is 10 x 8 pixels upright, but photo.size says 2000 x 1500: the marks were made on ' +
        'another image',
    );
    // a PNG whose header states 10,000 x 10,000 pixels: refused by its header, before decoding
    const big = encodePng({ width: 10, height: 8, data: new Uint8Array(240), channels: 3 });
    new DataView(big.buffer, big.byteOffset).setUint32(16, 10_000);
    new DataView(big.buffer, big.byteOffset).setUint32(20, 10_000);
    writeFileSync(join(dir, 'big.png'), big);
    expect(refine('big.png').problem).toMatch(
      /^photo\.image "big\.png" is 10000 x 10000 pixels \(100 megapixels\); at most 50/,
    );
    writeFileSync(join(dir, 'cut.jpg'), readFileSync(join(dir, 'photo.jpg')).subarray(0, 400));
    expect(refine('cut.jpg').problem).toMatch(/^photo\.image "cut\.jpg" is a JPEG that cannot be decoded/);
  });

  it('the budget: refining stops when it runs out, and partial says how many marks were refined', () => {
    const out = analyze(write('budget.json', photoTable('photo.jpg')), '--budget', '0.01');
    expect(out.status).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.partial.sections.refine).toEqual({ judged: 0, asked: 18 });
    // a budget that runs out half way through: the first marks refined, the rest as tapped, in order
    let calls = 0;
    const b = new Budget(60_000);
    b.over = () => ++calls > 5;
    const r = refinePhoto(validateTable(photoTable('photo.jpg')), join(dir, 't.json'), CATALOG, b, readOnce)!;
    const all = [
      ...r.refinement.calibration,
      ...r.refinement.pieces.get('cr90')!,
      ...r.refinement.pieces.get('tie1')!,
    ];
    expect(all.map((m) => 'refinedPx' in m)).toEqual(all.map((_, i) => i < 4));
    expect(all[4]).toEqual({
      px: all[4].px,
      refined: false,
      why: 'the budget ran out before it was refined',
    });
    expect([b.refineDone, b.refineAsked]).toEqual([4, 18]);
  });
});

describe('photo.image: a JPEG stored turned is read upright (EXIF orientation)', () => {
  it('each orientation 2-8 maps the stored pixels back upright', () => {
    // the upright 3 x 2 image [[1, 2, 3], [4, 5, 6]] as each orientation stores it
    const up = [1, 2, 3, 4, 5, 6];
    const stored: Record<number, [number, number, number[]]> = {
      2: [3, 2, [3, 2, 1, 6, 5, 4]],
      3: [3, 2, [6, 5, 4, 3, 2, 1]],
      4: [3, 2, [4, 5, 6, 1, 2, 3]],
      5: [2, 3, [1, 4, 2, 5, 3, 6]],
      6: [2, 3, [3, 6, 2, 5, 1, 4]],
      7: [2, 3, [6, 3, 5, 2, 4, 1]],
      8: [2, 3, [4, 1, 5, 2, 6, 3]],
    };
    for (const [o, [w, h, data]] of Object.entries(stored)) {
      const u = upright({ data: Float32Array.from(data), width: w, height: h }, Number(o));
      expect([u.width, u.height, [...u.data]], `orientation ${o}`).toEqual([3, 2, up]);
    }
  });
});
