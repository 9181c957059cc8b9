/**
 * Huge ships against an independent computation: the Executor at random places and rotations
 * with a squadron, an obstacle and a small ship around it. Shapes are worked out here by plain
 * arithmetic from the asset files (two large bases with the gap, six dial frames, the token cut
 * by half-planes), distances and overlaps by @flatten-js/core, and for every one of its six
 * zones: firing arc (a side zone's ending at the token's far side: arc lines run from the ship
 * outward), attack range to a squadron wholly in or out of arc, and line of sight
 * (ruleset 1.6: the squadron's end is its centre), with obstruction by the huge ship's bases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import catalogJson from '../../../assets/catalog.json';
import classesJson from '../../../assets/ship-classes.json';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import { validateTable } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import {
  expectedRelation,
  flattenDistance,
  type OShape,
  placeXY,
  ringBoundaryDistance,
  ringContains,
  signedArea,
  type XY,
} from '../../support/oracle';
import { obstacleRing } from '../../support/shapes';

const TOL = TOLERANCE_MM;
/** A fixed seed (HUGE_SEED to try another): the counts asserted at the end say the run met enough lines of
 * each kind, and a random seed sometimes met too few (no obstructed line in 150 runs), failing a correct build. */
const SEED = Number(process.env.HUGE_SEED ?? 3);
type Size = {
  base: { width: number; length: number; baseLength: number };
  token: { width: number; length: number };
  dialFrame: { width: number; protrusion: number };
};
const CAT = catalogJson as unknown as {
  shipSizes: Record<string, Size>;
  arcDataset: { tokenLength: Record<string, number> };
  squadron: { diameter: number };
  ruler: { range: { end: number }[] };
};
const EXE = (
  classesJson as unknown as {
    classes: Record<
      string,
      {
        arcSources: { mesh: Record<string, number> };
        targetingPoints: { front: number; rear: number; side: number[]; sideRear: number[] };
      }
    >;
  }
).classes.executor;
const H = CAT.shipSizes.huge;
const R = CAT.squadron.diameter / 2;

/** Local (ship-frame) figures of the Executor, from the asset files. */
const W = H.base.width,
  L = H.base.length,
  Lb = H.base.baseLength,
  cy = (L - Lb) / 2;
const tw = H.token.width / 2,
  tl = H.token.length / 2,
  k = H.token.length / CAT.arcDataset.tokenLength.huge;
const a = EXE.arcSources.mesh;
const FC: XY = [0, tl - a.frontConj * k],
  RC: XY = [0, -tl + a.rearConj * k],
  SY = tl - a.sideSplit * k;
const yF = tl - a.frontOffset * k,
  yR = -tl + a.rearOffset * k;
/** each zone: its two arc lines ([a point on it, a second point]) and a point of its token edge (inside side) */
const ZONES: Record<string, { lines: [XY, XY][]; side?: -1 | 1; tp: XY }> = {
  front: {
    lines: [
      [FC, [tw, yF]],
      [FC, [-tw, yF]],
    ],
    tp: [0, tl - EXE.targetingPoints.front],
  },
  'front-left': {
    lines: [
      [FC, [-tw, yF]],
      [
        [0, SY],
        [-tw, SY],
      ],
    ],
    side: -1,
    tp: [-EXE.targetingPoints.side[0], tl - EXE.targetingPoints.side[1]],
  },
  'rear-left': {
    lines: [
      [
        [0, SY],
        [-tw, SY],
      ],
      [RC, [-tw, yR]],
    ],
    side: -1,
    tp: [-EXE.targetingPoints.sideRear[0], tl - EXE.targetingPoints.sideRear[1]],
  },
  rear: {
    lines: [
      [RC, [-tw, yR]],
      [RC, [tw, yR]],
    ],
    tp: [0, tl - EXE.targetingPoints.rear],
  },
  'rear-right': {
    lines: [
      [RC, [tw, yR]],
      [
        [0, SY],
        [tw, SY],
      ],
    ],
    side: 1,
    tp: [EXE.targetingPoints.sideRear[0], tl - EXE.targetingPoints.sideRear[1]],
  },
  'front-right': {
    lines: [
      [
        [0, SY],
        [tw, SY],
      ],
      [FC, [tw, yF]],
    ],
    side: 1,
    tp: [EXE.targetingPoints.side[0], tl - EXE.targetingPoints.side[1]],
  },
};
/** a point of the zone's own token edge, strictly between its two lines' ends */
const edgeMid = (z: string): XY => {
  const [[, e1], [, e2]] = ZONES[z].lines;
  return [(e1[0] + e2[0]) / 2, z === 'front' ? tl : z === 'rear' ? -tl : (e1[1] + e2[1]) / 2];
};

/** Half-plane through p and q holding point m: value >= 0 inside. */
function halfPlane(p: XY, q: XY, m: XY): (x: number, y: number) => number {
  const nx = -(q[1] - p[1]),
    ny = q[0] - p[0];
  const s = Math.sign(nx * (m[0] - p[0]) + ny * (m[1] - p[1]));
  const n = Math.hypot(nx, ny);
  return (x, y) => (s * (nx * (x - p[0]) + ny * (y - p[1]))) / n;
}

/** Sutherland-Hodgman: a convex ring clipped by a half-plane. */
function clip(ring: XY[], f: (x: number, y: number) => number): XY[] {
  const out: XY[] = [];
  for (let i = 0; i < ring.length; i++) {
    const P = ring[i],
      Q = ring[(i + 1) % ring.length],
      fp = f(P[0], P[1]),
      fq = f(Q[0], Q[1]);
    if (fp >= 0) out.push(P);
    if (fp >= 0 !== fq >= 0) {
      const t = fp / (fp - fq);
      out.push([P[0] + t * (Q[0] - P[0]), P[1] + t * (Q[1] - P[1])]);
    }
  }
  return out;
}

const rect = (cx: number, cyy: number, w: number, l: number): XY[] => [
  [cx - w / 2, cyy - l / 2],
  [cx + w / 2, cyy - l / 2],
  [cx + w / 2, cyy + l / 2],
  [cx - w / 2, cyy + l / 2],
];

/** The zone in the ship frame: the token cut by the half-planes of its two arc lines (and its side of the centreline). */
function localZone(z: string): XY[] {
  let ring = rect(0, 0, 2 * tw, 2 * tl);
  const m = edgeMid(z);
  for (const [p, q] of ZONES[z].lines) ring = clip(ring, halfPlane(p, q, m));
  const s = ZONES[z].side;
  if (s) ring = clip(ring, (x) => s * x);
  return ring;
}

interface Pose {
  x: number;
  y: number;
  r: number;
}
const place = (ring: XY[], o: Pose): XY[] => ring.map(([u, v]) => placeXY(u, v, o.x, o.y, o.r));
const bases = (o: Pose) => [place(rect(0, -cy, W, Lb), o), place(rect(0, cy, W, Lb), o)];
/** the whole footprint as pieces: the whole base and the six dial frames */
const footprintParts = (o: Pose): XY[][] => {
  const { width: f, protrusion: p } = H.dialFrame;
  const parts = [rect(0, 0, W, L), rect(0, L / 2 + p / 2, f, p), rect(0, -L / 2 - p / 2, f, p)];
  for (const s of [-1, 1]) for (const y of [-cy, cy]) parts.push(rect(s * (W / 2 + p / 2), y, p, f));
  return parts.map((r) => place(r, o));
};

/** The firing arc's distance to a disc's centre: 0 inside (as a convex region: the two half-planes). */
function arcSigned(z: string, o: Pose, x: number, y: number): number {
  // work in the ship frame
  const r = (-o.r * Math.PI) / 180,
    dx = x - o.x,
    dy = y - o.y;
  const u = dx * Math.cos(r) - dy * Math.sin(r),
    v = dx * Math.sin(r) + dy * Math.cos(r);
  const m = edgeMid(z);
  // an arc line runs from the ship outward: a side zone's arc ends at the token's far side
  const s = ZONES[z].side;
  const planes = ZONES[z].lines.map(([p, q]) => halfPlane(p, q, m));
  if (s) planes.push((x) => s * x + tw);
  const fs = planes.map((f) => f(u, v));
  if (fs.every((f) => f >= 0)) return -Math.min(...fs);
  // outside: distance to the wedge, by flatten on a far-drawn polygon
  let ring = rect(0, 0, 40_000, 40_000);
  for (const f of planes) ring = clip(ring, f);
  return flattenDistance({ ring }, { circle: [u, v, 0] });
}

const pose = fc.record({
  x: fc.double({ min: 500, max: 1300, noNaN: true }),
  y: fc.double({ min: 360, max: 550, noNaN: true }),
  r: fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
});
const around = fc.record({
  dx: fc.double({ min: -350, max: 350, noNaN: true }),
  dy: fc.double({ min: -350, max: 350, noNaN: true }),
});

describe('huge ships against an independent computation', () => {
  it('shapes, distances, overlaps, and for each of the six zones arc, range and line of sight', () => {
    let inArcSeen = 0,
      outSeen = 0,
      rangeChecked = 0,
      obstructedSeen = 0,
      clearSeen = 0,
      gapSeen = 0,
      overlapSeen = 0;
    fc.assert(
      fc.property(
        pose,
        around,
        around,
        around,
        fc.double({ min: 0, max: 360, noNaN: true }),
        (o, sq, ob, sh, obRot) => {
          const q = { x: o.x + sq.dx, y: o.y + sq.dy };
          const file = {
            format: 'armada-table/1',
            table: '3x6',
            ruleset: '1.6',
            ships: [
              { id: 'exe', class: 'executor', player: 1, x: o.x, y: o.y, rotation: o.r },
              { id: 'cr', class: 'cr90', player: 1, x: o.x + sh.dx, y: o.y + sh.dy, rotation: obRot },
            ],
            squadrons: [{ id: 'x1', player: 2, x: q.x, y: q.y }],
            obstacles: [{ id: 'rock', type: 'asteroid-b', x: o.x + ob.dx, y: o.y + ob.dy, rotation: obRot }],
          };
          const table = validateTable(file);
          const r = analyze(table);
          const shp = r.shapes.exe as {
            base: XY[];
            footprint: XY[];
            bases: XY[][];
            hullZones: Record<string, XY[]>;
            targetingPoints: Record<string, XY>;
          };
          // shapes: two bases, six zones tiling the token, targeting points
          const B = bases(o);
          expect(shp.bases.length).toBe(2);
          for (let i = 0; i < 2; i++)
            for (const v of B[i])
              expect(Math.min(...shp.bases[i].map((w) => Math.hypot(w[0] - v[0], w[1] - v[1])))).toBeLessThan(
                1e-6,
              );
          expect(Object.keys(shp.hullZones).sort()).toEqual(Object.keys(ZONES).sort());
          let area = 0;
          for (const z of Object.keys(ZONES)) {
            const got = shp.hullZones[z],
              want = place(localZone(z), o);
            area += signedArea(got);
            expect(Math.abs(signedArea(got) - signedArea(want)), z).toBeLessThan(1e-6);
            for (const v of want) expect(ringBoundaryDistance(got, v[0], v[1]), z).toBeLessThan(1e-6);
            const [tx, ty] = placeXY(ZONES[z].tp[0], ZONES[z].tp[1], o.x, o.y, o.r);
            expect(
              Math.hypot(shp.targetingPoints[z][0] - tx, shp.targetingPoints[z][1] - ty),
              z,
            ).toBeLessThan(1e-9);
          }
          expect(Math.abs(area - H.token.width * H.token.length)).toBeLessThan(1e-6);
          // distances: from the two bases, not the gap
          const circle: OShape = { circle: [q.x, q.y, R] };
          const want = Math.min(...B.map((b) => flattenDistance({ ring: b }, circle)));
          const dq = r.distances.find((d) => d.a === 'exe' && d.b === 'x1')!;
          expect(Math.abs(dq.mm - want)).toBeLessThan(1e-6);
          const rockRing = obstacleRing('asteroid-b', o.x + ob.dx, o.y + ob.dy, obRot);
          const dr = r.distances.find((d) => d.a === 'exe' && d.b === 'rock')!;
          expect(
            Math.abs(dr.mm - Math.min(...B.map((b) => flattenDistance({ ring: b }, { ring: rockRing })))),
          ).toBeLessThan(1e-6);
          // overlaps: the whole footprint (both bases, the gap and six dial frames) against the obstacle
          const verdicts = footprintParts(o).map(
            (p) => expectedRelation({ ring: p }, { ring: rockRing }, TOL).verdict,
          );
          const overlaps = r.overlaps.some((x) => x.piece === 'exe' && x.obstacle === 'rock');
          if (verdicts.includes('overlap')) {
            expect(overlaps).toBe(true);
            overlapSeen++;
          } else if (verdicts.every((v) => v === 'apart' || v === 'touch')) expect(overlaps).toBe(false);
          // an obstacle under a ship is judged by its visible portion: leave those lines to the other tests
          const crBase = place(rect(0, 0, CAT.shipSizes.small.base.width, CAT.shipSizes.small.base.length), {
            x: o.x + sh.dx,
            y: o.y + sh.dy,
            r: obRot,
          });
          const rockUnder = [place(rect(0, 0, W, L), o), crBase].some(
            (b) => expectedRelation({ ring: b }, { ring: rockRing }, TOL).verdict !== 'apart',
          );
          // every zone against the squadron
          for (const z of Object.keys(ZONES)) {
            const at = r.attacks.find((x) => x.attacker === `exe.${z}` && x.defender === 'x1')!;
            expect(at, z).toBeDefined();
            const sd = arcSigned(z, o, q.x, q.y);
            if (sd < R - 1e-3) {
              expect(at.inArc, z).toBe(true);
              inArcSeen++;
            } else if (sd > R + 1e-3) {
              expect(at.inArc, z).toBe(false);
              outSeen++;
            }
            if (sd < -R - 1e-3 || sd > R + 1e-3) {
              // wholly in arc: to the disc; wholly out: to the whole defender as well
              const zoneRing = place(localZone(z), o);
              expect(
                Math.abs((at.rangeMm ?? NaN) - flattenDistance({ ring: zoneRing }, circle)),
                z,
              ).toBeLessThan(1e-6);
              rangeChecked++;
            }
            // line of sight from the zone's targeting point to the squadron's centre (1.6)
            const [tx, ty] = placeXY(ZONES[z].tp[0], ZONES[z].tp[1], o.x, o.y, o.r);
            const seg: XY[] = [
              [tx, ty],
              [q.x, q.y],
            ];
            const crossesRock = segmentCrossing(seg, rockRing);
            if (crossesRock === null || rockUnder) continue;
            if (crossesRock) {
              expect(at.los, z).not.toBe('clear');
              obstructedSeen++;
            } else if (at.los !== 'blocked') {
              // a third ship (the cr90) may lie on the line too
              const c2 = segmentCrossing(seg, crBase);
              if (c2 === false) {
                expect(at.los, z).toBe('clear');
                clearSeen++;
              }
            }
          }
          // the small ship's front against the squadron, across the huge ship: obstructed by a base, not by the gap
          const cr = r.attacks.find((x) => x.attacker === 'cr.front' && x.defender === 'x1')!;
          const line: XY[] = [cr.losLine[0], cr.losLine[1]];
          const viaBases = B.map((b) => segmentCrossing(line, b));
          const viaRock = segmentCrossing(line, rockRing);
          const whole = segmentCrossing(line, place(rect(0, 0, W, L), o));
          if (!rockUnder && !viaBases.includes(null) && viaRock === false) {
            if (viaBases.includes(true)) expect(cr.obstructedBy).toContain('exe');
            else {
              expect(cr.obstructedBy ?? []).not.toContain('exe');
              if (whole) gapSeen++; // through the gap only
            }
          }
        },
      ),
      { numRuns: 300, seed: SEED },
    );
    console.log(
      `huge properties: in arc ${inArcSeen}, out ${outSeen}, ranges ${rangeChecked}, lines obstructed ${obstructedSeen}, clear ${clearSeen}, through the gap only ${gapSeen}, overlaps ${overlapSeen}`,
    );
    expect(inArcSeen).toBeGreaterThan(50);
    expect(outSeen).toBeGreaterThan(50);
    expect(rangeChecked).toBeGreaterThan(50);
    expect(obstructedSeen).toBeGreaterThan(0);
    expect(clearSeen).toBeGreaterThan(20);
  }, 240_000);
});

/**
 * Does a segment pass through a polygon's interior (true), stay clear of it (false), or come
 * within 0.01 mm of its edge (null: too close to call here)? Sampled finely, plain arithmetic.
 */
function segmentCrossing(seg: XY[], ring: XY[]): boolean | null {
  const [[x0, y0], [x1, y1]] = seg;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const n = Math.max(2, Math.ceil(len / 0.05));
  let inside = false,
    near = false;
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n,
      y = y0 + ((y1 - y0) * i) / n;
    const d = ringBoundaryDistance(ring, x, y);
    if (d < 0.01) near = true;
    else if (ringContains(ring, x, y)) inside = true;
  }
  if (inside) return true;
  return near ? null : false;
}
