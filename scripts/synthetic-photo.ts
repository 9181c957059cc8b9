/**
 * A synthetic photo of a known table: ship bases (3 mm tall, a lighter rim round the top, a dark
 * wall), a squadron's base, an obstacle's cardboard (1 mm) on a mat, seen through a random pinhole
 * camera (tilted, turned, optionally with lens distortion), ray-cast and supersampled, blurred, with
 * noise, as PNG (the photo renderer, src/photo/render-scene.ts, draws it); with --hulls a miniature's
 * hull stands over each ship's base and hides a stretch of one long edge. Beside it a JSON file with
 * the truth table, the table a player starts from (the pieces to be marked dropped roughly) and the
 * pixel of every point a player would mark (a base's top corners, its rim, the obstacle's cardboard).
 *
 *   npx tsx scripts/synthetic-photo.ts OUT_DIR [--seed N] [--width 3000] [--height 2250]
 *     [--tilt DEG] [--k1 K] [--hulls] [--blur PX] [--noise LEVELS] [--jpeg QUALITY]
 *
 * The PNG writer is a few lines over node:zlib (no dependency); with --jpeg the photo is written as
 * photo.jpg instead, at that quality (jpeg-js), as a phone would store it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { decode as decodePng } from 'fast-png';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Point, place } from '../src/geometry/point';
import { Polygon } from '../src/geometry/polygon';
import { CATALOG } from '../src/model/catalog';
import { cornerLocal, CORNERS, markablePoints } from '../src/model/photo';
import { validateTable } from '../src/model/table';
import { framingCamera, PinholeCamera } from '../src/photo/camera';
import {
  BASE_TOP_MM,
  CARD_TOP_MM,
  cardboard,
  encodeJpeg,
  hullOverEdge,
  type Occluder,
  type Prism,
  projectPoint,
  renderPatch,
  rng,
  type SceneSpec,
  shipBase,
  squadronBase,
} from '../src/photo/render-scene';

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf: Uint8Array): number {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** RGB pixels (row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The known table: two ships to calibrate on, a third ship, a squadron and an asteroid between cr90 and isd. */
export const TRUTH = {
  format: 'armada-table/1',
  table: '3x6',
  ruleset: 'seed',
  ships: [
    { id: 'isd', class: 'imperial', player: 1, x: 660, y: 360, rotation: 272, speed: 2 },
    { id: 'vsd', class: 'victory', player: 1, x: 790, y: 590, rotation: 185, speed: 1 },
    { id: 'cr90', class: 'cr90', player: 2, x: 985, y: 385, rotation: 93, speed: 3 },
  ],
  squadrons: [{ id: 'tie1', player: 2, x: 900, y: 540 }],
  obstacles: [{ id: 'rock1', type: 'asteroid-a', x: 822, y: 372, rotation: 25 }],
  tokens: [],
  proposals: [],
} as const;

export interface SyntheticPhoto {
  png: Buffer;
  width: number;
  height: number;
  truth: typeof TRUTH;
  /** the truth with the pieces to be marked dropped by eye (a few mm and degrees off) */
  start: unknown;
  /**
   * exact pixels: `isd.front-left`, ..., the corners of each base's top (3 mm up); `tie1.rim` (3
   * points of its base's top rim); `rock1.points` with their frame points (on its cardboard, 1 mm up)
   */
  points: Record<string, [number, number]> & {
    rim: [number, number][];
    rock: { local: [number, number][]; px: [number, number][] };
  };
  camera: PinholeCamera['spec'];
  /** the lens's radial distortion (src/photo/render-scene.ts) */
  k1: number;
}

export interface SyntheticOptions {
  /** the camera's tilt from straight down, degrees (default: 15-30, drawn from the seed) */
  tiltDeg?: number;
  /** radial lens distortion (default 0) */
  k1?: number;
  /** a miniature's hull standing over each ship's base, hiding a stretch of one of its edges */
  hulls?: boolean;
  /** Gaussian blur, px (default 1) */
  blurPx?: number;
  /** sensor noise, grey levels (default 3) */
  noise?: number;
  /**
   * the pieces framed at the photo's edge, their bases reaching within EDGE_MARGIN of its bottom right corner
   * (where lens distortion is strongest), instead of round its middle
   */
  edge?: boolean;
}

/** with `edge`, how close the pieces' outermost base corners come to the photo's border, as a share of it */
const EDGE_MARGIN = 0.03;

/** Each ship base's corners, the squadron's rim and the obstacle's outline, table mm (to keep in sight). */
function piecesExtent(): Point[] {
  const out: Point[] = [];
  for (const s of TRUTH.ships) {
    const size = CATALOG.shipClasses[s.class].size;
    for (const c of CORNERS) {
      const l = cornerLocal(CATALOG, { size }, c);
      out.push(place(l.x, l.y, s.x, s.y, s.rotation));
    }
  }
  const q = TRUTH.squadrons[0],
    R = CATALOG.squadron.diameter / 2;
  for (let a = 0; a < 360; a += 45)
    out.push({ x: q.x + R * Math.cos((a * Math.PI) / 180), y: q.y + R * Math.sin((a * Math.PI) / 180) });
  const ob = TRUTH.obstacles[0];
  out.push(
    ...Polygon.from(CATALOG.obstacles[ob.type].outline).centred().placed(ob.x, ob.y, ob.rotation).points(),
  );
  return out;
}

/**
 * The camera moved over the table (its focal length and angles kept) until the pieces' bottom right extreme
 * in the photo lies EDGE_MARGIN from the corner: Newton steps on the target's place, the 2 x 2 Jacobian by
 * finite differences.
 */
function atEdge(cam: PinholeCamera): PinholeCamera {
  const pts = piecesExtent();
  const { width: W, height: H } = cam.spec;
  const want = [W * (1 - EDGE_MARGIN), H * (1 - EDGE_MARGIN)];
  const extreme = (c: PinholeCamera) => {
    const qs = pts.map((p) => c.project(p, BASE_TOP_MM)!);
    return [Math.max(...qs.map((q) => q.x)) - want[0], Math.max(...qs.map((q) => q.y)) - want[1]];
  };
  const moved = (c: PinholeCamera, dx: number, dy: number) =>
    new PinholeCamera({ ...c.spec, target: { x: c.spec.target.x + dx, y: c.spec.target.y + dy } });
  for (let k = 0; k < 6; k++) {
    const e = extreme(cam);
    if (Math.hypot(e[0], e[1]) < 0.5) break;
    const ex = extreme(moved(cam, 1, 0)),
      ey = extreme(moved(cam, 0, 1));
    const a = ex[0] - e[0],
      b = ey[0] - e[0],
      c = ex[1] - e[1],
      d = ey[1] - e[1];
    const det = a * d - b * c;
    cam = moved(cam, (-d * e[0] + b * e[1]) / det, (c * e[0] - a * e[1]) / det);
  }
  return cam;
}

/** the pieces as the renderer draws them: 3 mm bases with a lighter rim, a squadron's disc, the obstacle's cardboard */
function sceneOf(cam: PinholeCamera, o: SyntheticOptions, r: ReturnType<typeof rng>): SceneSpec {
  const cat = CATALOG;
  const prisms: Prism[] = TRUTH.ships.map((s) => {
    const size = cat.shipClasses[s.class].size;
    const ring = (['rear-left', 'rear-right', 'front-right', 'front-left'] as const).map((c) =>
      cornerLocal(cat, { size }, c),
    );
    const b = Polygon.from(ring.map((p) => [p.x, p.y]) as [number, number][]).placed(s.x, s.y, s.rotation);
    return shipBase(b, s.player === 1 ? [150, 40, 36] : [40, 90, 160]);
  });
  for (const q of TRUTH.squadrons) prisms.push(squadronBase(q.x, q.y, cat.squadron.diameter / 2));
  const ob = TRUTH.obstacles[0];
  prisms.push(
    cardboard(Polygon.from(cat.obstacles[ob.type].outline).centred().placed(ob.x, ob.y, ob.rotation)),
  );
  const scene: SceneSpec = { camera: cam, k1: o.k1 ?? 0, prisms, mat: [24, 34, 52] };
  if (o.hulls) scene.occluders = TRUTH.ships.map((s) => shipHull(scene, s, r));
  return scene;
}

/** a hull 25 mm up over the middle of a ship's base, reaching past one long edge (seen over it) */
function shipHull(scene: SceneSpec, s: (typeof TRUTH.ships)[number], r: ReturnType<typeof rng>): Occluder {
  const { width, length } = CATALOG.shipSizes[CATALOG.shipClasses[s.class].size].base;
  const x = ((r.u() < 0.5 ? -1 : 1) * width) / 2;
  const [c, e] = [-length / 2, length / 2].map((y) => place(x, y, s.x, s.y, s.rotation));
  return hullOverEdge(scene, c, e, length / 2 + 10 * (r.u() - 0.5), { lengthMm: 0.9 * width, widthMm: 22 });
}

export function syntheticPhoto(
  seed = 22,
  width = 3000,
  height = 2250,
  o: SyntheticOptions = {},
): SyntheticPhoto {
  const r = rng(seed);
  const spec = {
    target: { x: 820 + 40 * (r.u() - 0.5), y: 460 + 40 * (r.u() - 0.5) },
    distance: 800 + 300 * r.u(),
    tiltDeg: 15 + 15 * r.u(),
    tiltTowardDeg: 360 * r.u(),
    upDeg: 60 + 60 * r.u(),
    width,
    height,
  };
  if (o.tiltDeg !== undefined) spec.tiltDeg = o.tiltDeg;
  // focal length: the 580 x 460 mm patch around the pieces fills 90% of the frame
  const patch = [
    [-290, -230],
    [290, -230],
    [290, 230],
    [-290, 230],
  ].map(([dx, dy]) => ({ x: spec.target.x + dx, y: spec.target.y + dy }));
  const framed = framingCamera(spec, patch, 0.9);
  const cam = o.edge ? atEdge(framed) : framed;
  const scene = sceneOf(cam, o, r);
  const rgb = renderPatch(scene, 0, 0, width, height, {
    blurPx: o.blurPx ?? 1,
    noise: o.noise ?? 3,
    supersample: 3,
    seed,
  });
  const cat = CATALOG;
  const points: Record<string, [number, number]> = {};
  const px = (p: Point, z: number): [number, number] => {
    const q = projectPoint(scene, p, z);
    return [q.x, q.y];
  };
  for (const s of TRUTH.ships) {
    const size = cat.shipClasses[s.class].size;
    for (const c of CORNERS) {
      const l = cornerLocal(cat, { size }, c);
      points[`${s.id}.${c}`] = px(place(l.x, l.y, s.x, s.y, s.rotation), BASE_TOP_MM);
    }
  }
  const q = TRUTH.squadrons[0],
    R = cat.squadron.diameter / 2;
  const rim = [20, 140, 260].map((a) =>
    px(
      { x: q.x + R * Math.cos((a * Math.PI) / 180), y: q.y + R * Math.sin((a * Math.PI) / 180) },
      BASE_TOP_MM,
    ),
  );
  const ob = TRUTH.obstacles[0];
  const local = markablePoints(cat, ob.type);
  const rock = {
    local,
    px: local.map(([lx, ly]) => px(place(lx, ly, ob.x, ob.y, ob.rotation), CARD_TOP_MM)),
  };
  const start = structuredClone(TRUTH) as unknown as {
    ships: { x: number; y: number; rotation: number }[];
    squadrons: { x: number; y: number }[];
    obstacles: { x: number; y: number; rotation: number }[];
  };
  Object.assign(start.ships[2], { x: 978, y: 392, rotation: 88 });
  Object.assign(start.squadrons[0], { x: 905, y: 534 });
  Object.assign(start.obstacles[0], { x: 826, y: 369, rotation: 29 });
  validateTable(start);
  return {
    png: encodePng(width, height, rgb),
    width,
    height,
    truth: TRUTH,
    start,
    points: Object.assign(points, { rim, rock }) as SyntheticPhoto['points'],
    camera: cam.spec,
    k1: o.k1 ?? 0,
  };
}

/** The PNG's pixels stored as a JPEG of this quality (1-100). */
export function toJpeg(png: Uint8Array, quality: number): Buffer {
  const img = decodePng(png);
  const n = img.width * img.height;
  const rgb = new Uint8Array(3 * n);
  for (let p = 0; p < n; p++) for (let c = 0; c < 3; c++) rgb[3 * p + c] = img.data[img.channels * p + c];
  return Buffer.from(encodeJpeg(rgb, img.width, img.height, quality));
}

if (process.argv[1]?.endsWith('synthetic-photo.ts')) {
  const args = process.argv.slice(2);
  const opt = (name: string, def: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : def;
  };
  const dir =
    args.find(
      (a, i) => !a.startsWith('--') && !(args[i - 1]?.startsWith('--') && args[i - 1] !== '--hulls'),
    ) ?? 'synthetic-photo';
  const has = (name: string) => args.includes(`--${name}`);
  const shot = syntheticPhoto(opt('seed', 22), opt('width', 3000), opt('height', 2250), {
    ...(has('tilt') ? { tiltDeg: opt('tilt', 20) } : {}),
    k1: opt('k1', 0),
    hulls: has('hulls'),
    blurPx: opt('blur', 1),
    noise: opt('noise', 3),
  });
  mkdirSync(dir, { recursive: true });
  const quality = has('jpeg') ? opt('jpeg', 85) : 0;
  const out = quality ? join(dir, 'photo.jpg') : join(dir, 'photo.png');
  const bytes = quality ? toJpeg(shot.png, quality) : shot.png;
  writeFileSync(out, bytes);
  const { png: _png, ...rest } = shot;
  writeFileSync(join(dir, 'photo.json'), JSON.stringify(rest, null, 1));
  console.log(
    `${out}: ${shot.width} x ${shot.height}, ${(bytes.length / 1e6).toFixed(2)} MB; truth and marks in photo.json`,
  );
}
