/**
 * The plane map from a photo (src/photo/homography.ts) against pinhole cameras built
 * independently (src/photo/camera.ts projects 3-D points; it knows nothing of homographies).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PinholeCamera } from '../../src/photo/camera';
import { calibrationProblem, fitPlane, PRIOR_SIGMA_PX } from '../../src/photo/homography';
import { corners, onTable, sceneArb } from './synthetic';

const M = corners(63, 102),
  L = corners(77.5, 129);

describe('plane map: by construction', () => {
  it('without noise, recovers every table point the camera sees (1e-6 mm), both ways', () => {
    fc.assert(
      fc.property(
        sceneArb,
        fc.array(
          fc.tuple(
            fc.double({ min: -250, max: 250, noNaN: true }),
            fc.double({ min: -250, max: 250, noNaN: true }),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        (s, probes) => {
          const mm = [...M.map((c) => onTable(s.cal[0], c)), ...L.map((c) => onTable(s.cal[1], c))];
          const fit = fitPlane(mm.map(s.see), mm);
          expect(fit.maxMm).toBeLessThan(1e-6);
          for (const [dx, dy] of probes) {
            const p = { x: s.camera.spec.target.x + dx, y: s.camera.spec.target.y + dy };
            const q = fit.map.toMm(s.see(p));
            expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeLessThan(1e-6);
            const px = fit.map.toPx(p),
              truth = s.see(p);
            expect(Math.hypot(px.x - truth.x, px.y - truth.y)).toBeLessThan(1e-6);
          }
          // the matrix the renderer draws with is the same map
          const H = fit.map.pxToMmMatrix(),
            t = s.see(mm[0]);
          const w = H[2][0] * t.x + H[2][1] * t.y + H[2][2];
          expect(Math.abs((H[0][0] * t.x + H[0][1] * t.y + H[0][2]) / w - mm[0].x)).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('four points exactly determine it (no residual), and the noise estimate stays at the prior', () => {
    fc.assert(
      fc.property(sceneArb, (s) => {
        const mm = L.map((c) => onTable(s.cal[1], c));
        const fit = fitPlane(
          mm.map((p) => s.mark(p, 2)),
          mm,
        );
        expect(fit.dof).toBe(0);
        expect(fit.maxMm).toBeLessThan(1e-6);
        expect(fit.map.sigmaPx).toBe(PRIOR_SIGMA_PX);
      }),
      { numRuns: 30 },
    );
  });

  it('with pixel noise, the residuals are what the noise makes them and sigma is estimated', () => {
    const samples = fc.sample(sceneArb, { seed: 22, numRuns: 120 });
    const sig: number[] = [];
    for (const s of samples) {
      const mm = [...M.map((c) => onTable(s.cal[0], c)), ...L.map((c) => onTable(s.cal[1], c))];
      const fit = fitPlane(
        mm.map((p) => s.mark(p, 3)),
        mm,
      );
      sig.push(Math.sqrt(fit.chi2 / fit.dof)); // each point claims 1 px: chi2 is the pixel residuals squared
      // the residuals in mm are the pixel residuals at the local scale (0.1 to 0.3 mm per pixel here)
      expect(fit.rmsMm).toBeLessThan(3 * 3 * 0.35);
    }
    const mean = Math.sqrt(sig.reduce((a, v) => a + v * v, 0) / sig.length);
    expect(mean).toBeGreaterThan(2.6);
    expect(mean).toBeLessThan(3.4);
  });
});

describe('plane map: degenerate marks refused with the reason', () => {
  const cam = new PinholeCamera({
    target: { x: 500, y: 400 },
    distance: 900,
    tiltDeg: 20,
    tiltTowardDeg: 30,
    upDeg: 90,
    width: 4000,
    height: 3000,
    focalPx: 3000,
  });
  const fit = (mm: { x: number; y: number }[]) => () =>
    fitPlane(
      mm.map((p) => cam.project(p)!),
      mm,
    );
  it('fewer than 4', () => {
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 600, y: 300 },
        { x: 500, y: 500 },
      ]),
    ).toThrow(/3 calibration points; at least 4/);
  });
  it('three of four on a line, or all but one', () => {
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 500, y: 300 },
        { x: 600, y: 300 },
        { x: 500, y: 500 },
      ]),
    ).toThrow(/points 0, 1, 2 lie on one line/);
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 450, y: 350 },
        { x: 500, y: 400 },
        { x: 560, y: 460 },
        { x: 600, y: 300 },
      ]),
    ).toThrow(/lie on one line/);
    // nearly on it: within 1% of the spread
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 500, y: 301 },
        { x: 600, y: 300 },
        { x: 500, y: 500 },
      ]),
    ).toThrow(/on one line/);
  });
  it('four on a line among eight is fine (two bases side by side, fronts aligned)', () => {
    const mm = [
      { x: 400, y: 300 },
      { x: 463, y: 300 },
      { x: 500, y: 300 },
      { x: 563, y: 300 },
      { x: 400, y: 198 },
      { x: 463, y: 198 },
      { x: 500, y: 198 },
      { x: 563, y: 198 },
    ];
    expect(fit(mm)().maxMm).toBeLessThan(1e-6);
  });
  it('all within a few mm, or the same point twice', () => {
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 410, y: 300 },
        { x: 410, y: 310 },
        { x: 400, y: 312 },
      ]),
    ).toThrow(/within 15\.6 mm of each other/);
    expect(
      fit([
        { x: 400, y: 300 },
        { x: 600, y: 300 },
        { x: 600, y: 500 },
        { x: 400, y: 300.2 },
      ]),
    ).toThrow(/points 0 and 3 are the same table point/);
    const mm = [
      { x: 400, y: 300 },
      { x: 600, y: 300 },
      { x: 600, y: 500 },
      { x: 400, y: 500 },
    ];
    const px = mm.map((p) => cam.project(p)!);
    px[3] = px[2];
    expect(() => fitPlane(px, mm)).toThrow(/points 2 and 3 are marked on the same pixel/);
  });
  it('calibrationProblem names the points', () => {
    const p = calibrationProblem(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 200, y: 0 },
        { x: 50, y: 80 },
      ],
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 2, y: 0 },
        { x: 3, y: 3 },
      ],
    );
    expect(p?.points).toEqual([0, 1, 2]);
  });
});
