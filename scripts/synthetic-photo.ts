/**
 * A synthetic photo of a known table: ship bases, a squadron, an obstacle in colour on a mat,
 * seen through a random pinhole camera (tilted, turned), slightly blurred, with noise, as PNG;
 * beside it a JSON file with the truth table, the table a player starts from (the pieces to be
 * marked dropped roughly) and the pixel of every point a player would mark.
 *
 *   npx tsx scripts/synthetic-photo.ts OUT_DIR [--seed N] [--width 3000] [--height 2250]
 *
 * The PNG writer is a few lines over node:zlib (no dependency).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Point, place } from '../src/geometry/point';
import { Polygon } from '../src/geometry/polygon';
import { CATALOG } from '../src/model/catalog';
import { cornerLocal, CORNERS, markablePoints } from '../src/model/photo';
import { validateTable } from '../src/model/table';
import { PinholeCamera } from '../src/photo/camera';

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

function rng(seed: number) {
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
  /** exact pixels: `isd.front-left`, ..., `tie1.rim` (3 points), `rock1.points` with their frame points */
  points: Record<string, [number, number]> & {
    rim: [number, number][];
    rock: { local: [number, number][]; px: [number, number][] };
  };
  camera: PinholeCamera['spec'];
}

export function syntheticPhoto(seed = 22, width = 3000, height = 2250): SyntheticPhoto {
  const r = rng(seed);
  const cat = CATALOG;
  const camera = new PinholeCamera({
    target: { x: 820 + 40 * (r.u() - 0.5), y: 460 + 40 * (r.u() - 0.5) },
    distance: 800 + 300 * r.u(),
    tiltDeg: 15 + 15 * r.u(),
    tiltTowardDeg: 360 * r.u(),
    upDeg: 60 + 60 * r.u(),
    width,
    height,
    focalPx: 1,
  });
  // focal length: the 560 mm patch around the pieces fills 90% of the frame
  let reach = 0;
  for (const [dx, dy] of [
    [-290, -230],
    [290, -230],
    [290, 230],
    [-290, 230],
  ]) {
    const q = camera.project({ x: camera.spec.target.x + dx, y: camera.spec.target.y + dy })!;
    reach = Math.max(
      reach,
      Math.abs(q.x - width / 2) / (width / 2),
      Math.abs(q.y - height / 2) / (height / 2),
    );
  }
  const cam = new PinholeCamera({ ...camera.spec, focalPx: 0.9 / reach });
  const shapes: {
    poly?: Polygon;
    circle?: [number, number, number];
    fill: number[];
    edge: number[];
    box: number[];
  }[] = [];
  for (const s of TRUTH.ships) {
    const size = cat.shipClasses[s.class].size;
    const ring = (['rear-left', 'rear-right', 'front-right', 'front-left'] as const).map((c) =>
      cornerLocal(cat, { size }, c),
    );
    const b = Polygon.from(ring.map((p) => [p.x, p.y]) as [number, number][]).placed(s.x, s.y, s.rotation);
    shapes.push({
      box: [],
      poly: b,
      fill: s.player === 1 ? [150, 40, 36] : [40, 90, 160],
      edge: [235, 235, 225],
    });
  }
  for (const q of TRUTH.squadrons)
    shapes.push({
      box: [],
      circle: [q.x, q.y, cat.squadron.diameter / 2],
      fill: [60, 60, 64],
      edge: [230, 230, 230],
    });
  const o = TRUTH.obstacles[0];
  const outline = Polygon.from(cat.obstacles[o.type].outline).centred().placed(o.x, o.y, o.rotation);
  shapes.push({ box: [], poly: outline, fill: [120, 100, 80], edge: [200, 180, 150] });

  for (const s of shapes) {
    s.box = s.poly
      ? [s.poly.minX - 1, s.poly.minY - 1, s.poly.maxX + 1, s.poly.maxY + 1]
      : [
          s.circle![0] - s.circle![2] - 1,
          s.circle![1] - s.circle![2] - 1,
          s.circle![0] + s.circle![2] + 1,
          s.circle![1] + s.circle![2] + 1,
        ];
  }
  // rasterise: each pixel's ray meets the table; the mat has a faint printed grain
  const img = new Float32Array(width * height * 3);
  const edgeMm = 1.2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = cam.unproject({ x: x + 0.5, y: y + 0.5 });
      let c = [22, 30, 44];
      if (p) {
        const grain = 6 * Math.sin(p.x * 0.37) * Math.sin(p.y * 0.41);
        c = [24 + grain, 34 + grain, 52 + grain];
        for (const s of shapes) {
          if (p.x < s.box[0] || p.x > s.box[2] || p.y < s.box[1] || p.y > s.box[3]) continue;
          const d = s.poly
            ? signedDistance(s.poly, p)
            : Math.hypot(p.x - s.circle![0], p.y - s.circle![1]) - s.circle![2];
          if (d <= 0) c = d > -edgeMm ? s.edge : s.fill;
        }
      }
      const i = (y * width + x) * 3;
      img[i] = c[0];
      img[i + 1] = c[1];
      img[i + 2] = c[2];
    }
  }
  const blurred = boxBlur(boxBlur(img, width, height), width, height);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++)
    rgb[i] = Math.max(0, Math.min(255, Math.round(blurred[i] + 3 * r.n())));

  const points: Record<string, [number, number]> = {};
  const px = (p: Point): [number, number] => {
    const q = cam.project(p)!;
    return [q.x, q.y];
  };
  for (const s of TRUTH.ships) {
    const size = cat.shipClasses[s.class].size;
    for (const c of CORNERS) {
      const l = cornerLocal(cat, { size }, c);
      points[`${s.id}.${c}`] = px(place(l.x, l.y, s.x, s.y, s.rotation));
    }
  }
  const q = TRUTH.squadrons[0],
    R = cat.squadron.diameter / 2;
  const rim = [20, 140, 260].map((a) =>
    px({ x: q.x + R * Math.cos((a * Math.PI) / 180), y: q.y + R * Math.sin((a * Math.PI) / 180) }),
  );
  const local = markablePoints(cat, o.type);
  const rock = { local, px: local.map(([lx, ly]) => px(place(lx, ly, o.x, o.y, o.rotation))) };
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
  };
}

/** negative inside: distance to the outline, signed */
function signedDistance(poly: Polygon, p: Point): number {
  let d = Infinity;
  for (let i = 0; i < poly.n; i++) {
    const j = (i + 1) % poly.n;
    const ax = poly.xy[2 * i],
      ay = poly.xy[2 * i + 1],
      bx = poly.xy[2 * j],
      by = poly.xy[2 * j + 1];
    const dx = bx - ax,
      dy = by - ay,
      l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / l2)) : 0;
    d = Math.min(d, Math.hypot(p.x - ax - t * dx, p.y - ay - t * dy));
  }
  return poly.contains(p.x, p.y) ? -d : d;
}

/** 3x3 box blur, each channel */
function boxBlur(src: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < 3; k++) {
        let s = 0,
          n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= h) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= w) continue;
            s += src[(yy * w + xx) * 3 + k];
            n++;
          }
        }
        out[(y * w + x) * 3 + k] = s / n;
      }
    }
  }
  return out;
}

if (process.argv[1]?.endsWith('synthetic-photo.ts')) {
  const args = process.argv.slice(2);
  const opt = (name: string, def: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : def;
  };
  const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'synthetic-photo';
  const shot = syntheticPhoto(opt('seed', 22), opt('width', 3000), opt('height', 2250));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'photo.png'), shot.png);
  const { png: _png, ...rest } = shot;
  writeFileSync(join(dir, 'photo.json'), JSON.stringify(rest, null, 1));
  console.log(
    `${join(dir, 'photo.png')}: ${shot.width} x ${shot.height}, ${(shot.png.length / 1e6).toFixed(1)} MB; truth and marks in photo.json`,
  );
}
