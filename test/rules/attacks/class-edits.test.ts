/**
 * Class edits (`measurements.classes`): a player's correction of a class's arc lines and targeting
 * points, in mm on the token. Checked by construction (a targeting point moved is where the line of
 * sight starts), against an independent computation (the same figures written into a catalog by
 * hand, in the arc dataset's units), against the table without the edit (every attack's
 * `classEdit.withCatalog`), and the refusals name the field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTable } from '../../../scripts/bench/tables';
import {
  CATALOG,
  type Catalog,
  classFiguresOnToken,
  type ClassEdit,
  withMeasurements,
} from '../../../src/model/catalog';
import { localShipShapes, obstacleOutline } from '../../../src/model/pieces';
import { type Table, TableError, validateTable } from '../../../src/model/table';
import { analyze } from '../../../src/rules/report/analyze';
import { attacks, attacksPlain } from '../../../src/rules/attacks/attacks';
import { analyzeFull, analyzeIncremental } from '../../../src/rules/report/incremental';
import { World } from '../../../src/rules/world';

const base = (over: Partial<Table> = {}): Table =>
  validateTable({
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 400, y: 300, rotation: 0, speed: 2 },
      { id: 'neb', size: 'small', class: 'nebulon-b', player: 2, x: 400, y: 600, rotation: 180, speed: 2 },
    ],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
    ...over,
  });
const withEdit = (t: Table, classes: Record<string, ClassEdit>): Table =>
  validateTable(JSON.parse(JSON.stringify({ ...t, measurements: { ...(t.measurements ?? {}), classes } })));
const refusal = (t: Table, classes: unknown): string => {
  try {
    validateTable(JSON.parse(JSON.stringify({ ...t, measurements: { classes } })));
  } catch (e) {
    expect(e).toBeInstanceOf(TableError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

/** The edit written into a catalog by hand: arc figures in the dataset's mm, as the catalog keeps them. */
function handCatalog(cat: Catalog, id: string, e: ClassEdit): Catalog {
  const c = cat.shipClasses[id];
  const tok = cat.shipSizes[c.size].token;
  const along = cat.arcDataset.tokenLength[c.size] / tok.length,
    across = cat.arcDataset.tokenWidth[c.size] / tok.width;
  const arcs = { ...c.arcs };
  for (const [k, v] of Object.entries(e.arcs ?? {}))
    (arcs as unknown as Record<string, number>)[k] = v * (k.endsWith('Inset') ? across : along);
  const targetingPoints = { ...c.targetingPoints, ...(e.targetingPoints ?? {}) };
  return { ...cat, shipClasses: { ...cat.shipClasses, [id]: { ...c, arcs, targetingPoints } } };
}

describe('class edits', () => {
  it('a moved front targeting point is where the line of sight starts, and the verdict says it rests on the edit', () => {
    const t = withEdit(base(), { victory: { targetingPoints: { front: 30 } } });
    const r = analyze(t);
    const a = r.attacks.find((x) => x.attacker === 'vsd.front' && x.defender === 'neb.front')!;
    const L = CATALOG.shipSizes.medium.token.length;
    expect(a.losLine[0][0]).toBeCloseTo(400, 9);
    expect(a.losLine[0][1]).toBeCloseTo(300 + L / 2 - 30, 9);
    expect(a.classEdit?.classes).toEqual(['victory']);
    expect(a.classEdit?.figures).toEqual(['victory.targetingPoints.front']);
    expect(a.why).toMatch(
      /Depends on an edited class: uses this table's correction of the Victory-class Star Destroyer token \(the front targeting point\)/,
    );
    // an attack between two unedited classes carries nothing
    const plain = analyze(base());
    expect(plain.attacks.some((x) => x.classEdit)).toBe(false);
    expect(plain.classEdits).toBeUndefined();
    expect(r.classEdits?.victory.figures['targetingPoints.front']).toEqual({
      table: 30,
      catalog: CATALOG.shipClasses.victory.targetingPoints.front,
    });
    expect(r.classEdits?.victory.ships).toEqual(['vsd']);
  });

  it("a side targeting point moved across an asteroid's edge flips the verdict, and withCatalog gives the old one", () => {
    // the neb's right side faces -x at rotation 180; an asteroid between the vsd's right zone and it
    const t0 = base({
      ships: [
        { id: 'vsd', size: 'medium', class: 'victory', player: 1, x: 400, y: 300, rotation: 0, speed: 2 },
        { id: 'neb', size: 'small', class: 'nebulon-b', player: 2, x: 700, y: 300, rotation: 0, speed: 2 },
      ],
    });
    const plain = analyze(t0).attacks.find((x) => x.attacker === 'vsd.right' && x.defender === 'neb.left')!;
    expect(plain.los).toBe('clear');
    // the catalog's line runs from the right side point to the neb's left point; put an asteroid just
    // beside it, toward the bow, then move the side point toward the bow by 20 mm: the line swings over it
    const [p, q] = plain.losLine;
    const mx = (p[0] + q[0]) / 2,
      my = (p[1] + q[1]) / 2;
    // the rock's lowest point 2 mm above the line's midpoint (the line runs nearly along x)
    const low = Math.min(
      ...obstacleOutline(CATALOG, { type: 'asteroid-c', x: 0, y: 0, rotation: 0 })
        .pairs()
        .map(([, y]) => y),
    );
    const obstacles = [{ id: 'rock', type: 'asteroid-c' as const, x: mx, y: my + 2 - low, rotation: 0 }];
    const t1 = validateTable(JSON.parse(JSON.stringify({ ...t0, obstacles })));
    const before = analyze(t1).attacks.find((x) => x.attacker === 'vsd.right' && x.defender === 'neb.left')!;
    const side = CATALOG.shipClasses.victory.targetingPoints.side;
    const after = analyze(
      withEdit(t1, { victory: { targetingPoints: { side: [side[0], side[1] - 20] } } }),
    ).attacks.find((x) => x.attacker === 'vsd.right' && x.defender === 'neb.left')!;
    expect(before.los).toBe('clear');
    expect(after.los).toBe('obstructed');
    expect(after.obstructedBy).toEqual(['rock']);
    expect(after.classEdit).toMatchObject({
      changes: true,
      withCatalog: { los: 'clear', inArc: before.inArc, range: before.range },
    });
    expect(after.why).toMatch(/with the catalog's figures it would be in arc, .* line of sight clear\./);
  });

  it("figures edited to the catalog's own values give the catalog's shapes (the unit conversion round-trips)", () => {
    for (const [id, c] of Object.entries(CATALOG.shipClasses)) {
      const f = classFiguresOnToken(CATALOG, id)!;
      const arcs = Object.fromEntries(
        Object.entries(f.arcs).filter(([, v]) => v !== undefined),
      ) as ClassEdit['arcs'];
      const cat = withMeasurements(CATALOG, { classes: { [id]: { arcs } } });
      const a = localShipShapes(CATALOG, c.size, id),
        b = localShipShapes(cat, c.size, id);
      for (const z of a.zones) {
        const pa = a.hullZones[z].pairs(),
          pb = b.hullZones[z].pairs();
        expect(pb.length).toBe(pa.length);
        pa.forEach(([x, y], i) => {
          expect(pb[i][0]).toBeCloseTo(x, 9);
          expect(pb[i][1]).toBeCloseTo(y, 9);
        });
      }
    }
  });

  it('on random tables and random edits: edited attacks match a hand-built catalog, withCatalog matches the table without the edit', () => {
    let changed = 0,
      edited = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(100000),
          d: fc.array(fc.double({ min: -4, max: 4, noNaN: true }), { minLength: 6, maxLength: 6 }),
          ruleset: fc.constantFrom('seed' as const, '1.6' as const),
        }),
        (r) => {
          const t = {
            ...generateTable({
              shipsPerPlayer: 3,
              squadronsPerPlayer: 2,
              obstacles: 6,
              seed: r.seed,
              onObstacle: 0.2,
            }),
            ruleset: r.ruleset,
          };
          const id = t.ships.find((s) => s.class)?.class;
          fc.pre(id !== undefined);
          const f = classFiguresOnToken(CATALOG, id!)!;
          const tp = f.targetingPoints;
          const e: ClassEdit = {
            arcs: {
              frontConj: f.arcs.frontConj! + r.d[0],
              rearConj: f.arcs.rearConj! + r.d[1],
              ...(f.arcs.frontOffset ? { frontOffset: f.arcs.frontOffset + r.d[2] } : {}),
            },
            targetingPoints: {
              front: tp.front + r.d[3],
              rear: tp.rear + r.d[4],
              side: [tp.side[0] + r.d[5] / 2, tp.side[1] + r.d[5]],
            },
          };
          let te: Table;
          try {
            te = withEdit(t, { [id!]: e });
          } catch {
            fc.pre(false);
            return;
          }
          const mine = analyze(te),
            without = analyze(t),
            hand = analyze(t, handCatalog(CATALOG, id!, te.measurements!.classes![id!]));
          const ofClass = (key: string) => t.ships.find((s) => s.id === key.split('.')[0])?.class === id;
          for (let k = 0; k < mine.attacks.length; k++) {
            const a = mine.attacks[k],
              w = without.attacks[k],
              h = hand.attacks[k];
            expect([a.attacker, a.defender]).toEqual([w.attacker, w.defender]);
            for (const key of ['inArc', 'range', 'rangeMm', 'los', 'losLine', 'obstructedBy'] as const)
              expect(a[key]).toEqual(h[key]);
            if (!ofClass(a.attacker) && !ofClass(a.defender)) {
              expect(a.classEdit).toBeUndefined();
              expect(JSON.stringify(a)).toBe(JSON.stringify(w));
              continue;
            }
            edited++;
            expect(a.classEdit!.withCatalog).toEqual({
              inArc: w.inArc,
              range: w.range,
              rangeMm: w.rangeMm,
              los: w.los,
            });
            const differs = a.inArc !== w.inArc || a.range !== w.range || a.los !== w.los;
            expect(a.classEdit!.changes).toBe(differs);
            if (differs) changed++;
          }
          expect(mine.classEdits![id!].changed.length).toBe(
            mine.attacks.filter((a) => a.classEdit?.changes).length,
          );
        },
      ),
      { numRuns: 25, seed: 4242 },
    );
    expect(edited).toBeGreaterThan(200);
    expect(changed).toBeGreaterThan(0);
  });

  it('the flat attack table and the plain form agree on an edited table, and a drag re-judge equals a fresh analysis', () => {
    const t = generateTable({
      shipsPerPlayer: 3,
      squadronsPerPlayer: 2,
      obstacles: 6,
      seed: 77,
      onObstacle: 0.2,
    });
    const id = t.ships.find((s) => s.class)!.class!;
    const tp = CATALOG.shipClasses[id].targetingPoints;
    const te = withEdit(t, { [id]: { targetingPoints: { front: tp.front + 3 } } });
    expect(JSON.stringify(attacks(new World(te)))).toBe(JSON.stringify(attacksPlain(new World(te))));
    const prev = analyzeFull(te);
    const moved: Table = {
      ...te,
      ships: te.ships.map((s, i) => (i === 0 ? { ...s, x: s.x + 7, y: s.y - 3 } : s)),
    };
    const inc = analyzeIncremental(prev, moved);
    expect(JSON.stringify(inc.report)).toBe(JSON.stringify(analyze(moved)));
    expect(inc.report.classEdits?.[id]).toBeDefined();
  });

  it('refuses what is not a ship, naming the class and figure', () => {
    const t = base();
    expect(refusal(t, { nope: {} })).toMatch(/^measurements\.classes\.nope: no ship class "nope"/);
    expect(refusal(t, { victory: { arcs: { frontOffset: -1 } } })).toMatch(
      /^measurements\.classes\.victory\.arcs\.frontOffset: /,
    );
    expect(refusal(t, { victory: { arcs: { sideSplit: 3 } } })).toMatch(
      /^measurements\.classes\.victory\.arcs\.sideSplit: unknown arc figure for a medium ship/,
    );
    expect(refusal(t, { victory: { targetingPoints: { side: [5] } } })).toMatch(
      /^measurements\.classes\.victory\.targetingPoints\.side: expected \[mm out/,
    );
    expect(refusal(t, { victory: { targetingPoints: { side: [99, 50] } } })).toMatch(
      /^measurements\.classes\.victory\.targetingPoints\.side\.out: /,
    );
    // the front targeting point pulled back behind the front arc lines' meeting point
    expect(refusal(t, { victory: { targetingPoints: { front: 60 } } })).toMatch(
      /front targeting point lies outside its front hull zone/,
    );
    // front and rear side ends swapped: the side zones fold over
    expect(refusal(t, { victory: { arcs: { frontOffset: 90, rearOffset: 90 } } })).toMatch(
      /^measurements\.classes\.victory: these arc lines/,
    );
    expect(refusal(t, { victory: { colour: 'red' } })).toMatch(/unknown part of a class/);
  });
});
