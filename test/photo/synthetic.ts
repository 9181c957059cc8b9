/**
 * Synthetic photos for the fit tests: a random pinhole camera over a patch of the table (tilted,
 * turned, at different heights), two calibration ships, a third ship, a squadron and an obstacle
 * at known poses, and marks at their projected points plus normal pixel noise.
 */
import fc from 'fast-check';
import { type Point, place } from '../../src/geometry/point';
import { framingCamera, type PinholeCamera } from '../../src/photo/camera';
import { rng } from '../../src/photo/render-scene';

export interface Pose {
  x: number;
  y: number;
  rotation: number;
}

/** Normal draws (Box-Muller) from a small seeded generator (mulberry32, the photo renderer's). */
export function normalNoise(seed: number): () => number {
  return rng(seed).n;
}

export const corners = (w: number, l: number): Point[] => [
  { x: -w / 2, y: l / 2 },
  { x: w / 2, y: l / 2 },
  { x: -w / 2, y: -l / 2 },
  { x: w / 2, y: -l / 2 },
];
export const onTable = (p: Pose, l: Point): Point => place(l.x, l.y, p.x, p.y, p.rotation);

export interface Scene {
  camera: PinholeCamera;
  /** calibration ships (medium and large bases) and the pieces to place */
  cal: [Pose, Pose];
  ship: Pose;
  squadron: Point;
  obstacle: Pose;
  noise: () => number;
  /** where a table point appears, with `sigma` pixels of noise */
  mark(p: Point, sigma: number): Point;
  /** the exact projection */
  see(p: Point): Point;
}

const deg = fc.double({ min: 0, max: 360, noNaN: true });

/** Random scenes: pieces around a dispute somewhere on a 3'x6' table, the camera framing a 600 mm patch. */
export const sceneArb = fc
  .record({
    cx: fc.double({ min: 300, max: 1500, noNaN: true }),
    cy: fc.double({ min: 300, max: 600, noNaN: true }),
    turns: fc.tuple(deg, deg, deg, deg),
    jitter: fc.array(fc.double({ min: 0, max: 40, noNaN: true }), { minLength: 8, maxLength: 8 }),
    distance: fc.double({ min: 400, max: 1400, noNaN: true }),
    tilt: fc.double({ min: 0, max: 35, noNaN: true }),
    toward: deg,
    up: deg,
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .map((r): Scene => {
    const { cx, cy, jitter: j } = r;
    const cal: [Pose, Pose] = [
      { x: cx - 170 + j[0], y: cy - 110 + j[1], rotation: r.turns[0] },
      { x: cx + 130 + j[2], y: cy + 70 + j[3], rotation: r.turns[1] },
    ];
    const ship = { x: cx + 110 + j[4], y: cy - 150 + j[5], rotation: r.turns[2] };
    const squadron = { x: cx - 140 + j[6], y: cy + 140 + j[7] };
    const obstacle = { x: cx + j[4] / 2, y: cy + j[5] / 2, rotation: r.turns[3] };
    const s = 300;
    const camera = framingCamera(
      {
        target: { x: cx, y: cy },
        distance: r.distance,
        tiltDeg: r.tilt,
        tiltTowardDeg: r.toward,
        upDeg: r.up,
        width: 4032,
        height: 3024,
      },
      [
        { x: cx - s, y: cy - s },
        { x: cx + s, y: cy + s },
        { x: cx - s, y: cy + s },
        { x: cx + s, y: cy - s },
      ],
    );
    const noise = normalNoise(r.seed);
    const see = (p: Point) => camera.project(p)!;
    const mark = (p: Point, sigma: number) => {
      const q = see(p);
      return { x: q.x + sigma * noise(), y: q.y + sigma * noise() };
    };
    return { camera, cal, ship, squadron, obstacle, noise, mark, see };
  });
