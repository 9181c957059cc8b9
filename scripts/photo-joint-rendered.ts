/**
 * `npx tsx scripts/photo-joint-rendered.ts [--seeds N] [--from K] [--to L] [--width W] [--height H]`
 * prints, per condition (the K-th up to the L-th, not included), how well `npm run analyze` places the
 * pieces of a rendered photo (scripts/synthetic-photo.ts: 3 mm bases with lighter rims, the obstacle's
 * cardboard, blur, sensor noise, JPEG 85, lens distortion, a miniature's hull over each ship's base when
 * asked) with no calibration: every piece dropped 8 mm and 3 degrees off by hand, each mark a tap up to 12
 * px off its point, `photo.image` set so the command line refines the taps on the photo, then the joint
 * fit. Figures: the outline error after the best rigid alignment with the truth (median, 95th percentile
 * over every outline point), how often the stated 99% bound covers a piece's worst point, the bound's
 * median, and the marks kept as tapped. The obstacle's marks are given `heightMm`: the renderer's
 * cardboard (CARD_TOP_MM). Framed "at the edge", the pieces reach the photo's bottom right corner, where
 * the lens bends most (scripts/synthetic-photo.ts, `edge`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Point, place } from '../src/geometry/point';
import { CATALOG } from '../src/model/catalog';
import { cornerLocal, CORNERS, poseModel } from '../src/model/photo';
import { PinholeCamera } from '../src/photo/camera';
import { rigidFit } from '../src/photo/joint';
import { BASE_TOP_MM, CARD_TOP_MM, projectPoint, rng } from '../src/photo/render-scene';
import { syntheticPhoto, toJpeg } from './synthetic-photo';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seeds = arg('--seeds', 3),
  first = arg('--from', 0),
  last = arg('--to', Infinity),
  W = arg('--width', 3000),
  H = arg('--height', 2250);
const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'joint-rendered-'));

interface Pose {
  x: number;
  y: number;
  rotation: number;
}
type Piece = { id: string; x: number; y: number; rotation?: number };

/** One rendered photo through the command line: each outline point's error and each piece's bound. */
function trial(seed: number, o: { tiltDeg: number; k1: number; hulls: boolean; edge?: boolean }) {
  const shot = syntheticPhoto(seed, W, H, { ...o, blurPx: 1, noise: 3 });
  writeFileSync(join(dir, 'photo.jpg'), toJpeg(shot.png, 85));
  const scene = { camera: new PinholeCamera(shot.camera), k1: shot.k1, prisms: [] };
  const r = rng(seed * 31 + 7);
  const tap = (p: Point, z: number): [number, number] => {
    const q = projectPoint(scene, p, z);
    const a = 2 * Math.PI * r.u(),
      d = 12 * Math.sqrt(r.u());
    return [q.x + d * Math.cos(a), q.y + d * Math.sin(a)];
  };
  const truth = shot.truth;
  const rough = (p: Piece, turns: boolean) => {
    const a = 2 * Math.PI * r.u();
    return {
      ...p,
      x: p.x + 8 * Math.cos(a),
      y: p.y + 8 * Math.sin(a),
      ...(turns ? { rotation: (p.rotation ?? 0) + (r.u() < 0.5 ? -3 : 3) } : {}),
    };
  };
  const ships = truth.ships.map((s) => rough(s, true));
  const marks: unknown[] = truth.ships.map((s) => {
    const size = CATALOG.shipClasses[s.class].size;
    return {
      piece: s.id,
      px: CORNERS.map((c) => {
        const l = cornerLocal(CATALOG, { size }, c);
        return tap(place(l.x, l.y, s.x, s.y, s.rotation), BASE_TOP_MM);
      }),
      points: CORNERS,
    };
  });
  const q = truth.squadrons[0],
    R = CATALOG.squadron.diameter / 2;
  marks.push({
    piece: q.id,
    px: [10, 100, 190, 280].map((a) =>
      tap(
        { x: q.x + R * Math.cos((a * Math.PI) / 180), y: q.y + R * Math.sin((a * Math.PI) / 180) },
        BASE_TOP_MM,
      ),
    ),
    points: 'rim',
  });
  const ob = truth.obstacles[0];
  marks.push({
    piece: ob.id,
    px: shot.points.rock.local.map(([lx, ly]) => tap(place(lx, ly, ob.x, ob.y, ob.rotation), CARD_TOP_MM)),
    points: shot.points.rock.local,
    heightMm: CARD_TOP_MM,
  });
  const table = {
    ...structuredClone(truth),
    ships,
    squadrons: truth.squadrons.map((s) => rough(s, false)),
    obstacles: truth.obstacles.map((s) => rough(s, true)),
    photo: { size: [W, H], image: 'photo.jpg', marks },
  };
  writeFileSync(join(dir, 'table.json'), JSON.stringify(table));
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      'src/cli/analyze.ts',
      '--budget',
      '120',
      join(dir, 'table.json'),
    ],
    { cwd: root, encoding: 'utf8', timeout: 300_000 },
  );
  if (run.status !== 0) return { refused: run.stderr.trim() };
  const photo = JSON.parse(run.stdout).photo;
  // every piece's outline points, fitted and true
  const from: Point[] = [],
    to: Point[] = [],
    owner: string[] = [];
  const all: (Piece & { rotation?: number })[] = [...truth.ships, ...truth.squadrons, ...truth.obstacles];
  for (const t of all) {
    const f: Pose = photo.pieces[t.id];
    const kind = truth.ships.some((s) => s.id === t.id)
      ? 'ship'
      : truth.squadrons.some((s) => s.id === t.id)
        ? 'squadron'
        : 'obstacle';
    const ref = { kind, piece: t } as Parameters<typeof poseModel>[1];
    const outline =
      kind === 'ship'
        ? CORNERS.map((c) =>
            cornerLocal(
              CATALOG,
              { size: CATALOG.shipClasses[(t as unknown as { class: string }).class].size },
              c,
            ),
          )
        : kind === 'obstacle'
          ? poseModel(CATALOG, ref, []).outline
          : [{ x: 0, y: 0 }];
    for (const l of outline) {
      from.push(place(l.x, l.y, f.x, f.y, f.rotation));
      to.push(place(l.x, l.y, t.x, t.y, t.rotation ?? 0));
      owner.push(t.id);
    }
  }
  const [tx, ty, a] = rigidFit(from, to);
  const err = new Map<string, number[]>();
  from.forEach((p, k) => {
    const e = Math.hypot(
      p.x * Math.cos(a) - p.y * Math.sin(a) + tx - to[k].x,
      p.x * Math.sin(a) + p.y * Math.cos(a) + ty - to[k].y,
    );
    err.set(owner[k], [...(err.get(owner[k]) ?? []), e]);
  });
  const kept = Object.values(photo.pieces).flatMap((p) =>
    ((p as { marks?: { refined?: boolean }[] }).marks ?? []).filter((m) => m.refined === false),
  ).length;
  return {
    err,
    bounds: new Map(all.map((t) => [t.id, photo.pieces[t.id].uncertaintyMm as number])),
    kept,
    photo,
  };
}

const quantile = (v: number[], p: number) => {
  const s = [...v].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};

const conditions = [
  { label: 'tilt 10, k1 0', tiltDeg: 10, k1: 0, hulls: false },
  { label: 'tilt 25, k1 0', tiltDeg: 25, k1: 0, hulls: false },
  { label: 'tilt 40, k1 0', tiltDeg: 40, k1: 0, hulls: false },
  { label: 'tilt 25, k1 -0.05', tiltDeg: 25, k1: -0.05, hulls: false },
  { label: 'tilt 25, k1 +0.05', tiltDeg: 25, k1: 0.05, hulls: false },
  { label: 'tilt 25, k1 0, hulls over edges', tiltDeg: 25, k1: 0, hulls: true },
  { label: 'tilt 25, k1 +0.05, at the edge', tiltDeg: 25, k1: 0.05, hulls: false, edge: true },
  { label: 'tilt 25, k1 -0.05, at the edge', tiltDeg: 25, k1: -0.05, hulls: false, edge: true },
];
console.log(
  `rendered photos ${W} x ${H}, JPEG 85, taps up to 12 px off, no calibration; ${seeds} seeds a condition`,
);
for (const c of conditions.slice(first, last)) {
  const errs: number[] = [],
    bounds: number[] = [];
  let covered = 0,
    pieces = 0,
    kept = 0,
    refused = 0;
  const cams: string[] = [];
  for (let s = 1; s <= seeds; s++) {
    const t = trial(100 + s, c);
    if ('refused' in t) {
      refused++;
      console.log(`  ${c.label} seed ${100 + s}: ${t.refused}`);
      continue;
    }
    kept += t.kept;
    cams.push(`k1 ${t.photo.camera.k1.toFixed(3)} tilt ${t.photo.camera.tiltDeg.toFixed(1)}`);
    for (const [id, e] of t.err) {
      errs.push(...e);
      const u = t.bounds.get(id)!;
      bounds.push(u);
      pieces++;
      if (Math.max(...e) <= u) covered++;
    }
  }
  console.log(
    `${c.label.padEnd(32)} median ${quantile(errs, 0.5).toFixed(3)} mm  p95 ${quantile(errs, 0.95).toFixed(3)} mm  ` +
      `covered ${((100 * covered) / Math.max(1, pieces)).toFixed(0)}% of ${pieces}  bound median ` +
      `${quantile(bounds, 0.5).toFixed(2)} mm  marks kept as tapped ${kept}` +
      (refused ? `  refused ${refused}` : '') +
      `  (${cams.join('; ')})`,
  );
}
