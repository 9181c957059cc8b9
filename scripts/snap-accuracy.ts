/**
 * How exactly snapping finds a base corner and a squadron's rim, per condition, on photos rendered
 * with known truth (test/photo/snap-scenes.ts): median and 95th percentile of the error, px, the
 * share of errors within 3 stated sigmas, and the marks kept as tapped. Errors, not timings.
 *
 *   npx tsx scripts/snap-accuracy.ts [--n 20]
 */
import { snapMark } from '../src/photo/snap';
import { type CaseOptions, cornerCase } from '../test/photo/snap-scenes';

const args = process.argv.slice(2);
const n = Number(args[args.indexOf('--n') + 1]) || 20;
const conditions: [string, CaseOptions][] = [
  ['tilt 10', { tiltDeg: 10 }],
  ['tilt 25', { tiltDeg: 25 }],
  ['tilt 40', { tiltDeg: 40 }],
  ['tilt 25, lens k1 +-0.05', { tiltDeg: 25, k1: 0.05 }],
  ["tilt 25, a miniature's hull over an edge", { tiltDeg: 25, occluded: true }],
  ['tilt 25, edge directions given', { tiltDeg: 25, hinted: true }],
  ['tilt 25, blur 1.5 px, noise 4', { tiltDeg: 25, blurPx: 1.5, noise: 4 }],
  ['tilt 25, 3000 x 2250 photo (rims 3-4 px)', { tiltDeg: 25, width: 3000, height: 2250 }],
];
const q = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))] ?? NaN;
console.log('| condition | marks | median px | 95th pct px | within 3 sigma | kept as tapped |');
console.log('|---|---|---|---|---|---|');
for (const [name, o] of conditions) {
  const errs: number[] = [];
  let covered = 0,
    kept = 0;
  for (let s = 1; s <= n; s++) {
    const c = cornerCase(1000 + s, { ...o, k1: o.k1 ? (s % 2 ? o.k1 : -o.k1) : 0 });
    const r = snapMark(c.img, c.req);
    if (!r.refined) {
      kept++;
      continue;
    }
    const e = Math.hypot(r.px[0] - c.truth[0], r.px[1] - c.truth[1]);
    errs.push(e);
    if (e <= 3 * r.sigmaPx) covered++;
  }
  console.log(
    `| ${name} | ${n} | ${q(errs, 0.5).toFixed(3)} | ${q(errs, 0.95).toFixed(3)} | ${covered} of ${errs.length} | ${kept} |`,
  );
}
