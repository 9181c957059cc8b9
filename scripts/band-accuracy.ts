/**
 * How far a base corner's narrow-rim correction leaves each edge from the truth, against what it claims,
 * on corners rendered with known truth (test/photo/snap-scenes.ts, src/photo/render-scene.ts): photos
 * 1500 x 1125 to 3000 x 2250 framing 600 mm (a 1.2 mm rim 2-4.5 px wide), blur 0.8, 1, 1.3, 1.6 px, tilt
 * 10-40 degrees, lens k1 0 and +-0.05, noise 3, JPEG 85, taps up to 12 px off; each case's conditions drawn
 * from its seed. Per edge refitted on its grey levels (snapMark's `bands`): the corrected edge's offset
 * from the true edge (mean over the stretch fitted, px, positive: still outward), by the rim's width in
 * blurs; and how many edges lay beyond 2.58 of their claims (a 99% region; the edge fit's own error,
 * which the corner's claim carries apart, taken as 0.07 px), and how many corners beyond 3 of theirs.
 * Errors, not timings.
 *
 *   npx tsx scripts/band-accuracy.ts [--n 160] [--seed 1000]
 */
import { BASE_TOP_MM, projectPoint } from '../src/photo/render-scene';
import { snapMark, type XY } from '../src/photo/snap';
import { cornerCase } from '../test/photo/snap-scenes';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const n = arg('--n', 160),
  first = arg('--seed', 1000);
/** the edge fit's own error, px, in quadrature with a band's claim (the corner's claim carries it apart) */
const EDGE_FIT_PX = 0.07;

interface Edge {
  err: number;
  claim: number;
  blurs: number;
  blur: number;
}
const edges: Edge[] = [];
const corners: { err: number; sigma: number }[] = [];
let kept = 0;
for (let seed = first; seed < first + n; seed++) {
  const height = [1125, 1300, 1500, 1800, 2250][seed % 5];
  const blur = [0.8, 1, 1.3, 1.6][Math.floor(seed / 5) % 4];
  const c = cornerCase(seed, {
    tiltDeg: 10 + ((seed * 7) % 31),
    k1: [0, 0.05, -0.05][seed % 3],
    blurPx: blur,
    noise: 3,
    jpeg: 85,
    width: Math.round((height * 4) / 3),
    height,
  });
  const r = snapMark(c.img, c.req);
  if (!r.refined) {
    kept++;
    continue;
  }
  corners.push({ err: Math.hypot(r.px[0] - c.truth[0], r.px[1] - c.truth[1]), sigma: r.sigmaPx });
  if (!r.bands) continue;
  // the base's true edges at the corner: its polygon's corner nearest the truth and the two beside it
  const poly = c.scene.prisms[0].poly!.points();
  const seen = poly.map((p) => projectPoint(c.scene, p, BASE_TOP_MM));
  const k = seen.reduce(
    (b, p, i) =>
      Math.hypot(p.x - c.truth[0], p.y - c.truth[1]) < b.d
        ? { i, d: Math.hypot(p.x - c.truth[0], p.y - c.truth[1]) }
        : b,
    { i: 0, d: Infinity },
  ).i;
  const along = [(k + 1) % poly.length, (k + poly.length - 1) % poly.length].map((j) =>
    Array.from({ length: 400 }, (_, q): XY => {
      const f = q / 399;
      const p = projectPoint(
        c.scene,
        { x: poly[k].x + f * (poly[j].x - poly[k].x), y: poly[k].y + f * (poly[j].y - poly[k].y) },
        BASE_TOP_MM,
      );
      return [p.x, p.y];
    }),
  );
  r.traces.forEach((ends, e) => {
    const band = r.bands![e];
    if (!band.blurs) return;
    const len = Math.hypot(ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]);
    const u: XY = [(ends[1][0] - ends[0][0]) / len, (ends[1][1] - ends[0][1]) / len];
    // the normal into the base: toward the other edge's stretch
    const other = r.traces[1 - e];
    const mid: XY = [(other[0][0] + other[1][0]) / 2, (other[0][1] + other[1][1]) / 2];
    let nrm: XY = [-u[1], u[0]];
    if (nrm[0] * (mid[0] - ends[0][0]) + nrm[1] * (mid[1] - ends[0][1]) < 0) nrm = [-nrm[0], -nrm[1]];
    const d = nrm[0] * ends[0][0] + nrm[1] * ends[0][1] + band.shiftPx;
    // the true edge running along this stretch
    const truth = along.reduce(
      (best, pts) => {
        const dir = [pts[399][0] - pts[0][0], pts[399][1] - pts[0][1]];
        const a = Math.abs(u[0] * dir[0] + u[1] * dir[1]) / Math.hypot(dir[0], dir[1]);
        return a > best.a ? { a, pts } : best;
      },
      { a: -1, pts: along[0] },
    ).pts;
    const t0 = Math.min(u[0] * ends[0][0] + u[1] * ends[0][1], u[0] * ends[1][0] + u[1] * ends[1][1]);
    const inside = truth.filter((p) => {
      const t = u[0] * p[0] + u[1] * p[1];
      return t >= t0 && t <= t0 + len;
    });
    const err = inside.reduce((s, p) => s + nrm[0] * p[0] + nrm[1] * p[1] - d, 0) / inside.length;
    edges.push({ err, claim: band.sigmaPx, blurs: band.blurs, blur });
  });
}

const q = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))] ?? NaN;
console.log(`${n} rendered corners from seed ${first}: ${corners.length} refined, ${kept} kept as tapped`);
for (const [lo, hi] of [
  [0, 2.5],
  [2.5, 3.25],
  [3.25, Infinity],
]) {
  const e = edges.filter((x) => x.blurs >= lo && x.blurs < hi);
  if (!e.length) continue;
  const beyond = e.filter((x) => Math.abs(x.err) > 2.576 * Math.hypot(x.claim, EDGE_FIT_PX)).length;
  console.log(
    `rim ${lo}-${hi} blurs wide: ${e.length} edges, error median ${q(
      e.map((x) => x.err),
      0.5,
    ).toFixed(3)} ` +
      `largest ${Math.max(...e.map((x) => Math.abs(x.err))).toFixed(3)} px ` +
      `(${Math.max(...e.map((x) => Math.abs(x.err) / x.blur)).toFixed(2)} blurs), claim median ` +
      `${q(
        e.map((x) => x.claim),
        0.5,
      ).toFixed(3)} px, beyond 2.58 claims ${beyond}`,
  );
}
const z = corners.map((c) => c.err / c.sigma);
console.log(
  `corners: error median ${q(
    corners.map((c) => c.err),
    0.5,
  ).toFixed(3)} px, claim median ` +
    `${q(
      corners.map((c) => c.sigma),
      0.5,
    ).toFixed(3)} px, beyond 3 claims ${z.filter((v) => v > 3).length} ` +
    `(largest ${Math.max(...z).toFixed(2)} claims)`,
);
