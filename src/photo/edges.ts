/**
 * Edge points of a grey-level image, sub-pixel, and straight lines fitted through them robustly:
 * the measuring tools under snapping (src/photo/snap.ts).
 *
 * Edge points: the Sobel gradient at every pixel; a pixel whose gradient magnitude is a maximum
 * along the axis nearer its gradient's direction is an edge point, placed at the peak of the
 * parabola through the three magnitudes along that axis (Devernay's sub-pixel non-maximum
 * suppression). For a straight blurred edge the magnitude along a row peaks where the edge crosses
 * the row, so each point lies on the edge to a few hundredths of a pixel.
 *
 * Lines: total least squares, reweighted (Tukey's biweight on the residuals' robust scale), so the
 * points of whatever else lies near the line (a miniature over the edge, the base's wall) drop out.
 */

import { inverse, solve } from './linalg';

export type XY = [number, number];

/** A grey-level image or a patch of one: pixel (i, j) of the patch is pixel (x0 + i, y0 + j) of the photo. */
export interface GreyImage {
  data: ArrayLike<number>;
  width: number;
  height: number;
  x0?: number;
  y0?: number;
}

/** An edge point: where (photo px; a pixel's centre is at + 0.5), its gradient (grey levels a pixel) and magnitude. */
export interface Edgel {
  x: number;
  y: number;
  gx: number;
  gy: number;
  m: number;
  /** the edge's width: the gradient peak's standard deviation across the edge, px (NaN when it cannot be read) */
  width?: number;
}

/** A box of the patch, pixel indices, inclusive of lo, exclusive of hi. */
interface Box {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** The Sobel gradient over a box of the patch (one pixel inside its border), in grey levels a pixel. */
function sobel(img: GreyImage, b: Box): { gx: Float32Array; gy: Float32Array; w: number } {
  const { data, width } = img;
  const w = b.i1 - b.i0,
    h = b.j1 - b.j0;
  const gx = new Float32Array(w * h),
    gy = new Float32Array(w * h);
  for (let j = Math.max(b.j0, 1); j < Math.min(b.j1, img.height - 1); j++)
    for (let i = Math.max(b.i0, 1); i < Math.min(b.i1, width - 1); i++) {
      const p = j * width + i;
      const a = data[p - width - 1],
        c = data[p - width + 1],
        g = data[p + width - 1],
        k = data[p + width + 1];
      const o = (j - b.j0) * w + (i - b.i0);
      gx[o] = (c + 2 * data[p + 1] + k - a - 2 * data[p - 1] - g) / 8;
      gy[o] = (g + 2 * data[p + width] + k - a - 2 * data[p - width] - c) / 8;
    }
  return { gx, gy, w };
}

/**
 * The edge points of the photo's square of half-side `r` round `at` whose gradient magnitude is at
 * least `min` (grey levels a pixel), and the median magnitude there (how busy the square is).
 */
export function edgels(img: GreyImage, at: XY, r: number, min: number): { points: Edgel[]; median: number } {
  const x0 = img.x0 ?? 0,
    y0 = img.y0 ?? 0;
  const b: Box = {
    i0: Math.max(0, Math.floor(at[0] - x0 - r)),
    j0: Math.max(0, Math.floor(at[1] - y0 - r)),
    i1: Math.min(img.width, Math.ceil(at[0] - x0 + r)),
    j1: Math.min(img.height, Math.ceil(at[1] - y0 + r)),
  };
  if (b.i1 - b.i0 < 5 || b.j1 - b.j0 < 5) return { points: [], median: 0 };
  const { gx, gy, w } = sobel(img, b);
  const h = b.j1 - b.j0;
  const mag = new Float32Array(w * h);
  for (let o = 0; o < mag.length; o++) mag[o] = Math.hypot(gx[o], gy[o]);
  const sorted = Float32Array.from(mag).sort();
  const median = sorted[sorted.length >> 1];
  const points: Edgel[] = [];
  for (let j = 2; j < h - 2; j++)
    for (let i = 2; i < w - 2; i++) {
      const o = j * w + i;
      const m = mag[o];
      if (m < min) continue;
      const horiz = Math.abs(gx[o]) >= Math.abs(gy[o]);
      const step = horiz ? 1 : w;
      const a = mag[o - step],
        c = mag[o + step];
      if (!(m > a && m >= c)) continue;
      const off = (0.5 * (a - c)) / (a - 2 * m + c);
      // a Gaussian peak through the three: its spread along the axis, then across the edge
      const a2 = mag[o - 2 * step],
        c2 = mag[o + 2 * step];
      const q = Math.log((a2 * c2) / (m * m));
      const along = (horiz ? Math.abs(gx[o]) : Math.abs(gy[o])) / m;
      points.push({
        width: a2 > 0 && c2 > 0 && q < 0 ? Math.sqrt(-4 / q) * along : NaN,
        x: x0 + b.i0 + i + 0.5 + (horiz ? off : 0),
        y: y0 + b.j0 + j + 0.5 + (horiz ? 0 : off),
        gx: gx[o],
        gy: gy[o],
        m,
      });
    }
  return { points, median };
}

/** A line n . p = d with n a unit normal (toward the brighter side, for a line of edge points). */
export interface Line {
  n: XY;
  d: number;
}

/** A line fitted through points: the line, the points' weights, residuals' scale, and its spread along the line. */
export interface LineFit {
  line: Line;
  /** robust scale of the residuals, px */
  scale: number;
  /** the weighted residuals' variance of the line's offset at any point, as var(d at t) = a + b (t - tMean)^2 */
  varAt: (p: XY) => number;
  /** the points kept (weight > 0.5), and the extent of the line they cover (photo px) */
  kept: Edgel[];
  ends: [XY, XY];
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};

/** Weighted total least squares line through points (normal oriented like `toward`). */
function tls(pts: Edgel[], w: number[], toward: XY): Line & { cx: number; cy: number } {
  let sw = 0,
    cx = 0,
    cy = 0;
  pts.forEach((p, k) => {
    sw += w[k];
    cx += w[k] * p.x;
    cy += w[k] * p.y;
  });
  cx /= sw;
  cy /= sw;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  pts.forEach((p, k) => {
    const dx = p.x - cx,
      dy = p.y - cy;
    sxx += w[k] * dx * dx;
    sxy += w[k] * dx * dy;
    syy += w[k] * dy * dy;
  });
  // the normal: the eigenvector of the smaller eigenvalue of the scatter matrix
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy); // direction of the line
  let n: XY = [-Math.sin(theta), Math.cos(theta)];
  if (n[0] * toward[0] + n[1] * toward[1] < 0) n = [-n[0], -n[1]];
  return { n, d: n[0] * cx + n[1] * cy, cx, cy };
}

/**
 * The line through `pts` (edge points of one edge, and perhaps others), reweighted: Tukey's biweight
 * at 4.685 robust scales (never under `minScale` px). Null when fewer than `minPoints` keep weight.
 */
export function robustLine(pts: Edgel[], start: Line, minPoints: number, minScale = 0.05): LineFit | null {
  if (pts.length < minPoints) return null;
  let line: Line & { cx?: number; cy?: number } = consensus(pts, start);
  let w = pts.map(() => 1);
  let scale = 1;
  for (let it = 0; it < 8; it++) {
    const r = pts.map((p) => line.n[0] * p.x + line.n[1] * p.y - line.d);
    scale = Math.max(minScale, 1.4826 * median(r.map(Math.abs)));
    const c = 4.685 * scale;
    w = r.map((v) => (Math.abs(v) < c ? (1 - (v / c) ** 2) ** 2 : 0));
    if (w.filter((v) => v > 0.5).length < minPoints) return null;
    line = tls(pts, w, start.n);
  }
  return lineFit(pts, w, line as Line & { cx: number; cy: number });
}

/**
 * The line through two of the points that most others lie within half a pixel of (pairs far apart,
 * a fixed sweep: the same points always give the same line), turned like `start`; `start` itself
 * when no pair does better. The reweighting then begins on the edge, not between it and whatever
 * else lies near.
 */
function consensus(pts: Edgel[], start: Line): Line {
  const count = (l: Line) =>
    pts.reduce((k, p) => k + (Math.abs(l.n[0] * p.x + l.n[1] * p.y - l.d) < 0.5 ? 1 : 0), 0);
  let best = start,
    most = count(start);
  const m = pts.length,
    step = Math.max(1, Math.floor(m / 12));
  for (let i = 0; i < m; i += step)
    for (let j = i + (m >> 2); j < m; j += step) {
      const a = pts[i],
        b = pts[j];
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      if (len < 4) continue;
      let n: XY = [-(b.y - a.y) / len, (b.x - a.x) / len];
      if (n[0] * start.n[0] + n[1] * start.n[1] < 0) n = [-n[0], -n[1]];
      if (n[0] * start.n[0] + n[1] * start.n[1] < Math.cos(0.35)) continue;
      const l = { n, d: n[0] * a.x + n[1] * a.y };
      const k = count(l);
      if (k > most) {
        best = l;
        most = k;
      }
    }
  return best;
}

/** the fit's residual scale, covariance and extent, from its final weights */
function lineFit(pts: Edgel[], w: number[], line: Line & { cx: number; cy: number }): LineFit {
  const u: XY = [-line.n[1], line.n[0]];
  let sw = 0,
    sr = 0,
    st = 0,
    tMin = Infinity,
    tMax = -Infinity;
  const kept: Edgel[] = [];
  pts.forEach((p, k) => {
    const r = line.n[0] * p.x + line.n[1] * p.y - line.d;
    const t = u[0] * (p.x - line.cx) + u[1] * (p.y - line.cy);
    sw += w[k];
    sr += w[k] * r * r;
    st += w[k] * t * t;
    if (w[k] > 0.5) {
      kept.push(p);
      tMin = Math.min(tMin, t);
      tMax = Math.max(tMax, t);
    }
  });
  const s2 = sr / Math.max(1, sw - 2);
  const at = (t: number): XY => [line.cx + u[0] * t, line.cy + u[1] * t];
  return {
    line: { n: line.n, d: line.d },
    scale: Math.sqrt(s2),
    varAt: (p) => {
      const t = u[0] * (p[0] - line.cx) + u[1] * (p[1] - line.cy);
      return s2 / sw + (s2 * t * t) / Math.max(st, 1e-9);
    },
    kept,
    ends: [at(tMin), at(tMax)],
  };
}

/** Where two lines cross, or null when they are nearly parallel. */
export function cross(a: Line, b: Line): XY | null {
  const det = a.n[0] * b.n[1] - a.n[1] * b.n[0];
  if (Math.abs(det) < 1e-6) return null;
  return [(a.d * b.n[1] - b.d * a.n[1]) / det, (a.n[0] * b.d - b.n[0] * a.d) / det];
}

/** Bilinear grey level at a photo point (NaN outside the patch). */
export function sample(img: GreyImage, x: number, y: number): number {
  const fx = x - (img.x0 ?? 0) - 0.5,
    fy = y - (img.y0 ?? 0) - 0.5;
  const i = Math.floor(fx),
    j = Math.floor(fy);
  if (i < 0 || j < 0 || i + 1 >= img.width || j + 1 >= img.height) return NaN;
  const a = fx - i,
    b = fy - j,
    p = j * img.width + i,
    d = img.data;
  return (
    (1 - b) * ((1 - a) * d[p] + a * d[p + 1]) + b * ((1 - a) * d[p + img.width] + a * d[p + img.width + 1])
  );
}

/** the band fit's pixels are clustered by their offset across the edge, this many bins a pixel */
const BINS_PER_PX = 4;

const PHI = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
/** the error function (Abramowitz and Stegun 7.1.26, to 1.5e-7) */
function erf(x: number): number {
  const s = Math.sign(x),
    a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-a * a);
  return s * y;
}

/** the pixels within lo..hi px of a line (across it) along the stretch from..to: their offsets and grey levels */
function stripSamples(
  img: GreyImage,
  line: Line,
  from: XY,
  to: XY,
  lo: number,
  hi: number,
): { s: number[]; v: number[] } | null {
  const x0 = img.x0 ?? 0,
    y0 = img.y0 ?? 0;
  const u: XY = [to[0] - from[0], to[1] - from[1]];
  const len = Math.hypot(u[0], u[1]);
  if (len < 8) return null;
  u[0] /= len;
  u[1] /= len;
  const s: number[] = [],
    v: number[] = [];
  const xs = [from[0], to[0]].map((x) => x - x0),
    ys = [from[1], to[1]].map((y) => y - y0);
  const pad = hi + 2;
  for (
    let j = Math.max(0, Math.floor(Math.min(...ys) - pad));
    j < Math.min(img.height, Math.max(...ys) + pad);
    j++
  )
    for (
      let i = Math.max(0, Math.floor(Math.min(...xs) - pad));
      i < Math.min(img.width, Math.max(...xs) + pad);
      i++
    ) {
      const px = x0 + i + 0.5,
        py = y0 + j + 0.5;
      const d = line.n[0] * px + line.n[1] * py - line.d;
      const t = u[0] * (px - from[0]) + u[1] * (py - from[1]);
      if (d < lo || d > hi || t < 0 || t > len) continue;
      s.push(d);
      v.push(img.data[j * img.width + i]);
    }
  return { s, v };
}

/**
 * How far a fitted edge of a narrow band (a base's lighter rim, `width` px wide, its inner edge of
 * the opposite sense) lies outward of the band's true outer edge: the two blurred edges' gradients
 * overlap and push each other's peaks apart. Fitted on the grey levels themselves, across the
 * stretch `from`..`to` of the line: outside level, band level, inner level, the band's width and
 * the blur, by Gauss-Newton with Tukey's weights (pixels of whatever covers the edge drop out).
 * Fitted again with a strip of its own level just outside the band, 0.5 to 3 px wide (WALL_PX: a base's
 * wall seen beyond its top's edge where the edge faces the camera; a dark strip there sharpens the
 * outer step, and a band without it was fitted less blurred and left up to 0.4 px outward on rendered
 * bases), each on the first fit's weights. Of the fits the profile does not tell from the one that
 * misses it least (binnedChi, at 99%), the one whose shift the grey levels determine best gives the
 * shift and `sigma`, its standard error (shiftSigma); `spread` is how far the others' shifts lie from it.
 * Returns the shift to add to the line's offset (px, inward positive) with the band's width, blur and
 * wall strip as fitted, or null when the model does not fit (no narrow band there).
 */
export function bandShift(
  img: GreyImage,
  line: Line,
  from: XY,
  to: XY,
  width: number,
): { shift: number; width: number; blur: number; sigma: number; wall: number; spread: number } | null {
  const lo = -3.5,
    hi = width + 3.5;
  const strip = stripSamples(img, line, from, to, lo, hi);
  if (!strip) return null;
  const { s, v } = strip;
  if (s.length < 60) return null;
  const level = (a: number, b: number) => {
    const k = s.map((x, i) => (x >= a && x <= b ? v[i] : NaN)).filter(Number.isFinite);
    return k.length ? k.reduce((x, y) => x + y, 0) / k.length : NaN;
  };
  // shift, outside, band, inner, width, blur
  const p0 = [0, level(lo, -2), level(width * 0.4, width * 0.6), level(width + 2, hi), width, 1];
  if (p0.some((x) => !Number.isFinite(x))) return null;
  const base = bandFit(s, v, p0, 0, null);
  if (!base) return null;
  const ok = (p: number[]) =>
    // a band: lighter than both sides, its width near what was seen, the shift small
    p[2] > p[1] && p[2] > p[3] && Math.abs(p[0]) < 1 && Math.abs(p[4] - width) < 2.5;
  if (!ok(base.p)) return null;
  // the same band with a darker or lighter strip of each width just outside it (a wall's side seen
  // beyond the top's edge), every fit on the base fit's weights so their misfits compare
  const chi0 = binnedChi(s, base.r, base.w);
  const fits = [{ wall: 0, ...base, chi: chi0 }];
  for (const wall of WALL_PX) {
    const f = bandFit(s, v, [...base.p, base.p[1]], wall, base.w);
    if (f && ok(f.p)) fits.push({ wall, ...f, chi: binnedChi(s, f.r, base.w, chi0.s2) });
  }
  const least = fits.reduce((a, b) => (b.chi.chi2 < a.chi.chi2 ? b : a));
  // every fit the profile does not tell from the one that misses it least at 99% (chi-square of one,
  // scaled by that fit's misfit); of those, the one whose shift the grey levels determine best (a strip
  // far narrower than the blur trades its level off against the shift), and how far the others' shifts lie
  const room = 6.63 * Math.max(1, least.chi.chi2 / Math.max(1, least.chi.bins - least.p.length));
  const plausible = fits
    .filter((f) => f.chi.chi2 - least.chi.chi2 <= room)
    .map((f) => ({ ...f, sigma: shiftSigma(s, f.p, f, (p, x) => bandModel(p, x, f.wall).J) }));
  const best = plausible.reduce((a, b) => (b.sigma < a.sigma ? b : a));
  const spread = Math.max(...plausible.map((f) => Math.abs(f.p[0] - best.p[0])));
  return { shift: best.p[0], width: best.p[4], blur: best.p[5], sigma: best.sigma, wall: best.wall, spread };
}

/** the wall strips tried outside a band, px */
const WALL_PX = [0.5, 1, 1.5, 2, 2.5, 3];

/**
 * The band's grey level at offset x and its derivatives: parameters shift, outside, band, inner, width,
 * blur and, with a wall strip `wall` px wide outside the band, the strip's level.
 */
function bandModel(p: number[], x: number, wall: number): { f: number; J: number[] } {
  const [sh, out, band, inner, w, b] = p;
  const wl = wall > 0 ? p[6] : out;
  const pdf = (z: number) => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
  const z0 = (x - sh + wall) / b,
    z1 = (x - sh) / b,
    z2 = (x - sh - w) / b;
  const [f0, f1, f2] = [pdf(z0), pdf(z1), pdf(z2)];
  const [P0, P1, P2] = [PHI(z0), PHI(z1), PHI(z2)];
  const [c0, c1, c2] = [wl - out, band - wl, inner - band];
  const f = out + (wall > 0 ? c0 * P0 : 0) + c1 * P1 + c2 * P2;
  const J = [
    -((wall > 0 ? c0 * f0 : 0) + c1 * f1 + c2 * f2) / b,
    wall > 0 ? 1 - P0 : 1 - P1,
    P1 - P2,
    P2,
    (-c2 * f2) / b,
    -((wall > 0 ? c0 * f0 * z0 : 0) + c1 * f1 * z1 + c2 * f2 * z2) / b,
  ];
  if (wall > 0) J.push(P0 - P1);
  return { f, J };
}

/**
 * The band model fitted to the strip's pixels by Gauss-Newton: reweighted by Tukey's biweight when `fixed`
 * is null (pixels of whatever covers the edge drop out), else on those weights. Null when singular.
 */
function bandFit(
  s: number[],
  v: number[],
  start: number[],
  wall: number,
  fixed: number[] | null,
): { p: number[]; r: number[]; w: number[] } | null {
  let p = start.slice(0, wall > 0 ? 7 : 6);
  const K = p.length;
  const reweigh = (q: number[]) => {
    const r = s.map((x, i) => v[i] - bandModel(q, x, wall).f);
    if (fixed) return { r, w: fixed };
    const sorted = r.map(Math.abs).sort((a, b) => a - b);
    const c = 4.685 * Math.max(1, 1.4826 * sorted[sorted.length >> 1]);
    return { r, w: r.map((e) => (Math.abs(e) < c ? (1 - (e / c) ** 2) ** 2 : 0)) };
  };
  for (let it = 0; it < 10; it++) {
    const { r, w } = reweigh(p);
    const ata = p.map(() => p.map(() => 0)),
      atr = p.map(() => 0);
    s.forEach((x, i) => {
      if (!(w[i] > 0)) return;
      const row = bandModel(p, x, wall).J;
      for (let a = 0; a < K; a++) {
        atr[a] += w[i] * row[a] * r[i];
        for (let b = 0; b < K; b++) ata[a][b] += w[i] * row[a] * row[b];
      }
    });
    for (let a = 0; a < K; a++) ata[a][a] *= 1.001;
    const step = solve(ata, atr);
    if (!step) return null;
    p = p.map((x, k) => x + step[k]);
    p[5] = Math.max(0.3, Math.min(4, p[5]));
  }
  return { p, ...reweigh(p) };
}

/**
 * How far a fit misses the profile: the pixels binned by their offset across the edge (BINS_PER_PX a
 * pixel), each bin's weighted mean residual squared over its own variance of a mean (the pixels' spread
 * about the fit over the bin's count), summed. The misfit along the whole stretch counts, the noise
 * averages out.
 */
function binnedChi(
  s: number[],
  r: number[],
  w: number[],
  noise?: number,
): { chi2: number; bins: number; s2: number } {
  let sw = 0,
    srr = 0;
  const bins = new Map<number, { w: number; r: number }>();
  s.forEach((x, i) => {
    if (!(w[i] > 0)) return;
    sw += w[i];
    srr += w[i] * r[i] * r[i];
    const k = Math.round(x * BINS_PER_PX);
    const b = bins.get(k) ?? { w: 0, r: 0 };
    b.w += w[i];
    b.r += w[i] * r[i];
    bins.set(k, b);
  });
  const s2 = noise ?? srr / Math.max(1, sw);
  let chi2 = 0;
  for (const b of bins.values()) chi2 += (b.r / b.w) ** 2 / (s2 / b.w);
  return { chi2, bins: bins.size, s2 };
}

/**
 * The band fit's standard error of its shift, px: the sandwich (cluster-robust) covariance A^-1 B A^-1 with
 * A = J'WJ and B summed over clusters of the pixels at the same offset across the edge (0.25 px bins). A
 * pixel's noise is its own, but where the band model misses the profile (a wall's dark strip outside the
 * edge, a rim's edge not a clean step, the blur not Gaussian) every pixel at that offset, the whole stretch
 * along, misses alike: the bins are the independent units, and a misfit shows in their residual means.
 * Where the band is too narrow for the blur to resolve, its width, level and the shift trade off and A^-1
 * grows with them. Scaled by G / (G - K) for the G bins and K parameters (few clusters' sandwich runs
 * small). Infinity when the fit's normal matrix is singular (nothing determines the shift).
 */
function shiftSigma(
  s: number[],
  p: number[],
  fit: { r: number[]; w: number[] },
  jac: (p: number[], x: number) => number[],
): number {
  const K = p.length;
  const A = p.map(() => p.map(() => 0));
  const bins = new Map<number, number[]>();
  s.forEach((x, i) => {
    const wi = fit.w[i];
    if (!(wi > 0)) return;
    const row = jac(p, x);
    for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) A[a][b] += wi * row[a] * row[b];
    const key = Math.round(x * BINS_PER_PX);
    const g = bins.get(key) ?? new Array<number>(K).fill(0);
    for (let a = 0; a < K; a++) g[a] += wi * row[a] * fit.r[i];
    bins.set(key, g);
  });
  const G = bins.size;
  const inv = inverse(A);
  if (!inv || G <= K) return Infinity;
  // the shift's row of A^-1, applied to each cluster's score
  const h = inv[0];
  let v = 0;
  for (const g of bins.values()) v += g.reduce((t, ga, a) => t + h[a] * ga, 0) ** 2;
  return Math.sqrt((v * G) / (G - K));
}
