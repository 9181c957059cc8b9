/**
 * Scenes by construction for the joint fit (src/photo/joint.ts): a pinhole camera tilted 10-40
 * degrees with radial distortion k1, three ships, a squadron and an obstacle at known poses, marks
 * projected at their heights (base tops 3 mm, cardboard 2 mm) plus normal pixel noise, and the
 * file's poses placed by hand: 8 mm and 3 degrees off the truth. Shared by test/photo/joint.test.ts
 * and scripts/photo-joint-accuracy.ts.
 */
import type { Point } from '../../src/geometry/point';
import { framingCamera } from '../../src/photo/camera';
import {
  BASE_TOP_MM,
  CARDBOARD_MM,
  distortPx,
  type JointFit,
  type JointInput,
  type JointPiece,
  rigidFit,
} from '../../src/photo/joint';
import { mulberry32 } from '../../src/model/random';
import { L as LARGE, M as MEDIUM, RIM, ROCK, S as SMALL } from './coverage';
import { normalNoise, onTable, type Pose } from './synthetic';

export interface JointSceneSpec {
  seed: number;
  tiltDeg: number;
  k1: number;
  /** each mark's pixel noise (normal, px per coordinate) and what the marks claim */
  noisePx: number;
  claimPx?: number;
  /** the share of the image the pieces fill (near 1: pieces at the photo's edge) */
  fill?: number;
  /** how far off the file's poses are placed, mm and degrees */
  offMm?: number;
  offDeg?: number;
}

export interface JointScene {
  input: JointInput;
  truth: Map<string, Pose>;
  spec: JointSceneSpec;
}

/** A seeded uniform draw in [0, 1): mulberry32, the seed mixed (the scenes drawn before it was shared). */
const uniform = (seed: number) => mulberry32((seed ^ 0x5bd1e995) >>> 0);

/** A scene by construction (the same spec always gives the same scene). */
export function jointScene(spec: JointSceneSpec): JointScene {
  const u = uniform(spec.seed),
    noise = normalNoise(spec.seed * 7 + 1);
  const cx = 300 + 1200 * u(),
    cy = 300 + 300 * u();
  const turn = () => 360 * u();
  const poses: [string, Pose][] = [
    ['isd', { x: cx - 170 + 30 * u(), y: cy - 110 + 30 * u(), rotation: turn() }],
    ['cr90', { x: cx + 150 + 30 * u(), y: cy + 80 + 30 * u(), rotation: turn() }],
    ['vic', { x: cx + 120 + 30 * u(), y: cy - 160 + 30 * u(), rotation: turn() }],
    ['tie', { x: cx - 150 + 30 * u(), y: cy + 150 + 30 * u(), rotation: 0 }],
    ['rock', { x: cx + 20 * u(), y: cy + 20 * u(), rotation: turn() }],
  ];
  const truth = new Map(poses);
  const s = 300;
  const camera = framingCamera(
    {
      target: { x: cx, y: cy },
      distance: 500 + 800 * u(),
      tiltDeg: spec.tiltDeg,
      tiltTowardDeg: turn(),
      upDeg: turn(),
      width: 4032,
      height: 3024,
    },
    [
      { x: cx - s, y: cy - s },
      { x: cx + s, y: cy + s },
      { x: cx - s, y: cy + s },
      { x: cx + s, y: cy - s },
    ],
    spec.fill ?? 0.9,
  );
  const { width: W, height: H, focalPx: f } = camera.spec;
  const see = (p: Point, h: number): Point => {
    const q = distortPx(camera.project(p, h)!, W, H, f, spec.k1);
    return { x: q.x + spec.noisePx * noise(), y: q.y + spec.noisePx * noise() };
  };
  const offMm = spec.offMm ?? 8,
    offDeg = spec.offDeg ?? 3;
  const rough = (p: Pose, turns: boolean) => {
    const a = 2 * Math.PI * u();
    return {
      x: p.x + offMm * Math.cos(a),
      y: p.y + offMm * Math.sin(a),
      rotation: turns ? p.rotation + (u() < 0.5 ? -offDeg : offDeg) : 0,
    };
  };
  const claim = spec.claimPx ?? Math.max(spec.noisePx, 0.1);
  const ship = (id: string, local: Point[]): JointPiece => {
    const p = truth.get(id)!;
    return {
      id,
      shape: { kind: 'points', local, rotate: true },
      px: local.map((l) => see(onTable(p, l), BASE_TOP_MM)),
      sigmasPx: local.map(() => claim),
      heightMm: BASE_TOP_MM,
      file: rough(p, true),
      outline: local,
    };
  };
  const tie = truth.get('tie')!;
  const start = 2 * Math.PI * u();
  const rimAngles = [0, 1, 2, 3, 4].map((k) => start + (k * 2 * Math.PI) / 5);
  const rock = truth.get('rock')!;
  const rockMarks = [ROCK[0], ROCK[2], ROCK[3], ROCK[5]];
  const pieces: JointPiece[] = [
    ship('isd', LARGE),
    ship('cr90', SMALL),
    ship('vic', MEDIUM),
    {
      id: 'tie',
      shape: { kind: 'rim', radius: RIM },
      px: rimAngles.map((a) =>
        see({ x: tie.x + RIM * Math.cos(a), y: tie.y + RIM * Math.sin(a) }, BASE_TOP_MM),
      ),
      sigmasPx: rimAngles.map(() => claim),
      heightMm: BASE_TOP_MM,
      file: rough(tie, false),
      outline: [],
    },
    {
      id: 'rock',
      shape: { kind: 'points', local: rockMarks, rotate: true },
      px: rockMarks.map((l) => see(onTable(rock, l), CARDBOARD_MM)),
      sigmasPx: rockMarks.map(() => claim),
      heightMm: CARDBOARD_MM,
      file: rough(rock, true),
      outline: ROCK,
    },
  ];
  return { input: { width: W, height: H, pieces }, truth, spec };
}

/** Each piece's worst outline error after the best rigid alignment of every outline with the truth, mm. */
export function outlineErrors(scene: JointScene, fit: JointFit): Map<string, number[]> {
  const from: Point[] = [],
    to: Point[] = [],
    owner: string[] = [];
  for (const p of scene.input.pieces) {
    const f = fit.pieces.get(p.id)!,
      t = scene.truth.get(p.id)!;
    for (const l of p.outline.length ? p.outline : [{ x: 0, y: 0 }]) {
      from.push(onTable(f, l));
      to.push(onTable(t, l));
      owner.push(p.id);
    }
  }
  const [tx, ty, a] = rigidFit(from, to);
  const c = Math.cos(a),
    s = Math.sin(a);
  const out = new Map<string, number[]>();
  from.forEach((p, k) => {
    const e = Math.hypot(p.x * c - p.y * s + tx - to[k].x, p.x * s + p.y * c + ty - to[k].y);
    out.set(owner[k], [...(out.get(owner[k]) ?? []), e]);
  });
  return out;
}

/** The scene as a table file: the pieces where the file's rough poses put them, the marks, no calibration. */
export function jointTable(scene: JointScene) {
  const at = (id: string) => scene.input.pieces.find((p) => p.id === id)!;
  const pose = (id: string) => ({ x: at(id).file.x, y: at(id).file.y, rotation: at(id).file.rotation });
  const px = (id: string) => at(id).px.map((p) => [Math.round(p.x * 100) / 100, Math.round(p.y * 100) / 100]);
  const CORNERS = ['front-left', 'front-right', 'rear-left', 'rear-right'];
  return {
    format: 'armada-table/1',
    table: '3x6',
    ships: [
      { id: 'isd', class: 'imperial', player: 1, ...pose('isd') },
      { id: 'cr90', class: 'cr90', player: 2, ...pose('cr90') },
      { id: 'vic', class: 'victory', player: 1, ...pose('vic') },
    ],
    squadrons: [{ id: 'tie', player: 1, x: at('tie').file.x, y: at('tie').file.y }],
    obstacles: [{ id: 'rock', type: 'asteroid-a', ...pose('rock') }],
    tokens: [],
    photo: {
      size: [scene.input.width, scene.input.height],
      marks: [
        ...['isd', 'cr90', 'vic'].map((id) => ({
          piece: id,
          px: px(id),
          points: CORNERS,
          sigmaPx: at(id).sigmasPx[0],
        })),
        { piece: 'tie', px: px('tie'), points: 'rim', sigmaPx: at('tie').sigmasPx[0] },
        {
          piece: 'rock',
          px: px('rock'),
          points: (at('rock').shape as { local: Point[] }).local.map((l) => [l.x, l.y]),
          sigmaPx: at('rock').sigmasPx[0],
        },
      ],
    },
  };
}
