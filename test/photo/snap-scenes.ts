/**
 * Rendered cases for snapping, each with its truth: a ship base (3 mm tall, lighter rim) or a
 * squadron's base seen by a phone (tilt, lens distortion, blur, noise, JPEG), perhaps with a
 * miniature's hull hiding a stretch of an edge, and a tap some pixels off the point. Only the patch
 * round the point is rendered, by the photo renderer (src/photo/render-scene.ts).
 */
import { type Point, place } from '../../src/geometry/point';
import { Polygon } from '../../src/geometry/polygon';
import { CATALOG, type ObstacleType } from '../../src/model/catalog';
import { markablePoints } from '../../src/model/photo';

import { framingCamera } from '../../src/photo/camera';
import {
  BASE_TOP_MM,
  baseCorners,
  CARD_TOP_MM,
  cardboard,
  hullOverEdge,
  type Occluder,
  projectPoint,
  renderGrey,
  rng,
  type SceneSpec,
  shipBase,
  squadronBase,
} from '../../src/photo/render-scene';
import type { GreyImage, SnapRequest, XY } from '../../src/photo/snap';

export interface CaseOptions {
  tiltDeg: number;
  k1?: number;
  blurPx?: number;
  noise?: number;
  /** stored as a JPEG of this quality (0 or absent: not) */
  jpeg?: number;
  /** a miniature's hull hides a stretch of one of the corner's edges */
  occluded?: boolean;
  /** pass the edges' directions (as a rough map would give them, a few degrees off) */
  hinted?: boolean;
  /** how far the tap is off, at most, px */
  tapPx?: number;
  /** the photo's size */
  width?: number;
  height?: number;
}

export interface SnapCase {
  img: GreyImage;
  truth: XY;
  req: SnapRequest;
  scene: SceneSpec;
}

const SIZES: [number, number][] = [
  [43, 71],
  [63, 102],
  [77.5, 129],
];
/** the reach read along each edge, px, at most */
const REACH = 150;

function camera(seed: number, o: CaseOptions, at: Point) {
  const r = rng(seed * 7919 + 1);
  const target = { x: at.x + 200 * (r.u() - 0.5), y: at.y + 160 * (r.u() - 0.5) };
  const width = o.width ?? 4032,
    height = o.height ?? 3024;
  return framingCamera(
    {
      target,
      distance: 700 + 400 * r.u(),
      tiltDeg: o.tiltDeg,
      tiltTowardDeg: 360 * r.u(),
      upDeg: 360 * r.u(),
      width,
      height,
    },
    // a 600 mm circle round the target fills the frame's height, whichever way the camera is turned
    Array.from({ length: 12 }, (_, k) => ({
      x: target.x + 300 * Math.cos((k * Math.PI) / 6),
      y: target.y + 300 * Math.sin((k * Math.PI) / 6),
    })),
  );
}

function render(scene: SceneSpec, centre: XY, half: number, o: CaseOptions, seed: number): GreyImage {
  const { width, height } = scene.camera.spec;
  const x0 = Math.max(0, Math.floor(centre[0] - half)),
    y0 = Math.max(0, Math.floor(centre[1] - half));
  const w = Math.min(width, Math.ceil(centre[0] + half)) - x0,
    h = Math.min(height, Math.ceil(centre[1] + half)) - y0;
  return renderGrey(scene, x0, y0, w, h, {
    blurPx: o.blurPx ?? 1,
    noise: o.noise ?? 2,
    seed,
    ...(o.jpeg ? { jpegQuality: o.jpeg } : {}),
  });
}

const tapNear = (truth: XY, r: ReturnType<typeof rng>, most: number): XY => {
  const a = 2 * Math.PI * r.u(),
    d = most * Math.sqrt(r.u());
  return [truth[0] + d * Math.cos(a), truth[1] + d * Math.sin(a)];
};

/** A ship base's corner: one of its four, a random class and heading, taps up to `tapPx` off. */
export function cornerCase(seed: number, o: CaseOptions): SnapCase {
  const r = rng(seed);
  const [w, l] = SIZES[Math.floor(r.u() * 3)];
  const pose = { x: 600, y: 400, rotation: 360 * r.u() };
  const world = baseCorners(w, l, pose);
  const k = Math.floor(r.u() * 4);
  const cam = camera(seed, o, pose);
  const scene: SceneSpec = {
    camera: cam,
    k1: o.k1 ?? 0,
    prisms: [shipBase(Polygon.from(world.map((p) => [p.x, p.y])))],
  };
  const see = (p: Point): XY => {
    const q = projectPoint(scene, p, BASE_TOP_MM);
    return [q.x, q.y];
  };
  const truth = see(world[k]);
  const nb = [world[(k + 1) % 4], world[(k + 3) % 4]];
  if (o.occluded) scene.occluders = [occluderOn(scene, world[k], nb[Math.floor(r.u() * 2)], r)];
  const ends = nb.map(see);
  const dirs = ends.map((e): XY => [e[0] - truth[0], e[1] - truth[1]]);
  const reach = dirs.map((d) => Math.min(REACH, Math.hypot(d[0], d[1]))) as [number, number];
  const tap = tapNear(truth, r, o.tapPx ?? 12);
  // a rough map turns the directions a few degrees
  const turn = (d: XY): XY => {
    const a = ((r.u() - 0.5) * 8 * Math.PI) / 180;
    return [d[0] * Math.cos(a) - d[1] * Math.sin(a), d[0] * Math.sin(a) + d[1] * Math.cos(a)];
  };
  const req: SnapRequest = {
    kind: 'corner',
    tap,
    reachPx: reach,
    ...(o.hinted ? { edges: [turn(dirs[0]), turn(dirs[1])] as [XY, XY] } : {}),
  };
  return { img: render(scene, truth, (o.tapPx ?? 12) + REACH + 12, o, seed), truth, req, scene };
}

/** a hull standing 25 mm up, seen over a stretch of the edge from `c` toward `e` (from 6 to 30 mm along it) */
function occluderOn(scene: SceneSpec, c: Point, e: Point, r: ReturnType<typeof rng>): Occluder {
  const s = Math.min(Math.hypot(e.x - c.x, e.y - c.y) * 0.6, 6 + 24 * r.u());
  const turnDeg = 30 * (r.u() - 0.5);
  return hullOverEdge(scene, c, e, s, { lengthMm: 40, widthMm: 10 + 10 * r.u(), turnDeg });
}

/** A squadron's base: a rim point, with the rough centre and radius a few px off as a rough map gives them. */
export function rimCase(seed: number, o: CaseOptions): SnapCase & { centreTruth: XY } {
  const r = rng(seed);
  const R = 12.5;
  const at = { x: 600, y: 400 };
  const cam = camera(seed, o, at);
  const scene: SceneSpec = { camera: cam, k1: o.k1 ?? 0, prisms: [squadronBase(at.x, at.y, R)] };
  const a = 2 * Math.PI * r.u();
  const q = projectPoint(scene, { x: at.x + R * Math.cos(a), y: at.y + R * Math.sin(a) }, BASE_TOP_MM);
  const truth: XY = [q.x, q.y];
  const c = projectPoint(scene, at, BASE_TOP_MM);
  const edge = projectPoint(scene, { x: at.x + R, y: at.y }, BASE_TOP_MM);
  const radiusPx = Math.hypot(edge.x - c.x, edge.y - c.y);
  const rough = 0.15 * radiusPx;
  const req: SnapRequest = {
    kind: 'rim',
    tap: tapNear(truth, r, o.tapPx ?? 12),
    centre: [c.x + rough * (r.u() - 0.5), c.y + rough * (r.u() - 0.5)],
    radiusPx: radiusPx * (0.9 + 0.2 * r.u()),
  };
  return {
    img: render(scene, truth, (o.tapPx ?? 12) + radiusPx + 20, o, seed),
    truth,
    req,
    scene,
    centreTruth: [c.x, c.y],
  };
}

/** the rough map's error: the pose a player's rough placement gives, this far off at most (mm, degrees) */
const ROUGH_MM = 8,
  ROUGH_DEG = 3;

/**
 * An obstacle's point: one of the points a player marks on a random obstacle (its sharpest corners,
 * markablePoints), its cardboard 2 mm up; the request's outline where a rough map (a plane at the
 * bases' height, no lens) and a rough pose (up to 8 mm and 3 degrees off) put it, and a tap up to
 * `tapPx` off the point. With `occluded` a miniature's hull hides a stretch of the outline 8-25 mm
 * from the point.
 */
export function obstacleCase(
  seed: number,
  o: CaseOptions,
): SnapCase & { type: ObstacleType; local: XY; pose: { x: number; y: number; rotation: number } } {
  const r = rng(seed);
  const types = Object.keys(CATALOG.obstacles).sort() as ObstacleType[];
  const type = types[Math.floor(r.u() * types.length)];
  const pose = { x: 600, y: 400, rotation: 360 * r.u() };
  const marks = markablePoints(CATALOG, type);
  const local = marks[Math.floor(r.u() * marks.length)];
  const centred = Polygon.from(CATALOG.obstacles[type].outline).centred();
  const cam = camera(seed, o, pose);
  const scene: SceneSpec = {
    camera: cam,
    k1: o.k1 ?? 0,
    prisms: [cardboard(centred.placed(pose.x, pose.y, pose.rotation))],
  };
  const q = projectPoint(scene, place(local[0], local[1], pose.x, pose.y, pose.rotation), CARD_TOP_MM);
  const truth: XY = [q.x, q.y];
  const ring = Array.from({ length: centred.n }, (_, i): XY => [centred.xy[2 * i], centred.xy[2 * i + 1]]);
  if (o.occluded) scene.occluders = [outlineHull(scene, ring, local, pose, r)];
  const a = 2 * Math.PI * r.u();
  const rough = {
    x: pose.x + ROUGH_MM * Math.sqrt(r.u()) * Math.cos(a),
    y: pose.y + ROUGH_MM * Math.sqrt(r.u()) * Math.sin(a),
    rotation: pose.rotation + ROUGH_DEG * (2 * r.u() - 1),
  };
  const seen = ([x, y]: XY): XY => {
    const p = cam.project(place(x, y, rough.x, rough.y, rough.rotation), BASE_TOP_MM)!;
    return [p.x, p.y];
  };
  const req: SnapRequest = {
    kind: 'outline',
    tap: tapNear(truth, r, o.tapPx ?? 12),
    outline: ring.map(seen),
    at: seen(local),
  };
  return { img: render(scene, truth, (o.tapPx ?? 12) + 140, o, seed), truth, req, scene, type, local, pose };
}

/** a hull 25 mm up over the obstacle's outline 8-25 mm along it from the marked point */
function outlineHull(
  scene: SceneSpec,
  ring: XY[],
  local: XY,
  pose: { x: number; y: number; rotation: number },
  r: ReturnType<typeof rng>,
): Occluder {
  const want = 8 + 17 * r.u();
  const k = ring.findIndex((p) => Math.hypot(p[0] - local[0], p[1] - local[1]) < 1e-6);
  const dir = r.u() < 0.5 ? 1 : -1;
  let j = k,
    along = 0;
  while (along < want) {
    const next = (j + dir + ring.length) % ring.length;
    along += Math.hypot(ring[next][0] - ring[j][0], ring[next][1] - ring[j][1]);
    j = next;
  }
  const world = (p: XY) => place(p[0], p[1], pose.x, pose.y, pose.rotation);
  const prev = world(ring[(j - dir + ring.length) % ring.length]);
  return hullOverEdge(scene, prev, world(ring[j]), 0, { lengthMm: 30, widthMm: 8 + 6 * r.u() });
}
