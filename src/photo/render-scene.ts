/**
 * A ray-cast renderer of table pieces as a phone sees them, with known truth: the one renderer of the
 * synthetic photo (scripts/synthetic-photo.ts), the snapping tests and the snap accuracy script. Ship
 * bases and squadron bases are prisms of their real height (top face BASE_TOP_MM up, a lighter rim
 * round the top edge, a darker wall below it), obstacles cardboard CARD_TOP_MM thick, a miniature's
 * hull a flat shape standing above a base and hiding whatever lies behind it (a stretch of the base's
 * edge), the mat with a faint grain. The camera is a pinhole with radial lens distortion (k1, about
 * the image centre); each pixel is the mean of the rays through it (supersampled where it straddles
 * two materials), then blurred (Gaussian), given sensor noise, and stored as a JPEG of a phone's
 * quality when asked (jpeg-js, on the photo's own 8 x 8 block grid).
 *
 * A patch of the image can be rendered alone (x0, y0, w, h), so a test renders the few hundred pixels
 * round one corner instead of the whole photo. Deterministic: the same scene and seed give the same
 * pixels. Pure (no DOM): used only by tests and scripts, never by the app.
 */
import jpeg from 'jpeg-js';
import { type Point, place } from '../geometry/point';
import { Polygon } from '../geometry/polygon';
import type { PinholeCamera } from './camera';

/** the height of a plastic base's top face above the table, mm (where a base's marks lie) */
export const BASE_TOP_MM = 3;
/** an obstacle's cardboard top above the table, mm (its marks): 1 mm below a base's top, as the fit takes it */
export const CARD_TOP_MM = 2;

export type RGB = [number, number, number];

/** a prism standing on the table: a ship's base (polygon) or a squadron's (circle) */
export interface Prism {
  poly?: Polygon;
  circle?: { x: number; y: number; r: number };
  /** mm above the table: 3 for a plastic base, about 1-2 for an obstacle's cardboard */
  height: number;
  /** width of the lighter band round the top, mm (0: none) */
  rimMm: number;
  top: RGB;
  rim: RGB;
  wall: RGB;
}

/** a shape at a height that hides what lies behind it (a miniature's hull over its base) */
export interface Occluder {
  poly: Polygon;
  z: number;
  colour: RGB;
}

export interface SceneSpec {
  camera: PinholeCamera;
  /** radial distortion: an image point at normalised radius r (in focal lengths) lies at r (1 + k1 r^2) undistorted */
  k1?: number;
  prisms: Prism[];
  occluders?: Occluder[];
  mat?: RGB;
}

export interface RenderOptions {
  /** Gaussian blur, px (standard deviation) */
  blurPx?: number;
  /** sensor noise, grey levels (standard deviation) */
  noise?: number;
  /** rays a side in a pixel that straddles two materials */
  supersample?: number;
  seed?: number;
  /** stored as a JPEG of this quality (1-100), as a phone stores a photo; 0 or absent: not */
  jpegQuality?: number;
}

/** A small seeded generator (mulberry32): uniform and normal draws. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const u = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { u, n: () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()) };
}

/** how far a point lies inside a polygon (positive inside): the distance to its outline */
function depthInside(poly: Polygon, x: number, y: number): number {
  let d = Infinity;
  for (let i = 0; i < poly.n; i++) {
    const j = (i + 1) % poly.n;
    const ax = poly.xy[2 * i],
      ay = poly.xy[2 * i + 1];
    const dx = poly.xy[2 * j] - ax,
      dy = poly.xy[2 * j + 1] - ay,
      l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
    d = Math.min(d, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return d;
}

interface Hit {
  t: number;
  id: number;
  colour: RGB;
}

class Tracer {
  private readonly boxes: number[][];
  constructor(private readonly s: SceneSpec) {
    this.boxes = s.prisms.map((p) =>
      p.poly
        ? [p.poly.minX, p.poly.minY, p.poly.maxX, p.poly.maxY]
        : [
            p.circle!.x - p.circle!.r,
            p.circle!.y - p.circle!.r,
            p.circle!.x + p.circle!.r,
            p.circle!.y + p.circle!.r,
          ],
    );
  }

  /** the ray through an image point (pixel units, continuous) */
  ray(px: number, py: number): [number, number, number] {
    return rayThrough(this.s, px, py);
  }

  /** what a ray from the camera meets first: its colour and a material id */
  trace(d: [number, number, number]): Hit {
    const c = this.s.camera.centre;
    const at = (z: number) => {
      const t = (z - c[2]) / d[2];
      return { t, x: c[0] + t * d[0], y: c[1] + t * d[1] };
    };
    let best: Hit | null = null;
    for (const [k, o] of (this.s.occluders ?? []).entries()) {
      const p = at(o.z);
      if (p.t > 0 && (!best || p.t < best.t) && o.poly.contains(p.x, p.y))
        best = { t: p.t, id: 1000 + k, colour: o.colour };
    }
    for (const [k, p] of this.s.prisms.entries()) {
      const h = this.hitPrism(p, this.boxes[k], at);
      if (h && (!best || h.t < best.t)) best = { t: h.t, id: 10 + 3 * k + h.part, colour: h.colour };
    }
    if (best) return best;
    const p = at(0);
    const m = this.s.mat ?? [24, 34, 52];
    const g = 6 * Math.sin(p.x * 0.37) * Math.sin(p.y * 0.41);
    return { t: p.t, id: 0, colour: [m[0] + g, m[1] + g, m[2] + g] };
  }

  private hitPrism(
    p: Prism,
    box: number[],
    at: (z: number) => { t: number; x: number; y: number },
  ): { t: number; part: number; colour: RGB } | null {
    const inside = (x: number, y: number) =>
      x >= box[0] &&
      x <= box[2] &&
      y >= box[1] &&
      y <= box[3] &&
      (p.poly ? p.poly.contains(x, y) : Math.hypot(x - p.circle!.x, y - p.circle!.y) <= p.circle!.r);
    const top = at(p.height);
    if (inside(top.x, top.y)) {
      const depth = p.poly
        ? depthInside(p.poly, top.x, top.y)
        : p.circle!.r - Math.hypot(top.x - p.circle!.x, top.y - p.circle!.y);
      return depth < p.rimMm ? { t: top.t, part: 1, colour: p.rim } : { t: top.t, part: 0, colour: p.top };
    }
    // the wall: the ray passes inside the prism somewhere below its top
    for (let k = 1; k <= 6; k++) {
      const q = at(p.height * (1 - k / 6));
      if (inside(q.x, q.y)) return { t: q.t, part: 2, colour: p.wall };
    }
    return null;
  }
}

/** Gaussian blur of one channel in place (separable, 3 sigma either side). */
function gaussian(ch: Float32Array, w: number, h: number, sigma: number): void {
  if (!(sigma > 0)) return;
  const r = Math.ceil(3 * sigma);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const kn = k.map((v) => v / sum);
  const tmp = new Float32Array(ch.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += kn[i + r] * ch[y * w + Math.max(0, Math.min(w - 1, x + i))];
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += kn[i + r] * tmp[Math.max(0, Math.min(h - 1, y + i)) * w + x];
      ch[y * w + x] = s;
    }
}

/**
 * The patch x0..x0+w, y0..y0+h of the photo, RGB (0-255, rounded) row by row. Pixel (i, j) covers
 * [x0 + i, x0 + i + 1) x [y0 + j, y0 + j + 1) in image coordinates (its centre at + 0.5).
 */
export function renderPatch(
  scene: SceneSpec,
  x0: number,
  y0: number,
  w: number,
  h: number,
  opts: RenderOptions = {},
): Uint8Array {
  const tr = new Tracer(scene);
  const S = opts.supersample ?? 4;
  // the pixel grid's corners first: a pixel whose four corners see one material is shaded from its centre
  const ids = new Int32Array((w + 1) * (h + 1));
  for (let j = 0; j <= h; j++)
    for (let i = 0; i <= w; i++) ids[j * (w + 1) + i] = tr.trace(tr.ray(x0 + i, y0 + j)).id;
  const chans = [0, 1, 2].map(() => new Float32Array(w * h));
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const a = ids[j * (w + 1) + i];
      const same =
        a === ids[j * (w + 1) + i + 1] &&
        a === ids[(j + 1) * (w + 1) + i] &&
        a === ids[(j + 1) * (w + 1) + i + 1];
      const c: RGB = [0, 0, 0];
      const n = same ? 1 : S;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const hit = tr.trace(tr.ray(x0 + i + (sx + 0.5) / n, y0 + j + (sy + 0.5) / n));
          for (let k = 0; k < 3; k++) c[k] += hit.colour[k] / (n * n);
        }
      for (let k = 0; k < 3; k++) chans[k][j * w + i] = c[k];
    }
  for (const ch of chans) gaussian(ch, w, h, opts.blurPx ?? 0);
  const r = rng(opts.seed ?? 1);
  const noise = opts.noise ?? 0;
  const out = new Uint8Array(w * h * 3);
  for (let p = 0; p < w * h; p++)
    for (let k = 0; k < 3; k++)
      out[3 * p + k] = Math.max(0, Math.min(255, Math.round(chans[k][p] + noise * r.n())));
  return out;
}

/** RGB to grey levels (Rec. 601 luma), as the snapping reads a photo. */
export function toGrey(rgb: Uint8Array): Float32Array {
  const out = new Float32Array(rgb.length / 3);
  for (let p = 0; p < out.length; p++)
    out[p] = 0.299 * rgb[3 * p] + 0.587 * rgb[3 * p + 1] + 0.114 * rgb[3 * p + 2];
  return out;
}

/** Where a table point at height z appears in the photo, lens distortion included. */
export function projectPoint(scene: SceneSpec, p: Point, z = 0): Point {
  const cam = scene.camera;
  const q = cam.project(p, z);
  if (!q) throw new Error('a point lies behind the camera');
  const { focalPx: f, width, height } = cam.spec;
  const k1 = scene.k1 ?? 0;
  const ua = (q.x - width / 2) / f,
    ub = (q.y - height / 2) / f;
  // the distorted point d with d (1 + k1 |d|^2) = u, by fixed-point iteration
  let a = ua,
    b = ub;
  for (let i = 0; i < 50; i++) {
    const k = 1 + k1 * (a * a + b * b);
    a = ua / k;
    b = ub / k;
  }
  return { x: width / 2 + a * f, y: height / 2 + b * f };
}

/** A ship's base as a prism: a dark top, a light rim (1.2 mm), a wall darker than the top, 3 mm tall. */
export function shipBase(poly: Polygon, top: RGB = [150, 40, 36]): Prism {
  return { poly, height: BASE_TOP_MM, rimMm: 1.2, top, rim: [225, 225, 215], wall: [14, 16, 20] };
}

/** A squadron's base: a disc 3 mm tall with a light rim. */
export function squadronBase(x: number, y: number, r: number): Prism {
  return {
    circle: { x, y, r },
    height: BASE_TOP_MM,
    rimMm: 1.2,
    top: [60, 60, 64],
    rim: [230, 230, 230],
    wall: [14, 16, 20],
  };
}

/** An obstacle: cardboard CARD_TOP_MM thick, no rim. */
export function cardboard(poly: Polygon): Prism {
  return {
    poly,
    height: CARD_TOP_MM,
    rimMm: 0,
    top: [120, 100, 80],
    rim: [120, 100, 80],
    wall: [60, 50, 40],
  };
}

/**
 * A miniature's hull over a base: a long shape standing `z` mm above the table that crosses the
 * base's edge near `at` (table mm) along `dir` (degrees), `lengthMm` long and `widthMm` wide.
 */
export function hull(at: Point, dir: number, lengthMm: number, widthMm: number, z = 25): Occluder {
  const a = (dir * Math.PI) / 180;
  const ux = Math.cos(a),
    uy = Math.sin(a);
  const pts: [number, number][] = [];
  for (let i = 0; i < 12; i++) {
    const t = (i / 12) * 2 * Math.PI;
    const l = (lengthMm / 2) * Math.cos(t),
      s = (widthMm / 2) * Math.sin(t) * (0.6 + 0.4 * Math.cos(t));
    pts.push([at.x + l * ux - s * uy, at.y + l * uy + s * ux]);
  }
  return { poly: Polygon.from(pts), z, colour: [110, 112, 118] };
}

/** The direction of the ray through a photo point (pixel units, continuous), lens distortion included. */
function rayThrough(scene: SceneSpec, px: number, py: number): [number, number, number] {
  const cam = scene.camera;
  const { focalPx: f, width, height } = cam.spec;
  let a = (px - width / 2) / f,
    b = (py - height / 2) / f;
  const k = 1 + (scene.k1 ?? 0) * (a * a + b * b);
  a *= k;
  b *= k;
  return [0, 1, 2].map((i) => cam.forward[i] + a * cam.right[i] + b * cam.down[i]) as [
    number,
    number,
    number,
  ];
}

/** The table point at height z (mm) that is seen at a photo pixel, lens distortion included. */
export function atHeight(scene: SceneSpec, q: Point, z: number): Point {
  const cam = scene.camera;
  const d = rayThrough(scene, q.x, q.y);
  const t = (z - cam.centre[2]) / d[2];
  return { x: cam.centre[0] + t * d[0], y: cam.centre[1] + t * d[1] };
}

/**
 * A miniature's hull seen over a stretch of a base's top edge: `s` mm along the edge from `c` toward
 * `e` (table mm), the hull standing `z` mm up where the photo sees that point of the edge, across
 * the edge (turned `turnDeg` off square), `lengthMm` long and `widthMm` wide.
 */
export function hullOverEdge(
  scene: SceneSpec,
  c: Point,
  e: Point,
  s: number,
  shape: { lengthMm: number; widthMm: number; turnDeg?: number; z?: number },
): Occluder {
  const len = Math.hypot(e.x - c.x, e.y - c.y);
  const on = { x: c.x + ((e.x - c.x) * s) / len, y: c.y + ((e.y - c.y) * s) / len };
  const z = shape.z ?? 25;
  const at = atHeight(scene, projectPoint(scene, on, BASE_TOP_MM), z);
  const dir = (Math.atan2(e.y - c.y, e.x - c.x) * 180) / Math.PI + 90 + (shape.turnDeg ?? 0);
  return hull(at, dir, shape.lengthMm, shape.widthMm, z);
}

/** The corners of a rectangular base (width w across, length l) at a pose, counter-clockwise from rear-left. */
export function baseCorners(w: number, l: number, pose: { x: number; y: number; rotation: number }): Point[] {
  return [
    [-w / 2, -l / 2],
    [w / 2, -l / 2],
    [w / 2, l / 2],
    [-w / 2, l / 2],
  ].map(([x, y]) => place(x, y, pose.x, pose.y, pose.rotation));
}

/** RGB pixels (row by row) stored as a JPEG of this quality (1-100), jpeg-js's baseline encoder. */
export function encodeJpeg(rgb: Uint8Array, width: number, height: number, quality: number): Uint8Array {
  const rgba = new Uint8Array(4 * width * height);
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) rgba[4 * p + c] = rgb[3 * p + c];
    rgba[4 * p + 3] = 255;
  }
  return jpeg.encode({ data: rgba, width, height }, quality).data;
}

/** A JPEG's pixels as RGB, row by row. */
function decodeJpegRgb(bytes: Uint8Array): Uint8Array {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false });
  return img.data;
}

/** The JPEG block grid's step, px: a patch stored as JPEG is widened to it so its blocks fall where the photo's do. */
const BLOCK = 16;

/**
 * A patch of the photo as grey levels (Rec. 601 luma, as snapping reads a photo), with its place in
 * the photo: rendered, blurred, given noise and, with `jpegQuality`, stored as a JPEG on the whole
 * photo's block grid (the patch is widened to it, compressed, and cut back).
 */
export function renderGrey(
  scene: SceneSpec,
  x0: number,
  y0: number,
  w: number,
  h: number,
  opts: RenderOptions = {},
): { data: Float32Array; width: number; height: number; x0: number; y0: number } {
  const q = opts.jpegQuality ?? 0;
  if (!q) return { data: toGrey(renderPatch(scene, x0, y0, w, h, opts)), width: w, height: h, x0, y0 };
  const ax = Math.floor(x0 / BLOCK) * BLOCK,
    ay = Math.floor(y0 / BLOCK) * BLOCK;
  const aw = Math.ceil((x0 + w - ax) / BLOCK) * BLOCK,
    ah = Math.ceil((y0 + h - ay) / BLOCK) * BLOCK;
  const rgb = decodeJpegRgb(encodeJpeg(renderPatch(scene, ax, ay, aw, ah, opts), aw, ah, q));
  const grey = toGrey(rgb);
  const data = new Float32Array(w * h);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) data[j * w + i] = grey[(j + y0 - ay) * aw + (i + x0 - ax)];
  return { data, width: w, height: h, x0, y0 };
}
