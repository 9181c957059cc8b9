/**
 * Free spots for new pieces (src/rules/movement/free-spot.ts): cases known by construction (a ring of grid
 * points at exactly the touching distance, a zone edge), the reasons given when there is no spot,
 * and a property test holding every spot found against the independent overlap computation of
 * the other property tests (test/support/oracle.ts, shapes by plain arithmetic).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OBSTACLE_TYPES } from '../../../src/model/catalog';
import { deploymentZone } from '../../../src/rules/setup/deploy';
import { freeSpot, freeSpotPlain, type FreeSpotPiece } from '../../../src/rules/movement/free-spot';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import { world } from '../../support/campaign';
import { expectedRelation, type OShape } from '../../support/oracle';
import {
  DISTANCE_BANDS,
  obstacleRing,
  oraclePieces,
  type OTable,
  shipBase,
  shipFootprint,
  SIZES,
  SQUADRON_DIAMETER,
} from '../../support/shapes';

const R = SQUADRON_DIAMETER / 2;
const TW = 1828.8,
  TH = 914.4;

describe('free spot: known by construction', () => {
  it('an empty table gives the preferred point itself (to the whole mm)', () => {
    const w = world({});
    const a = freeSpot(w, { kind: 'squadron' }, { x: 700.4, y: 300.6 });
    expect(a.spot).toEqual({ x: 700, y: 301 });
    expect(a.tried).toBe(1);
  });

  it('touching is allowed with no gap: the first of the four grid points exactly at the touching distance', () => {
    // token radius chosen so that token + squadron reach exactly 30 mm: grid points (every 5 mm) at
    // distance 30 are (+-30, 0) and (0, +-30); every nearer one overlaps; lowest y first
    const w = world({ tokens: [{ id: 't', x: 500, y: 400, radius: 30 - R }] });
    const a = freeSpot(w, { kind: 'squadron' }, { x: 500, y: 400 }, { gapMm: 0 });
    expect(a.spot).toEqual({ x: 500, y: 370 });
    expect(a.distanceMm).toBe(30);
  });

  it('with a 1 mm gap the touching ring is refused: the next ring (6, 2) steps out, lowest y then lowest x', () => {
    // 5 * sqrt(36) = 30 < 31; 5 * sqrt(37) = 30.41 < 31; 5 * sqrt(40) = 31.62 >= 31
    const w = world({ tokens: [{ id: 't', x: 500, y: 400, radius: 30 - R }] });
    const a = freeSpot(w, { kind: 'squadron' }, { x: 500, y: 400 }, { gapMm: 1 });
    expect(a.spot).toEqual({ x: 490, y: 370 });
    expect(a.distanceMm).toBeCloseTo(5 * Math.sqrt(40), 12);
  });

  it('a ship preferred beyond the deployment zone comes to the zone, its base within distance 3 of the edge', () => {
    const w = world({});
    const zone = deploymentZone(w, 1);
    expect(zone.y1).toBe(DISTANCE_BANDS[2].end);
    const L = SIZES.small.base.length;
    const a = freeSpot(
      w,
      { kind: 'ship', size: 'small', rotation: 0 },
      { x: 900, y: 600 },
      { region: zone, regionName: "player 1's zone" },
    );
    // the grid runs through y = 600 every 5 mm: the highest grid y with the base's front edge in the zone
    let y = 600;
    while (y + L / 2 > DISTANCE_BANDS[2].end) y -= 5;
    expect(a.spot).toEqual({ x: 900, y });
  });

  it("3'x6': the setup area's side edges bound the zone", () => {
    const w = world({});
    const W = SIZES.medium.base.width;
    const a = freeSpot(
      w,
      { kind: 'ship', size: 'medium', rotation: 180 },
      { x: 100, y: 850 },
      { region: deploymentZone(w, 2) },
    );
    let x = 100;
    while (x - W / 2 < 304.8) x += 5;
    expect(a.spot!.x).toBe(x);
  });

  it('a ship beside another one keeps its dial frames clear: the footprints, not the bases, decide', () => {
    const s = SIZES.small,
      P = s.dialFrame.protrusion;
    // a ship at x = 500; the new one (same facing) to its right: centres at least W + 2P (frames face to face) apart
    const w = world({
      ships: [{ id: 'a', size: 'small', player: 1, x: 500, y: 400, rotation: 0, speed: 1 }],
    });
    const a = freeSpot(
      w,
      { kind: 'ship', size: 'small', rotation: 0 },
      { x: 500 + s.base.width, y: 400 },
      { gapMm: 0 },
    );
    // along x only (the nearest): the first grid x with a gap of at least 0 between the frames
    expect(a.spot!.y).toBe(400);
    let x = 500 + s.base.width;
    while (x - 500 < s.base.width + 2 * P - TOLERANCE_MM) x += 5;
    expect(a.spot!.x).toBe(x);
  });

  it('no spot: says why (does not fit the region; every place taken)', () => {
    const w = world({});
    const huge = freeSpot(
      w,
      { kind: 'ship', size: 'huge', class: 'executor', rotation: 0 },
      { x: 900, y: 90 },
      { region: deploymentZone(w, 1), regionName: "player 1's deployment zone" },
    );
    expect(huge.spot).toBeNull();
    expect(huge.reason).toMatch(
      /does not fit inside player 1's deployment zone .* it measures 77\.5 x 351\.5 mm/,
    );
    // a small region filled by one token
    const full = world({ tokens: [{ id: 't', x: 100, y: 100, radius: 60 }] });
    const none = freeSpot(
      full,
      { kind: 'squadron' },
      { x: 100, y: 100 },
      { region: { x0: 50, y0: 50, x1: 150, y1: 150 }, regionName: 'the box' },
    );
    expect(none.spot).toBeNull();
    expect(none.reason).toMatch(/every place inside the box .* overlaps another piece/);
    expect(none.tried).toBeGreaterThan(0);
  });

  it('the pieces named in ignore are left out (a piece placed again)', () => {
    const w = world({ squadrons: [{ id: 'q', player: 1, x: 400, y: 400 }] });
    expect(freeSpot(w, { kind: 'squadron' }, { x: 400, y: 400 }).spot).not.toEqual({ x: 400, y: 400 });
    expect(freeSpot(w, { kind: 'squadron' }, { x: 400, y: 400 }, { ignore: new Set(['q']) }).spot).toEqual({
      x: 400,
      y: 400,
    });
  });
});

/** The new piece's oracle shapes at a point: overlap shape and measuring shape. */
function oracleNew(p: FreeSpotPiece, x: number, y: number): { overlap: OShape; measure: OShape } {
  switch (p.kind) {
    case 'ship': {
      const size = p.size as 'small' | 'medium' | 'large';
      return {
        overlap: { ring: shipFootprint(size, x, y, p.rotation) },
        measure: { ring: shipBase(size, x, y, p.rotation) },
      };
    }
    case 'squadron':
      return { overlap: { circle: [x, y, R] }, measure: { circle: [x, y, R] } };
    case 'token':
      return { overlap: { circle: [x, y, p.radius] }, measure: { circle: [x, y, p.radius] } };
    case 'obstacle': {
      const ring = obstacleRing(p.type, x, y, p.rotation ?? 0);
      return { overlap: { ring }, measure: { ring } };
    }
  }
}

const extent = (s: OShape) =>
  'circle' in s
    ? {
        x0: s.circle[0] - s.circle[2],
        x1: s.circle[0] + s.circle[2],
        y0: s.circle[1] - s.circle[2],
        y1: s.circle[1] + s.circle[2],
      }
    : {
        x0: Math.min(...s.ring.map((p) => p[0])),
        x1: Math.max(...s.ring.map((p) => p[0])),
        y0: Math.min(...s.ring.map((p) => p[1])),
        y1: Math.max(...s.ring.map((p) => p[1])),
      };

const SIZES3 = ['small', 'medium', 'large'] as const;
const rot = fc.integer({ min: 0, max: 359 }).map((d) => d + 0.5);
// pieces crowd a 500 x 400 mm patch so that the preferred point is often taken
const px = fc.integer({ min: 300, max: 800 }),
  py = fc.integer({ min: 200, max: 600 });
const shipArb = fc.record({ size: fc.constantFrom(...SIZES3), x: px, y: py, rotation: rot });
const sqArb = fc.record({ x: px, y: py });
const obArb = fc.record({ type: fc.constantFrom(...OBSTACLE_TYPES), x: px, y: py, rotation: rot });
const tokArb = fc.record({ x: px, y: py, radius: fc.integer({ min: 5, max: 40 }) });
const newArb: fc.Arbitrary<FreeSpotPiece> = fc.oneof(
  fc.record({ kind: fc.constant('ship' as const), size: fc.constantFrom(...SIZES3), rotation: rot }),
  fc.constant({ kind: 'squadron' as const }),
  fc.record({
    kind: fc.constant('obstacle' as const),
    type: fc.constantFrom(...OBSTACLE_TYPES),
    rotation: rot,
  }),
  fc.record({ kind: fc.constant('token' as const), radius: fc.integer({ min: 5, max: 40 }) }),
);

describe('free spot: property against the independent overlap computation', () => {
  it('a spot returned never overlaps (nor comes within the gap of) any piece, and lies on the table or in the region', () => {
    let moved = 0,
      atPreferred = 0,
      regionRuns = 0,
      none = 0;
    fc.assert(
      fc.property(
        fc.array(shipArb, { maxLength: 4 }),
        fc.array(sqArb, { maxLength: 5 }),
        fc.array(obArb, { maxLength: 3 }),
        fc.array(tokArb, { maxLength: 2 }),
        newArb,
        fc.record({
          x: fc.double({ min: 250, max: 850, noNaN: true }),
          y: fc.double({ min: 150, max: 650, noNaN: true }),
        }),
        fc.constantFrom(0, 1, 3),
        fc.boolean(),
        (ships, sqs, obs, toks, piece, prefer, gap, useRegion) => {
          const t: OTable = {
            ships: ships.map((s, i) => ({ id: `s${i}`, player: 1, speed: 1, ...s })),
            squadrons: sqs.map((q, i) => ({ id: `q${i}`, player: 2, ...q })),
            obstacles: obs.map((o, i) => ({ id: `o${i}`, ...o })),
            tokens: toks.map((k, i) => ({ id: `k${i}`, ...k })),
          };
          const region = useRegion ? { x0: 250, y0: 150, x1: 850, y1: 650 } : undefined;
          const w = world(t as never);
          const a = freeSpot(w, piece, prefer, { gapMm: gap, region });
          if (region) regionRuns++;
          // the fast search gives the plain version's answer (the plain one looks no farther than the answer, plus
          // a step: any nearer free place it finds, or the answer being taken, shows)
          expect(a.spot).toEqual(
            freeSpotPlain(w, piece, prefer, {
              gapMm: gap,
              region,
              maxDistanceMm: a.spot ? a.distanceMm! + 5 : undefined,
            }),
          );
          if (!a.spot) {
            none++;
            return;
          }
          const { overlap, measure } = oracleNew(piece, a.spot.x, a.spot.y);
          for (const o of oraclePieces(t)) {
            const r = expectedRelation(overlap, o.overlap, TOLERANCE_MM);
            // the oracle must be able to say "apart" or "touch": never an overlap, nor a maybe
            expect(['apart', 'touch'], `${o.id}`).toContain(r.verdict);
            if (gap > 0) {
              expect(r.verdict, o.id).toBe('apart');
              expect(r.distance, o.id).toBeGreaterThanOrEqual(gap - 1e-9);
            }
          }
          const e = extent(measure),
            b = region ?? { x0: 0, y0: 0, x1: TW, y1: TH };
          expect(e.x0).toBeGreaterThanOrEqual(b.x0);
          expect(e.y0).toBeGreaterThanOrEqual(b.y0);
          expect(e.x1).toBeLessThanOrEqual(b.x1);
          expect(e.y1).toBeLessThanOrEqual(b.y1);
          // the nearest: when the preferred point (to the whole mm) is itself free by the oracle, it is the spot
          const ax = Math.round(prefer.x),
            ay = Math.round(prefer.y);
          if (a.spot.x === ax && a.spot.y === ay) {
            atPreferred++;
            return;
          }
          moved++;
          const here = oracleNew(piece, ax, ay);
          const he = extent(here.measure);
          const inside = he.x0 >= b.x0 && he.y0 >= b.y0 && he.x1 <= b.x1 && he.y1 <= b.y1;
          const clear = oraclePieces(t).every((o) => {
            const r = expectedRelation(here.overlap, o.overlap, TOLERANCE_MM);
            return r.verdict === 'apart' && r.distance > gap + 0.01;
          });
          expect(inside && clear, 'the preferred point was free, yet another spot was returned').toBe(false);
        },
      ),
      { numRuns: 250, seed: 1301 },
    );
    console.log(
      `free spot properties: at the preferred point ${atPreferred}, moved ${moved}, in a region ${regionRuns}, none ${none}`,
    );
    // a fixed seed: the run must meet both kinds of answer often enough for the checks to mean something
    expect(moved).toBeGreaterThan(50);
    expect(atPreferred).toBeGreaterThan(20);
  }, 120_000);
});
