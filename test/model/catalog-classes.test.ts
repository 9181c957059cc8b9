/**
 * The whole fleet: every class of ../shared/reference/ship-classes.json in the catalog (size,
 * faction, speed chart, card names, both arc datasets where two exist), its arc lines on the
 * table within 0.01 mm of the catalog's figures (computed here by plain arithmetic from the asset
 * files), hull zones that tile the token exactly at any rotation, the estimated targeting points.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { sharedFile } from '../support/shared';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import catalogJson from '../../assets/catalog.json';
import classesJson from '../../assets/ship-classes.json';
import { prng } from '../../scripts/bench/tables';
import { CATALOG, shipClass, speedChart, withMeasurements } from '../../src/model/catalog';
import { shipShapes } from '../../src/model/pieces';
import { parseTableText, TableError, validateTable } from '../../src/model/table';
import { estimateTargetingPoints } from '../../src/model/targeting-estimate';
import { placeXY, ringBoundaryDistance, ringContains, signedArea, type XY } from '../support/oracle';
import { cliArgs } from '../cli-bundle';

const ROOT = join(__dirname, '..', '..');
const REF = join(ROOT, '..', 'shared', 'reference', 'ship-classes.json');

interface RawArcs {
  frontOffset: number;
  frontConj: number;
  rearOffset: number;
  rearConj: number;
  frontEndInset?: number;
  rearEndInset?: number;
  sideSplit?: number;
}
interface RawClass {
  size: string;
  arcSources: Record<string, RawArcs>;
  defaultArcSource: string;
  targetingPoints: { front: number; rear: number; side: number[]; status: string };
}
const RAW = (classesJson as unknown as { classes: Record<string, RawClass> }).classes;
const SIZES = (
  catalogJson as unknown as { shipSizes: Record<string, { token: { width: number; length: number } }> }
).shipSizes;
const DATASET = (
  catalogJson as unknown as {
    arcDataset: { tokenLength: Record<string, number>; tokenWidth: Record<string, number> };
  }
).arcDataset;
const FLAT = Object.keys(RAW).filter((id) => RAW[id].size !== 'huge');

/** The arc lines' ends in the ship's frame, from the asset files alone: [inner, outer] per line. */
function expectedLines(id: string, source = RAW[id].defaultArcSource): Record<string, [XY, XY]> {
  const a = RAW[id].arcSources[source],
    size = RAW[id].size;
  const { width, length } = SIZES[size].token;
  const k = length / DATASET.tokenLength[size],
    kx = width / DATASET.tokenWidth[size];
  const tw = width / 2,
    tl = length / 2;
  const fc: XY = [0, tl - a.frontConj * k],
    rc: XY = [0, -tl + a.rearConj * k];
  const f = (s: number): XY =>
    a.frontOffset === 0 && a.frontEndInset
      ? [s * (tw - a.frontEndInset * kx), tl]
      : [s * tw, tl - a.frontOffset * k];
  const r = (s: number): XY =>
    a.rearOffset === 0 && a.rearEndInset
      ? [s * (tw - a.rearEndInset * kx), -tl]
      : [s * tw, -tl + a.rearOffset * k];
  if (fc[1] >= rc[1])
    return { frontLeft: [fc, f(-1)], frontRight: [fc, f(1)], rearLeft: [rc, r(-1)], rearRight: [rc, r(1)] };
  // the front lines' crossing lies behind the rear lines': each pair of one side's lines stops where they meet
  const [fx, fy] = f(1),
    [rx, ry] = r(1);
  const m1 = (fy - fc[1]) / fx,
    m2 = (ry - rc[1]) / rx; // y = c + m x on each line
  const x = (rc[1] - fc[1]) / (m1 - m2),
    y = fc[1] + m1 * x;
  return {
    frontLeft: [[-x, y], f(-1)],
    frontRight: [[x, y], f(1)],
    rearLeft: [[-x, y], r(-1)],
    rearRight: [[x, y], r(1)],
  };
}

const near = (ring: readonly XY[], p: XY, tol: number) =>
  ring.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) <= tol);

describe.skipIf(!sharedFile('reference/ship-classes.json', 'the class comparison'))(
  'every class of the reference is in the catalog',
  () => {
    const ref = existsSync(REF) ? JSON.parse(readFileSync(REF, 'utf8')) : { classes: [] };
    it('33 classes with size, faction, speed chart and card names as the reference gives them', () => {
      expect(ref.classes.length).toBe(33);
      expect(Object.keys(CATALOG.shipClasses).sort()).toEqual(
        ref.classes.map((c: { id: string }) => c.id).sort(),
      );
      for (const c of ref.classes) {
        const spec = CATALOG.shipClasses[c.id];
        expect(spec.size, c.id).toBe(c.size);
        expect(spec.faction, c.id).toBe(c.faction);
        expect(spec.speedChart, c.id).toEqual(c.speedChart);
        expect(speedChart(CATALOG, c.id), c.id).toEqual(c.speedChart);
        for (const v of c.variants) expect(spec.cards, c.id).toContain(v.card);
        // the mesh figures, on the section-7 token (the huge ship: on its own token, the only one)
        const m = c.size === 'huge' ? c.arcs : c.arcsOnSection7Token;
        expect(spec.arcSources.mesh, c.id).toMatchObject({
          frontOffset: m.fOffset,
          frontConj: m.fConj,
          rearOffset: m.rOffset,
          rearConj: m.rConj,
        });
        if (spec.arcSources.section7) expect(spec.arcs.source, c.id).toBe('section7');
        else expect(spec.arcs.source, c.id).toBe('mesh');
        // the arcs in use carry their source's own status, and the reason names why that source is the default
        expect(spec.arcs.status, c.id).toBe(
          spec.arcSources[spec.arcs.source ?? spec.defaultArcSource].status,
        );
        expect(spec.arcs.status, c.id).toMatch(spec.arcs.source === 'section7' ? /section 7/ : /ruler mesh/);
        expect(spec.defaultArcSourceWhy, c.id).toMatch(
          spec.arcSources.section7 ? /section 7 was measured for the printed token/ : /only dataset/,
        );
      }
      expect(Object.values(CATALOG.shipClasses).filter((c) => c.arcSources.section7).length).toBe(13);
    });
  },
);

describe('speedChart', () => {
  it('rows per speed, the most clicks per joint; null for no class or an unknown one', () => {
    expect(speedChart(CATALOG, 'arquitens')).toEqual([[2], [0, 2], [0, 0, 2]]);
    expect(speedChart(CATALOG, 'imperial')).toEqual([[1], [1, 1], [0, 1, 1]]);
    expect(speedChart(CATALOG, undefined)).toBeNull();
    expect(speedChart(CATALOG, 'tie-fighter')).toBeNull();
    expect(speedChart(CATALOG, 'constructor')).toBeNull();
    expect(shipClass(CATALOG, 'toString')).toBeUndefined();
  });
});

describe('a class implies its size', () => {
  const t = (ship: object) =>
    validateTable({
      format: 'armada-table/1',
      table: '3x6',
      ships: [{ id: 'dev', player: 1, x: 500, y: 300, rotation: 0, ...ship }],
    });
  it('the class alone gives the size', () => {
    expect(t({ class: 'venator' }).ships[0].size).toBe('large');
    expect(t({ class: 'raider', size: 'small' }).ships[0].size).toBe('small');
  });
  it('a size that disagrees is refused, naming the ship', () => {
    expect(() => t({ class: 'venator', size: 'small' })).toThrow(TableError);
    expect(() => t({ class: 'venator', size: 'small' })).toThrow(
      /ships\[0\]\.class: venator is a large ship, not small \(ship "dev"\)/,
    );
    expect(() => t({ class: 'falcon' })).toThrow(/unknown ship class "falcon" \(ship "dev"\)/);
    expect(() => t({})).toThrow(/ships\[0\]\.size: missing/);
  });
  it('an optional name, one line', () => {
    expect(t({ class: 'imperial', name: 'Devastator' }).ships[0].name).toBe('Devastator');
    expect(() => t({ class: 'imperial', name: 'a\nb' })).toThrow(/ships\[0\]\.name/);
    expect(() => t({ class: 'imperial', name: '' })).toThrow(/ships\[0\]\.name/);
  });
});

describe('arc lines on the table', () => {
  it("every class, at random places and rotations: each line within 0.01 mm of the catalog's figures", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FLAT),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 100, max: 800, noNaN: true }),
        fc.constantFrom('section7', 'mesh'),
        (id, rot, x, source) => {
          const cat = withMeasurements(CATALOG, { arcSource: source as 'mesh' });
          const sh = shipShapes(cat, { size: RAW[id].size as 'small', class: id, x, y: 400, rotation: rot });
          const want = expectedLines(id, RAW[id].arcSources[source] ? source : RAW[id].defaultArcSource);
          for (const [name, [inner, outer]] of Object.entries(want)) {
            const got = sh.arcLines[name as 'frontLeft'];
            const [ix, iy] = placeXY(inner[0], inner[1], x, 400, rot),
              [ox, oy] = placeXY(outer[0], outer[1], x, 400, rot);
            expect(Math.hypot(got[0].x - ix, got[0].y - iy), `${id} ${name}`).toBeLessThan(0.01);
            expect(Math.hypot(got[1].x - ox, got[1].y - oy), `${id} ${name}`).toBeLessThan(0.01);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("hull zones tile the token exactly: areas sum to the token's, no two overlap, every class at random rotations", () => {
    fc.assert(
      fc.property(
        FLAT.length > 0 ? fc.constantFrom(...FLAT) : fc.constant('victory'),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (id, rot) => {
          const sh = shipShapes(CATALOG, {
            size: RAW[id].size as 'small',
            class: id,
            x: 500,
            y: 400,
            rotation: rot,
          });
          const zones = Object.values(sh.hullZones).map((p) => p.pairs() as XY[]);
          const { width, length } = SIZES[RAW[id].size].token;
          const areas = zones.map((z) => signedArea(z));
          for (const a of areas) expect(a, id).toBeGreaterThan(0); // counter-clockwise, not degenerate
          expect(Math.abs(areas.reduce((s, a) => s + a, 0) - width * length), id).toBeLessThan(1e-6);
          // no gaps, no overlaps: points strewn over the token (off every zone's edge) each lie in exactly one zone
          const tok = sh.token.pairs() as XY[];
          for (const z of zones)
            for (const [px, py] of z)
              expect(ringBoundaryDistance(tok, px, py) < 1e-9 || ringContains(tok, px, py), id).toBe(true);
          const rnd = prng(Math.round(rot * 1000));
          let tried = 0;
          for (let n = 0; n < 200; n++) {
            const [px, py] = placeXY((rnd() - 0.5) * width, (rnd() - 0.5) * length, 500, 400, rot);
            if (zones.some((z) => ringBoundaryDistance(z, px, py) < 1e-6)) continue;
            tried++;
            expect(zones.filter((z) => ringContains(z, px, py)).length, `${id} at (${px}, ${py})`).toBe(1);
          }
          expect(tried).toBeGreaterThan(150);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('targeting points', () => {
  it('the estimate reproduces the five measured classes (differences printed; within 1 mm but one side point)', () => {
    const rows: string[] = [];
    for (const [id, c] of Object.entries(RAW)) {
      if (!c.targetingPoints.status.startsWith('community')) continue;
      const a = c.arcSources[c.defaultArcSource],
        tok = SIZES[c.size].token;
      const k = tok.length / DATASET.tokenLength[c.size];
      const e = estimateTargetingPoints(
        {
          frontOffset: a.frontOffset * k,
          frontConj: a.frontConj * k,
          rearOffset: a.rearOffset * k,
          rearConj: a.rearConj * k,
        },
        tok,
      );
      const d = [
        e.front - c.targetingPoints.front,
        e.rear - c.targetingPoints.rear,
        e.side[0] - c.targetingPoints.side[0],
        e.side[1] - c.targetingPoints.side[1],
      ];
      rows.push(`${id}: ${d.map((v) => v.toFixed(2)).join(' ')}`);
      for (const v of d.slice(0, 3)) expect(Math.abs(v), id).toBeLessThan(1.3);
      if (id !== 'assault-frigate-mk2') expect(Math.abs(d[3]), id).toBeLessThan(1);
    }
    expect(rows.length).toBe(5);
    console.log(
      `targeting-point estimate minus measured (front, rear, side x, side y), mm:\n${rows.join('\n')}`,
    );
  });
  it('every other class has its points marked estimated, and each point lies inside its own hull zone', () => {
    for (const id of FLAT) {
      const tp = CATALOG.shipClasses[id].targetingPoints;
      expect(tp.status, id).toMatch(/^(community|estimated)/);
      const sh = shipShapes(CATALOG, {
        size: RAW[id].size as 'small',
        class: id,
        x: 500,
        y: 400,
        rotation: 33,
      });
      for (const z of ['front', 'left', 'right', 'rear'] as const) {
        expect(sh.hullZones[z].locate(sh.targetingPoints[z].x, sh.targetingPoints[z].y), `${id} ${z}`).toBe(
          'inside',
        );
      }
    }
  });
});

describe('npm run analyze on a table with one ship of every class', () => {
  const file = join(ROOT, 'test', 'tables', 'every-class.json');
  it("holds every class, and the report's hull zones carry each arc line within 0.01 mm; attacks from and to every zone", () => {
    const text = readFileSync(file, 'utf8');
    const table = parseTableText(text);
    expect(new Set(table.ships.map((s) => s.class))).toEqual(new Set(Object.keys(CATALOG.shipClasses)));
    const r = spawnSync(process.execPath, [...cliArgs('analyze'), file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 1 << 28,
    });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const zones = new Set<string>();
    for (const a of report.attacks) zones.add(a.attacker).add(a.defender);
    for (const s of table.ships) {
      const hz = report.shapes[s.id].hullZones as Record<string, XY[]>;
      if (s.size === 'huge') {
        // six zones tiling the token (their own property test: test/rules/attacks/huge-properties.test.ts), each attacking
        expect(Object.keys(hz).sort()).toEqual([
          'front',
          'front-left',
          'front-right',
          'rear',
          'rear-left',
          'rear-right',
        ]);
        const tok = SIZES.huge.token;
        expect(
          Math.abs(Object.values(hz).reduce((a, z) => a + signedArea(z), 0) - tok.width * tok.length),
        ).toBeLessThan(0.5); // rounded to 0.01
        for (const z of Object.keys(hz)) expect(zones.has(`${s.id}.${z}`), `${s.id}.${z} attacks`).toBe(true);
        continue;
      }
      const lines = expectedLines(s.class!);
      const on = (zone: string, p: XY) => near(hz[zone], placeXY(p[0], p[1], s.x, s.y, s.rotation), 0.01);
      // each line's two ends are corners of both zones it divides
      for (const [name, [inner, outer]] of Object.entries(lines)) {
        const pair = {
          frontLeft: ['front', 'left'],
          frontRight: ['front', 'right'],
          rearLeft: ['rear', 'left'],
          rearRight: ['rear', 'right'],
        }[name]!;
        for (const z of pair) {
          expect(on(z, inner), `${s.id} ${name} inner in ${z}`).toBe(true);
          expect(on(z, outer), `${s.id} ${name} outer in ${z}`).toBe(true);
        }
      }
      for (const z of Object.keys(hz)) expect(zones.has(`${s.id}.${z}`), `${s.id}.${z} attacks`).toBe(true);
    }
  }, 180_000);
});
