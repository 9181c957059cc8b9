/**
 * An obstacle's mark snapped to its outline (src/photo/outline.ts), on photos rendered with known
 * truth (test/photo/snap-scenes.ts: cardboard 2 mm thick, tilt, lens distortion, blur 1 px, noise,
 * JPEG 85), asked as the app and the command line ask (src/model/photo-snap.ts): a tap up to 12 px
 * off one of the points a player marks comes back within a fraction of a pixel of it, its stated
 * sigma covering the error; a mark that cannot be refined keeps its tap and says why.
 */
import { describe, expect, it } from 'vitest';
import { refinePhoto } from '../../src/cli/refine-photo';
import { place } from '../../src/geometry/point';
import { CATALOG } from '../../src/model/catalog';
import { markablePoints } from '../../src/model/photo';
import { snapRequest } from '../../src/model/photo-snap';
import { type Table, validateTable } from '../../src/model/table';
import { fitPlane } from '../../src/photo/homography';
import { BASE_TOP_MM, projectPoint } from '../../src/photo/render-scene';
import {
  type GreyImage,
  SNAP_FLOOR_PX,
  snapMark,
  type SnapRequest,
  KEPT_TAP_SIGMA_PX,
} from '../../src/photo/snap';
import { Budget } from '../../src/rules/report/budget';
import { type CaseOptions, obstacleCase } from './snap-scenes';

const PHONE: CaseOptions = { tiltDeg: 25, noise: 3, jpeg: 85 };
const err = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** the case's table: its obstacle where a player dropped it (a few mm and degrees off) */
function tableOf(c: ReturnType<typeof obstacleCase>): Table {
  const { pose, type } = c;
  return {
    ships: [],
    squadrons: [],
    tokens: [],
    obstacles: [{ id: 'rock', type, x: pose.x + 5, y: pose.y - 4, rotation: pose.rotation + 2 }],
  } as unknown as Table;
}

/** the plane's map a calibration gives: table mm to photo px at the bases' height (no lens) */
function mapOf(c: ReturnType<typeof obstacleCase>) {
  const mm = [-150, 0, 150].flatMap((dx) => [-150, 0, 150].map((dy) => ({ x: 600 + dx, y: 400 + dy })));
  const px = mm.map((p) => c.scene.camera.project(p, BASE_TOP_MM)!);
  return fitPlane(px, mm).map;
}

describe("an obstacle's point snaps to its outline", () => {
  it('tilt 10-40, lens k1 +-0.05, JPEG 85: taps up to 12 px off come back within a fraction of a pixel', () => {
    const got = [
      [3001, 10],
      [3003, 25],
      [3005, 40],
      [3007, 30],
      [3008, 20],
    ].map(([seed, tiltDeg], k) => {
      const c = obstacleCase(seed, { ...PHONE, tiltDeg, k1: k % 2 ? 0.05 : -0.05 });
      const r = snapMark(c.img, c.req);
      expect(r.refined, r.refined ? '' : `${c.type}: ${r.why}`).toBe(true);
      expect(err(c.req.tap, c.truth)).toBeGreaterThan(3); // the tap itself is well off
      expect(r.sigmaPx).toBeGreaterThanOrEqual(SNAP_FLOOR_PX);
      expect(err(r.px, c.truth)).toBeLessThan(3 * r.sigmaPx);
      return err(r.px, c.truth);
    });
    console.log(`obstacle points: ${got.map((e) => e.toFixed(3)).join(' ')} px from the truth`);
    expect(got.sort((a, b) => a - b)[2]).toBeLessThan(0.35);
    expect(Math.max(...got)).toBeLessThan(0.7);
  }, 60_000);

  it('asked as the app and the command line ask: the outline put in the photo by the map and the rough pose', () => {
    const c = obstacleCase(3004, PHONE);
    const req = snapRequest(c.req.tap, tableOf(c), CATALOG, mapOf(c), 'rock', c.local) as SnapRequest;
    expect(req.kind).toBe('outline');
    const r = snapMark(c.img, req);
    expect(r.refined, r.refined ? '' : r.why).toBe(true);
    expect(err(r.px, c.truth)).toBeLessThan(0.5);
  }, 20_000);
});

describe('the command line refines an obstacle mark as the app does (photo.image)', () => {
  it('a table file calibrated on table points, an obstacle marked: its tap comes back onto the truth', () => {
    const W = 2000,
      H = 1500;
    const c = obstacleCase(3004, { ...PHONE, width: W, height: H });
    // the whole photo: the mat's grey, the rendered patch round the mark
    const full = new Float32Array(W * H).fill(33);
    const { x0 = 0, y0 = 0 } = c.img;
    for (let j = 0; j < c.img.height; j++)
      for (let i = 0; i < c.img.width; i++) full[(y0 + j) * W + x0 + i] = c.img.data[j * c.img.width + i];
    const mm = [-150, 150].flatMap((dx) => [-120, 0, 120].map((dy) => ({ x: 600 + dx, y: 400 + dy })));
    const base = tableOf(c);
    // a second point of the outline, tapped 5 px off (where the patch may not reach: it says why)
    const local = markablePoints(CATALOG, c.type).find((p) => p[0] !== c.local[0] || p[1] !== c.local[1])!;
    const q = projectPoint(c.scene, place(local[0], local[1], c.pose.x, c.pose.y, c.pose.rotation), 1);
    const other = { local, px: [q.x + 3, q.y - 4] };
    const table = validateTable({
      ...base,
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      proposals: [],
      photo: {
        image: 'photo.png',
        size: [W, H],
        calibration: mm.map((p) => {
          const q = c.scene.camera.project(p, 0)!;
          return { px: [q.x, q.y], mm: [p.x, p.y] };
        }),
        marks: [{ piece: 'rock', px: [c.req.tap, other.px], points: [c.local, other.local] }],
      },
    });
    const read = (): GreyImage => ({ data: full, width: W, height: H });
    const done = refinePhoto(table, 'dir/t.json', CATALOG, new Budget(60_000), read)!;
    const marks = done.refinement.pieces.get('rock')!;
    expect(marks).toHaveLength(2);
    const m = marks[0];
    expect('refinedPx' in m, 'why' in m ? m.why : '').toBe(true);
    if ('refinedPx' in m) expect(err(m.refinedPx, c.truth)).toBeLessThan(0.5);
    expect(err(c.req.tap, c.truth)).toBeGreaterThan(3);
  }, 20_000);
});

describe("an obstacle's mark that cannot be refined keeps its tap and says why", () => {
  const c = obstacleCase(3004, PHONE);
  it('no map yet, or no point of the outline named', () => {
    expect(snapRequest(c.req.tap, tableOf(c), CATALOG, undefined, 'rock', c.local)).toMatch(
      /calibrate first/,
    );
    expect(snapRequest(c.req.tap, tableOf(c), CATALOG, mapOf(c), 'rock', 'outline')).toMatch(/not known/);
  });
  it('a tap on the bare mat, 60 px out from the obstacle', () => {
    const ring = c.req.outline!;
    const mid = [0, 1].map((k) => ring.reduce((s, p) => s + p[k], 0) / ring.length);
    const out = [c.truth[0] - mid[0], c.truth[1] - mid[1]];
    const d = 60 / Math.hypot(out[0], out[1]);
    const tap: [number, number] = [c.truth[0] + d * out[0], c.truth[1] + d * out[1]];
    const r = snapMark(c.img, { ...c.req, tap });
    expect(r).toMatchObject({ refined: false, px: tap, sigmaPx: KEPT_TAP_SIGMA_PX });
  });
  it('a point on a stretch of outline too straight to say where along it', () => {
    const s = obstacleCase(3010, PHONE);
    const r = snapMark(s.img, s.req);
    expect(r.refined).toBe(false);
    expect(!r.refined && r.why).toMatch(/straight/);
  });
});
