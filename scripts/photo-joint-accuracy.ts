/**
 * `npx tsx scripts/photo-joint-accuracy.ts [--runs N] [--taps N]` prints, per condition, how well the
 * joint fit of the camera and every marked piece (src/photo/joint.ts) places the pieces from simulated
 * marks (test/photo/joint-scenes.ts: three ships, a squadron and an obstacle; marks projected at their
 * heights through a tilted camera with lens distortion, plus normal noise; the file's poses 8 mm and 3
 * degrees off): the outline error after the best rigid alignment with the truth (median and 95th
 * percentile over every outline point), how often the stated 99% bound covers a piece's worst point,
 * and the bound's median. Conditions: tilt, distortion, framing (the pieces out to the photo's edge) and
 * the marks' noise; with --taps N, tap-only marks (claiming 1 px) at 1, 2 and 4 px of noise over N
 * tables each. Simulated marks, not rendered photos: what the fit does given marks this good.
 */
import { fitJoint, JointProblem } from '../src/photo/joint';
import { jointScene, type JointSceneSpec, outlineErrors } from '../test/photo/joint-scenes';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('--runs', 40),
  taps = arg('--taps', 0);

const quantile = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};

interface Figures {
  median: number;
  p95: number;
  covered: number;
  boundMedian: number;
  refused: number;
}

function measure(make: (seed: number) => JointSceneSpec, n: number): Figures {
  const errs: number[] = [],
    bounds: number[] = [];
  let covered = 0,
    pieces = 0,
    refused = 0;
  for (let k = 1; k <= n; k++) {
    const scene = jointScene(make(k));
    let fit;
    try {
      fit = fitJoint(scene.input);
    } catch (e) {
      if (!(e instanceof JointProblem)) throw e;
      refused++;
      continue;
    }
    for (const [id, e] of outlineErrors(scene, fit)) {
      const u = fit.pieces.get(id)!.uncertaintyMm;
      errs.push(...e);
      bounds.push(u);
      pieces++;
      if (Math.max(...e) <= u) covered++;
    }
  }
  return {
    median: quantile(errs, 0.5),
    p95: quantile(errs, 0.95),
    covered: covered / pieces,
    boundMedian: quantile(bounds, 0.5),
    refused,
  };
}

const row = (label: string, f: Figures) =>
  console.log(
    `${label.padEnd(34)} median ${f.median.toFixed(3)} mm  p95 ${f.p95.toFixed(3)} mm  ` +
      `covered ${(100 * f.covered).toFixed(1)}%  bound median ${f.boundMedian.toFixed(2)} mm` +
      (f.refused ? `  refused ${f.refused}` : ''),
  );

const base = (seed: number): JointSceneSpec => ({
  seed,
  tiltDeg: 10 + (seed % 31),
  k1: ((seed % 11) - 5) / 100,
  noisePx: 0.5,
});

console.log(`joint fit from simulated marks, ${runs} scenes a condition (5 pieces each)`);
for (const tilt of [10, 20, 30, 40])
  row(
    `tilt ${tilt} deg`,
    measure((s) => ({ ...base(s), tiltDeg: tilt }), runs),
  );
for (const k1 of [-0.05, 0, 0.05])
  row(
    `k1 ${k1}`,
    measure((s) => ({ ...base(s), k1 }), runs),
  );
for (const fill of [0.4, 0.9, 1.0])
  row(
    `framing: pieces fill ${fill} of the photo`,
    measure((s) => ({ ...base(s), fill }), runs),
  );
for (const noise of [0.1, 0.25, 0.5, 1])
  row(
    `marks ${noise} px (claimed so)`,
    measure((s) => ({ ...base(s), noisePx: noise }), runs),
  );
if (taps > 0) {
  console.log(`tap-only marks (claiming 1 px), ${taps} tables each`);
  for (const noise of [1, 2, 4])
    row(
      `taps ${noise} px`,
      measure((s) => ({ ...base(s), noisePx: noise, claimPx: 1 }), taps),
    );
}
