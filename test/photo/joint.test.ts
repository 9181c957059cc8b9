/**
 * The joint fit of the camera and every marked piece (src/photo/joint.ts) on scenes by construction
 * (test/photo/joint-scenes.ts: tilt 10-40 degrees, k1 within +-0.05, marks at their heights, the
 * file's poses 8 mm and 3 degrees off): how close the outlines come after the best rigid alignment
 * with the truth, whether the stated 99% bound covers them, that lens distortion matters, and that
 * bad marks get a sentence naming the piece.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { framingCamera } from '../../src/photo/camera';
import { distortPx, fitJoint, type JointInput, JointProblem } from '../../src/photo/joint';
import { projectPoint } from '../../src/photo/render-scene';
import { jointScene, type JointSceneSpec, outlineErrors } from './joint-scenes';
import { onTable } from './synthetic';

const quantile = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const allErrors = (spec: JointSceneSpec, over: Partial<JointInput> = {}) => {
  const scene = jointScene(spec);
  const fit = fitJoint({ ...scene.input, ...over });
  return { scene, fit, errors: outlineErrors(scene, fit) };
};
const problem = (input: JointInput): JointProblem => {
  try {
    fitJoint(input);
  } catch (e) {
    if (e instanceof JointProblem) return e;
    throw e;
  }
  throw new Error('no problem found');
};

describe('the joint fit of camera and pieces', () => {
  it('places the outlines to 0.3 mm median, 1 mm at the 95th percentile, from sub-pixel marks', () => {
    const errs: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const spec = {
        seed,
        tiltDeg: 10 + (seed % 4) * 10,
        k1: ((seed % 5) - 2) * 0.025,
        noisePx: 0.1 + (seed % 5) * 0.1,
      };
      for (const e of allErrors(spec).errors.values()) errs.push(...e);
    }
    expect(quantile(errs, 0.5)).toBeLessThanOrEqual(0.3);
    expect(quantile(errs, 0.95)).toBeLessThanOrEqual(1);
  });

  it('models the lens as the synthetic photos draw it (the same k1 means the same lens)', () => {
    const camera = framingCamera(
      {
        target: { x: 500, y: 400 },
        distance: 900,
        tiltDeg: 30,
        tiltTowardDeg: 40,
        upDeg: 100,
        width: 4032,
        height: 3024,
      },
      [
        { x: 200, y: 100 },
        { x: 800, y: 700 },
      ],
    );
    for (const k1 of [-0.05, 0.03])
      for (const p of [
        { x: 210, y: 120 },
        { x: 500, y: 400 },
        { x: 790, y: 650 },
      ]) {
        const ours = distortPx(camera.project(p, 3)!, 4032, 3024, camera.spec.focalPx, k1);
        const drawn = projectPoint({ camera, k1, prisms: [] }, p, 3);
        expect(Math.hypot(ours.x - drawn.x, ours.y - drawn.y)).toBeLessThan(1e-6);
      }
  });

  it('finds the lens, the focal length and the tilt it was made with', () => {
    const { scene, fit } = allErrors({ seed: 4, tiltDeg: 30, k1: -0.04, noisePx: 0.2 });
    expect(fit.camera.k1Fitted).toBe(true);
    expect(fit.camera.k1).toBeCloseTo(-0.04, 1);
    expect(Math.abs(fit.camera.tiltDeg - 30)).toBeLessThan(1);
    expect(fit.anchor).toBe('pieces');
    expect(scene.input.pieces.every((p) => fit.pieces.has(p.id))).toBe(true);
  });

  it('states a 99% bound that covers the outline errors in at least 95% of pieces over random scenes', () => {
    const specs = fc.sample(
      fc.record({
        seed: fc.integer({ min: 1, max: 2 ** 30 }),
        tiltDeg: fc.double({ min: 10, max: 40, noNaN: true }),
        k1: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        noisePx: fc.double({ min: 0.1, max: 1, noNaN: true }),
      }),
      { numRuns: 30, seed: 20261203 },
    );
    let covered = 0,
      total = 0;
    const bounds: number[] = [];
    for (const spec of specs) {
      const { fit, errors } = allErrors(spec);
      for (const [id, e] of errors) {
        const u = fit.pieces.get(id)!.uncertaintyMm;
        bounds.push(u);
        total++;
        if (Math.max(...e) <= u) covered++;
      }
    }
    expect(covered / total).toBeGreaterThanOrEqual(0.95);
    // and it is not covered by being vast: tight enough to settle a close call
    expect(quantile(bounds, 0.5)).toBeLessThanOrEqual(2);
  });

  it('never misses by more than twice its bound (any seed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        (seed, n) => {
          const { fit, errors } = allErrors({
            seed,
            tiltDeg: 10 + (seed % 31),
            k1: ((seed % 11) - 5) / 100,
            noisePx: n,
          });
          for (const [id, e] of errors)
            expect(Math.max(...e)).toBeLessThanOrEqual(2 * fit.pieces.get(id)!.uncertaintyMm);
        },
      ),
      { numRuns: 15, seed: 7 },
    );
  });

  it('places the pieces from a photo taken square-on, where focal length and height trade off', () => {
    for (const seed of [1, 2, 3]) {
      const { fit, errors } = allErrors({ seed, tiltDeg: 0, k1: 0.02, noisePx: 0.3 });
      for (const [id, e] of errors) {
        expect(Math.max(...e)).toBeLessThanOrEqual(fit.pieces.get(id)!.uncertaintyMm);
        expect(fit.pieces.get(id)!.uncertaintyMm).toBeLessThan(1.5);
      }
    }
  });

  it("places the pieces seen through a narrow view in the photo's middle, the bound widened as it must be", () => {
    // the pieces fill 0.4 of the photo, 12 degrees off square-on: tilt, focal length and lens nearly trade off
    const { fit, errors } = allErrors({ seed: 95, tiltDeg: 12, k1: 0.02, noisePx: 0.5, fill: 0.4 });
    for (const [id, e] of errors)
      expect(Math.max(...e)).toBeLessThanOrEqual(fit.pieces.get(id)!.uncertaintyMm);
  });

  it('does worse with the lens held straight on a photo whose lens bends (k1 = 0.05)', () => {
    let withLens = 0,
      without = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const spec = { seed, tiltDeg: 25, k1: 0.05, noisePx: 0.3, fill: 0.95 };
      withLens += quantile([...allErrors(spec).errors.values()].flat(), 0.5);
      without += quantile([...allErrors(spec, { k1: 0 }).errors.values()].flat(), 0.5);
    }
    expect(without).toBeGreaterThan(1.5 * withLens);
    expect(allErrors({ seed: 1, tiltDeg: 25, k1: 0.05, noisePx: 0.3 }, { k1: 0 }).fit.notes).toEqual([
      'lens distortion held at 0, as asked',
    ]);
  });

  it('anchors the group on the pieces as the file places them: exactly placed, the fit lies on them', () => {
    const { scene, fit } = allErrors({ seed: 9, tiltDeg: 20, k1: 0.02, noisePx: 0.2, offMm: 0, offDeg: 0 });
    for (const p of scene.input.pieces) {
      const f = fit.pieces.get(p.id)!,
        t = scene.truth.get(p.id)!;
      for (const l of p.outline.length ? p.outline : [{ x: 0, y: 0 }]) {
        const a = onTable(f, l),
          b = onTable(t, l);
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1);
      }
    }
  });

  it('takes table points as the anchor, exactly', () => {
    const scene = jointScene({ seed: 5, tiltDeg: 30, k1: 0, noisePx: 0.2, offMm: 30, offDeg: 10 });
    const truthFit = fitJoint(scene.input);
    // table points where the fit (near the truth up to the gauge) sees them: the anchor moves to them
    const pts = [
      { x: 100, y: 100 },
      { x: 900, y: 100 },
      { x: 900, y: 700 },
      { x: 100, y: 700 },
    ].map((mm) => ({ mm, px: truthFit.project(mm, 0)!, sigmaPx: 0.2, heightMm: 0 }));
    const fit = fitJoint({ ...scene.input, tablePoints: pts });
    expect(fit.anchor).toBe('table points');
    for (const [id, f] of fit.pieces) {
      const g = truthFit.pieces.get(id)!;
      expect(Math.hypot(f.x - g.x, f.y - g.y)).toBeLessThan(1);
    }
  });
});

describe('marks the joint fit cannot use', () => {
  const base = jointScene({ seed: 2, tiltDeg: 20, k1: 0, noisePx: 0.3 }).input;

  it('one piece alone: says a photo places pieces relative to each other, naming it', () => {
    const e = problem({ ...base, pieces: [base.pieces[0]] });
    expect(e.message).toMatch(/^only "isd" is marked: a photo places pieces relative to each other/);
    expect(e.pieces).toEqual(['isd']);
  });

  it('too few marks: names the pieces with the fewest', () => {
    const two = base.pieces.slice(0, 2).map((p) => ({
      ...p,
      px: p.px.slice(0, 2),
      sigmasPx: p.sigmasPx.slice(0, 2),
      shape: p.shape.kind === 'points' ? { ...p.shape, local: p.shape.local.slice(0, 2) } : p.shape,
    }));
    const e = problem({ ...base, pieces: two });
    expect(e.message).toContain('8 marked coordinates for 10 unknowns');
    expect(e.message).toContain('mark more points on "isd" and "cr90"');
  });

  it('more pieces than one fit takes: says how many, and what to do instead', () => {
    const many = Array.from({ length: 41 }, (_, k) => ({ ...base.pieces[k % 5], id: `p${k}` }));
    expect(problem({ ...base, pieces: many }).message).toMatch(
      /^41 marked pieces with \d+ marks: fitted together with the camera, a photo takes at most 40 pieces/,
    );
  });

  it('all marks on one line: says so, naming the pieces', () => {
    // each ship marked on its two front corners, the ships in a row along that line
    const row = base.pieces.slice(0, 4).map((p, i) => ({
      ...p,
      px: [
        { x: 500 + 600 * i, y: 1500 },
        { x: 700 + 600 * i, y: 1500 },
      ],
      sigmasPx: [1, 1],
      shape: {
        kind: 'points' as const,
        rotate: true,
        local: [
          { x: -30, y: 50 },
          { x: 30, y: 50 },
        ],
      },
      file: { x: 100 + 200 * i, y: 300, rotation: 0 },
    }));
    const e = problem({ ...base, pieces: row });
    expect(e.message).toMatch(
      /^the marks of "isd", "cr90", "vic" and "tie" all lie on one line on the table/,
    );
    expect(e.message).toMatch(/mark points off that line/);
  });

  it('squadrons alone in one row: says that each counts as its centre, and what to mark besides', () => {
    // four squadrons side by side, each marked on 6 points of its rim: their centres lie on one line
    const row = [0, 1, 2, 3].map((i) => ({
      id: `tie${i}`,
      shape: { kind: 'rim' as const, radius: 17 },
      px: [0, 60, 120, 180, 240, 300].map((a) => ({
        x: 500 + 500 * i + 80 * Math.cos((a * Math.PI) / 180),
        y: 1500 + 60 * Math.sin((a * Math.PI) / 180),
      })),
      sigmasPx: [1, 1, 1, 1, 1, 1],
      heightMm: 3,
      file: { x: 100 + 150 * i, y: 300, rotation: 0 },
      outline: [],
    }));
    const e = problem({ ...base, pieces: row });
    expect(e.message).toBe(
      'the marks of "tie0", "tie1", "tie2" and "tie3" all lie on one line on the table; a photo fixes no camera ' +
        'from them: "tie0", "tie1", "tie2" and "tie3" count as their centres alone until the camera is known: ' +
        "mark a ship's corners or an obstacle's points off that line, or the play area's corners (table points " +
        'in mm)',
    );
  });
});
