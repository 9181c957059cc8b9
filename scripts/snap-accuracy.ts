/**
 * How exactly snapping finds a base corner, a squadron's rim and an obstacle's outline, per condition,
 * on photos rendered with known truth by the photo renderer (src/photo/render-scene.ts, through
 * test/photo/snap-scenes.ts): 4032 x 3024 px framing 600 mm, 3 mm bases with a lighter rim, blur 1 px,
 * noise 2 grey levels unless the condition says otherwise; taps up to 12 px off the truth. For each
 * kind of mark: the median and 95th percentile of the refined point's error, px (a corner's and an
 * obstacle point's from the true point; a rim point's from the true rim), the share within 3 stated
 * sigmas, and the marks kept as tapped with why. Errors, not timings. The hull is drawn over a base's
 * edge and over an obstacle's outline; a squadron's case has none (its row repeats the one without).
 *
 *   npx tsx scripts/snap-accuracy.ts [--n 20]
 */
import { projectPoint } from '../src/photo/render-scene';
import { snapMark, type SnapResult, type XY } from '../src/photo/snap';
import { type CaseOptions, cornerCase, obstacleCase, rimCase } from '../test/photo/snap-scenes';

const args = process.argv.slice(2);
const n = Number(args[args.indexOf('--n') + 1]) || 20;
const PHONE: CaseOptions = { tiltDeg: 25, blurPx: 1, noise: 3, jpeg: 85 };
/** each condition; `k1` alternates its sign from mark to mark, `tiltDeg: 0` draws it from 10-40 */
const conditions: [string, CaseOptions][] = [
  ['tilt 10', { tiltDeg: 10 }],
  ['tilt 25', { tiltDeg: 25 }],
  ['tilt 40', { tiltDeg: 40 }],
  ['tilt 25, lens k1 +-0.05', { tiltDeg: 25, k1: 0.05 }],
  ["tilt 25, a miniature's hull over an edge", { tiltDeg: 25, occluded: true }],
  ['tilt 25, blur 1 px, noise 3, JPEG 85', PHONE],
  ['tilt 25, blur 1.5 px, noise 4, JPEG 85', { ...PHONE, blurPx: 1.5, noise: 4 }],
  ['all: tilt 10-40, k1 +-0.05, hull, noise 3, JPEG 85', { ...PHONE, tiltDeg: 0, k1: 0.05, occluded: true }],
  [
    'all, with edge directions and outline from a rough map',
    { ...PHONE, tiltDeg: 0, k1: 0.05, hinted: true },
  ],
  ['all, 3000 x 2250 photo', { ...PHONE, tiltDeg: 0, k1: 0.05, occluded: true, width: 3000, height: 2250 }],
];

const q = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))] ?? NaN;

interface Tally {
  errs: number[];
  covered: number;
  why: Map<string, number>;
}
const tally = (): Tally => ({ errs: [], covered: 0, why: new Map() });
function add(t: Tally, r: SnapResult, err: (px: XY) => number): void {
  if (!r.refined) {
    const why = r.why.replace(/[\d.]+ (px|grey)/g, 'N $1');
    t.why.set(why, (t.why.get(why) ?? 0) + 1);
    return;
  }
  const e = err(r.px);
  t.errs.push(e);
  if (e <= 3 * r.sigmaPx) t.covered++;
}
const cell = (t: Tally) =>
  `${q(t.errs, 0.5).toFixed(3)} | ${q(t.errs, 0.95).toFixed(3)} | ${t.covered}/${t.errs.length} | ` +
  `${n - t.errs.length}${t.why.size ? ` (${[...t.why].map(([w, k]) => `${k}: ${w}`).join('; ')})` : ''}`;

/** a condition's options for the `s`th mark: the lens's sign alternating, the tilt drawn when asked */
function optionsFor(o: CaseOptions, s: number): CaseOptions {
  const tiltDeg = o.tiltDeg || 10 + ((s * 37) % 31);
  return { ...o, tiltDeg, k1: o.k1 ? (s % 2 ? o.k1 : -o.k1) : 0 };
}

/** how far a pixel lies from a squadron's true rim in the photo (its nearest of 3600 points) */
function offRim(c: ReturnType<typeof rimCase>, px: XY): number {
  const ring = c.scene.prisms[0].circle!;
  let best = Infinity;
  for (let k = 0; k < 3600; k++) {
    const a = (k / 3600) * 2 * Math.PI;
    const p = projectPoint(
      c.scene,
      { x: ring.x + ring.r * Math.cos(a), y: ring.y + ring.r * Math.sin(a) },
      3,
    );
    best = Math.min(best, Math.hypot(p.x - px[0], p.y - px[1]));
  }
  return best;
}

console.log(
  '| condition | marks | corner median px | p95 px | within 3 sigma | kept as tapped | ' +
    'rim median px | p95 px | within 3 sigma | kept as tapped | ' +
    'obstacle median px | p95 px | within 3 sigma | kept as tapped |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [name, o] of conditions) {
  const [corner, rim, obstacle] = [tally(), tally(), tally()];
  for (let s = 1; s <= n; s++) {
    const opt = optionsFor(o, s);
    const c = cornerCase(1000 + s, opt);
    add(corner, snapMark(c.img, c.req), (px) => Math.hypot(px[0] - c.truth[0], px[1] - c.truth[1]));
    const r = rimCase(2000 + s, opt);
    add(rim, snapMark(r.img, r.req), (px) => offRim(r, px));
    const b = obstacleCase(3000 + s, opt);
    add(obstacle, snapMark(b.img, b.req), (px) => Math.hypot(px[0] - b.truth[0], px[1] - b.truth[1]));
  }
  console.log(`| ${name} | ${n} | ${cell(corner)} | ${cell(rim)} | ${cell(obstacle)} |`);
}
