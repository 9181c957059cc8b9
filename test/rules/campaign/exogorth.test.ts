import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exogorths, judgeExogorthPlacement } from '../../../src/rules/campaign/exogorth';
import type { PlaceExogorth } from '../../../src/model/table';
import { expectedRelation, ringContains, type OShape } from '../../support/oracle';
import { DISTANCE_BANDS, obstacleRing, shipFootprint, SQUADRON_DIAMETER } from '../../support/shapes';
import { discRightOf, extreme, rightOf, type T, uniform, world } from '../../support/campaign';

const r = SQUADRON_DIAMETER / 2;
const d1 = DISTANCE_BANDS[0].end;
const TOL = 0.005;
const EXO = { id: 'exo', type: 'exogorth-1', x: 800, y: 450, rotation: 0 };
const sq = (id: string, p: { x: number; y: number }, player = 1) => ({ id, player, ...p });

describe('exogorth attacks', () => {
  const P = extreme(EXO.type, 0, 'right');
  const Px = EXO.x + P[0],
    Py = EXO.y + P[1];

  for (const [gap, listed] of [
    [d1, true],
    [d1 + 0.004, true],
    [d1 + 0.01, false],
    [0, true],
    [30, true],
  ] as const) {
    it(`a squadron ${gap} mm away is ${listed ? '' : 'not '}attacked`, () => {
      const rep = exogorths(world({ obstacles: [EXO], squadrons: [sq('tie', discRightOf(EXO, r, gap))] }));
      if (!listed) return expect(rep).toEqual([]);
      expect(rep).toHaveLength(1);
      expect(rep[0]).toMatchObject({
        exogorth: 'exo',
        squadron: 'tie',
        attacks: true,
        los: 'clear',
        obstructedBy: [],
      });
      expect(rep[0].mm).toBeCloseTo(gap, 6);
    });
  }

  it('line of sight from the token point closest to the squadron: to the base (seed) or its centre (1.6)', () => {
    const tables: T = { obstacles: [EXO], squadrons: [sq('tie', discRightOf(EXO, r, 40))] };
    const seed = exogorths(world(tables))[0].losLine;
    expect(seed[0][0]).toBeCloseTo(Px, 6);
    expect(seed[0][1]).toBeCloseTo(Py, 6);
    expect(seed[1][0]).toBeCloseTo(Px + 40, 6);
    expect(seed[1][1]).toBeCloseTo(Py, 6);
    const v16 = exogorths(world({ ...tables, ruleset: '1.6' }))[0].losLine;
    expect(v16[0][0]).toBeCloseTo(Px, 6);
    expect(v16[1][0]).toBeCloseTo(Px + 40 + r, 6);
    expect(v16[1][1]).toBeCloseTo(Py, 6);
  });

  // an asteroid touching the exogorth at its rightmost point, lying across the line of sight
  const acrossOf = (type: string) => {
    for (let rot = 0; rot < 360; rot += 5) {
      const pos = rightOf(EXO, type, rot, 0);
      const ring = obstacleRing(type, pos.x, pos.y, rot);
      const maxX = Math.max(...ring.map((p) => p[0]));
      if (ringContains(ring, Px + 5, Py) && maxX < Px + 55) return { rot, pos };
    }
    throw new Error(`no rotation puts ${type} across the line`);
  };
  const across = acrossOf('asteroid-a');

  it('an obstacle the exogorth touches does not obstruct; moved 1 mm away, it does', () => {
    const rock = { id: 'rock', type: 'asteroid-a', ...across.pos, rotation: across.rot };
    const squadron = sq('tie', discRightOf(EXO, r, 60));
    const touching = exogorths(world({ obstacles: [EXO, rock], squadrons: [squadron] }));
    expect(touching[0]).toMatchObject({ los: 'clear', obstructedBy: [], notObstructing: ['rock'] });
    const apart = exogorths(world({ obstacles: [EXO, { ...rock, x: rock.x + 1 }], squadrons: [squadron] }));
    expect(apart[0]).toMatchObject({ los: 'obstructed', obstructedBy: ['rock'] });
  });

  it('a dust field across the line: the exogorth, treated as a ship, cannot attack; touching the exogorth, the field is passed over', () => {
    const d = acrossOf('dust-1');
    const dust = { id: 'dust', type: 'dust-1', ...d.pos, rotation: d.rot };
    const squadron = sq('tie', discRightOf(EXO, r, 60));
    const touching = exogorths(world({ obstacles: [EXO, dust], squadrons: [squadron] }));
    expect(touching[0]).toMatchObject({ attacks: true, los: 'clear', dust: [], notObstructing: ['dust'] });
    const apart = exogorths(world({ obstacles: [EXO, { ...dust, x: dust.x + 1 }], squadrons: [squadron] }));
    expect(apart[0]).toMatchObject({
      attacks: false,
      los: 'obstructed',
      obstructedBy: ['dust'],
      dust: ['dust'],
    });
    expect(apart[0].why).toMatch(/cannot attack across a dust field/);
    // the reading that decided the touching case, in the entry and its why
    expect(touching[0].readings).toEqual([
      expect.objectContaining({ reading: 'exogorthDust', value: 'exempt', otherwise: 'dust' }),
    ]);
    expect(touching[0].why).toMatch(/Depends on a reading: a dust field the exogorth touches is passed over/);
    expect(apart[0].readings).toBeUndefined();
    // readings.exogorthDust forbids: touching or not, the dust forbids the attack; touching, it still does not obstruct
    const forbids = exogorths(
      world({ obstacles: [EXO, dust], squadrons: [squadron], readings: { exogorthDust: 'forbids' } }),
    );
    expect(forbids[0]).toMatchObject({
      attacks: false,
      los: 'clear',
      dust: ['dust'],
      notObstructing: ['dust'],
    });
    expect(forbids[0].readings).toEqual([
      expect.objectContaining({ reading: 'exogorthDust', value: 'forbids', otherwise: 'clear' }),
    ]);
  });

  it('a ship base across the line obstructs; a squadron does not', () => {
    const ship = { id: 'neb', size: 'small', player: 2, x: Px + 30, y: Py, rotation: 0 };
    const rep = exogorths(
      world({ obstacles: [EXO], ships: [ship], squadrons: [sq('tie', discRightOf(EXO, r, 60))] }),
    );
    expect(rep[0]).toMatchObject({ los: 'obstructed', obstructedBy: ['neb'] });
    const rep2 = exogorths(
      world({
        obstacles: [EXO],
        squadrons: [sq('tie', discRightOf(EXO, r, 60)), sq('x', { x: Px + 25, y: Py }, 2)],
      }),
    );
    expect(rep2.find((e) => e.squadron === 'tie')).toMatchObject({ los: 'clear' });
    expect(rep2.find((e) => e.squadron === 'x')).toBeDefined();
  });
});

const place = (
  o: { type: string; x: number; y: number; rotation: number },
  placedBy: 1 | 2 = 1,
): PlaceExogorth => ({
  id: 'p',
  kind: 'place-exogorth',
  obstacle: {
    id: 'new',
    type: o.type as PlaceExogorth['obstacle']['type'],
    x: o.x,
    y: o.y,
    rotation: o.rotation,
  },
  placedBy,
});

describe('exogorth placement: touching another obstacle', () => {
  const rock = { id: 'rock', type: 'asteroid-b', x: 700, y: 450, rotation: 20 };
  const at = (gap: number) => ({ type: 'exogorth-2', rotation: 40, ...rightOf(rock, 'exogorth-2', 40, gap) });

  it('exactly touching is legal (and is not overlapping)', () => {
    const rep = judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(0)));
    expect(rep).toMatchObject({ legal: true, violations: [], displaced: [], placements: {} });
  });
  it('0.01 mm apart: must touch another obstacle, gap 0.01', () => {
    const rep = judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(0.01)));
    expect(rep.legal).toBe(false);
    expect(rep.violations).toHaveLength(1);
    expect(rep.violations[0]).toMatchObject({ rule: 'must touch another obstacle', with: 'rock' });
    expect(rep.violations[0].gapMm as number).toBeCloseTo(0.01, 6);
  });
  it('within the tolerance of touching is touching', () => {
    expect(judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(0.004))).legal).toBe(true);
  });
  it('1 mm into the other obstacle: overlapping, with the overlap depth', () => {
    const rep = judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(-1)));
    const v = rep.violations.find((x) => x.rule === 'cannot overlap another obstacle');
    expect(v).toMatchObject({ with: 'rock', measure: 'overlap depth' });
    expect(v!.gapMm as number).toBeGreaterThan(0.5);
    expect(v!.gapMm as number).toBeLessThan(40);
    expect(rep.violations.some((x) => x.rule === 'must touch another obstacle')).toBe(true);
  });
  it('the why gives each refusal its measure, never an obstacle in brackets as if it were the one to touch', () => {
    const apart = judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(2)));
    expect(apart.why).toBe(
      'new cannot be placed there: it must touch another obstacle (the nearest obstacle it could touch, ' +
        'rock, is 2.00 mm away).',
    );
    const into = judgeExogorthPlacement(world({ obstacles: [rock] }), place(at(-1)));
    expect(into.why).toMatch(
      new RegExp(
        '^new cannot be placed there: it must touch another obstacle \\(it overlaps rock instead of ' +
          'touching it\\); new would overlap rock by \\d+\\.\\d\\d mm; it cannot overlap another obstacle\\.$',
      ),
    );
  });
  it('no obstacle at all: must touch, with nothing to name', () => {
    const rep = judgeExogorthPlacement(world({}), place(at(0)));
    expect(rep.violations).toEqual([
      expect.objectContaining({ rule: 'must touch another obstacle', with: null, gapMm: null }),
    ]);
  });
});

describe('exogorth placement: seed and 1.6 differ', () => {
  const exoA = { id: 'exoA', type: 'exogorth-1', x: 500, y: 450, rotation: 0 };
  const legal = (t: T, p: PlaceExogorth) => judgeExogorthPlacement(world(t), p).legal;

  it('touching only another exogorth: legal in the seed, not in 1.6', () => {
    const p = place({ type: 'exogorth-2', rotation: 0, ...rightOf(exoA, 'exogorth-2', 0, 0) });
    expect(legal({ obstacles: [exoA] }, p)).toBe(true);
    expect(legal({ obstacles: [exoA], ruleset: '1.6' }, p)).toBe(false);
    const v = judgeExogorthPlacement(world({ obstacles: [exoA], ruleset: '1.6' }), p).violations[0];
    expect(v.why).toMatch(/exoA is an exogorth/);
  });
  it('touching an asteroid that touches another exogorth: legal in the seed, not in 1.6; that asteroid 5 mm off the exogorth: legal in both', () => {
    for (const [gap, legal16] of [
      [0, false],
      [5, true],
    ] as const) {
      const rock = { id: 'rock', type: 'asteroid-a', rotation: 0, ...rightOf(exoA, 'asteroid-a', 0, gap) };
      const p = place({ type: 'exogorth-2', rotation: 0, ...rightOf(rock, 'exogorth-2', 0, 0) });
      expect(legal({ obstacles: [exoA, rock] }, p)).toBe(true);
      expect(legal({ obstacles: [exoA, rock], ruleset: '1.6' }, p)).toBe(legal16);
    }
  });
});

describe('exogorth placement: ships, tokens, the play area', () => {
  const rock = { id: 'rock', type: 'asteroid-c', x: 900, y: 450, rotation: 0 };
  const spot = { type: 'exogorth-1', rotation: 0, ...rightOf(rock, 'exogorth-1', 0, 0) };
  it('overlapping a ship or a token is illegal, each named with its depth', () => {
    const rep = judgeExogorthPlacement(
      world({
        obstacles: [rock],
        ships: [{ id: 'vsd', size: 'medium', player: 1, x: spot.x + 40, y: spot.y, rotation: 90 }],
        tokens: [{ id: 'obj', x: spot.x, y: spot.y + 20, radius: 12.5 }],
      }),
      place(spot),
    );
    expect(rep.legal).toBe(false);
    expect(rep.violations.map((v) => [v.rule, v.with])).toEqual([
      ['cannot overlap a ship', 'vsd'],
      ['cannot overlap a token', 'obj'],
    ]);
    for (const v of rep.violations) expect(v.gapMm as number).toBeGreaterThan(0);
  });
  it('a token exactly touching is not overlapping', () => {
    const t = discRightOf({ ...spot, id: 'x' } as never, 12.5, 0);
    const rep = judgeExogorthPlacement(
      world({ obstacles: [rock], tokens: [{ id: 'obj', ...t, radius: 12.5 }] }),
      place(spot),
    );
    expect(rep.legal).toBe(true);
  });
  it('inside the play area: on the edge is inside; 2 mm over is not', () => {
    const L = extreme('exogorth-1', 0, 'left');
    const edgeRock = (x: number) => ({
      id: 'rock',
      type: 'asteroid-c',
      rotation: 0,
      ...rightOf({ type: 'exogorth-1', x, y: 300, rotation: 0 }, 'asteroid-c', 0, 0),
    });
    for (const [over, ok] of [
      [0, true],
      [2, false],
    ] as const) {
      const x = -L[0] - over;
      const rep = judgeExogorthPlacement(
        world({ obstacles: [edgeRock(x)] }),
        place({ type: 'exogorth-1', x, y: 300, rotation: 0 }),
      );
      expect(rep.legal).toBe(ok);
      if (!ok) {
        expect(rep.violations).toHaveLength(1);
        expect(rep.violations[0]).toMatchObject({
          rule: 'must be inside the play area',
          with: null,
          measure: 'beyond the edge',
        });
        expect(rep.violations[0].gapMm as number).toBeCloseTo(over, 6);
      }
    }
  });
});

/** Independent check of every proposed placement. */
function checkPlacements(t: T, p: PlaceExogorth, tableW: number, tableH: number) {
  const rep = judgeExogorthPlacement(world(t), p);
  const E: OShape = { ring: obstacleRing(p.obstacle.type, p.obstacle.x, p.obstacle.y, p.obstacle.rotation) };
  const displaced = new Set(rep.displaced);
  const squadrons = (t.squadrons ?? []) as { id: string; x: number; y: number }[];
  // each displaced squadron does overlap the exogorth, and no other does
  for (const q of squadrons) {
    const v = expectedRelation({ circle: [q.x, q.y, r] }, E, TOL).verdict;
    expect(displaced.has(q.id)).toBe(v === 'overlap');
  }
  const fixed: { id: string; shape: OShape }[] = [
    ...(
      (t.ships ?? []) as {
        id: string;
        size: 'small' | 'medium' | 'large';
        x: number;
        y: number;
        rotation: number;
      }[]
    ).map((s) => ({ id: s.id, shape: { ring: shipFootprint(s.size, s.x, s.y, s.rotation) } as OShape })),
    ...((t.obstacles ?? []) as { id: string; type: string; x: number; y: number; rotation: number }[]).map(
      (o) => ({ id: o.id, shape: { ring: obstacleRing(o.type, o.x, o.y, o.rotation) } as OShape }),
    ),
    ...((t.tokens ?? []) as { id: string; x: number; y: number; radius: number }[]).map((k) => ({
      id: k.id,
      shape: { circle: [k.x, k.y, k.radius] } as OShape,
    })),
    ...squadrons
      .filter((q) => !displaced.has(q.id))
      .map((q) => ({ id: q.id, shape: { circle: [q.x, q.y, r] } as OShape })),
  ];
  const placed = Object.entries(rep.placements ?? {}).map(([id, c]) => ({
    id,
    shape: { circle: [c.x, c.y, r] } as OShape,
    c,
  }));
  expect(placed.length + ((rep.unplaced as string[] | undefined)?.length ?? 0)).toBe(displaced.size);
  const touchesE = (s: OShape) => expectedRelation(s, E, TOL).verdict === 'touch';
  const squadronsOnE = [
    ...fixed.filter((f) => 'circle' in f.shape && squadrons.some((q) => q.id === f.id)),
    ...placed,
  ].filter((f) => touchesE(f.shape));
  let viaSquadron = 0;
  for (const pl of placed) {
    // printed coordinates: the 0.01 mm grid
    expect(Math.round(pl.c.x * 100) / 100).toBe(pl.c.x);
    expect(pl.c.x - r).toBeGreaterThanOrEqual(-TOL);
    expect(pl.c.y - r).toBeGreaterThanOrEqual(-TOL);
    expect(pl.c.x + r).toBeLessThanOrEqual(tableW + TOL);
    expect(pl.c.y + r).toBeLessThanOrEqual(tableH + TOL);
    // obstacles may be overlapped (the seed forbids only leaving the play area), and the report says which
    const on = ((rep.placedOnObstacles ?? {}) as Record<string, string[]>)[pl.id] ?? [];
    const obstacleIds = new Set(((t.obstacles ?? []) as { id: string }[]).map((o) => o.id));
    for (const other of [...fixed, ...placed.filter((x) => x !== pl), { id: 'exo', shape: E }]) {
      const v = expectedRelation(pl.shape, other.shape, TOL).verdict;
      if (obstacleIds.has(other.id))
        expect(v === 'overlap', `${pl.id} on ${other.id}`).toBe(on.includes(other.id));
      else expect(v, `${pl.id} against ${other.id}`).not.toBe('overlap');
    }
    if (!touchesE(pl.shape)) {
      viaSquadron++;
      expect(
        squadronsOnE.some((s) => s !== pl && expectedRelation(pl.shape, s.shape, TOL).verdict === 'touch'),
        `${pl.id} touches a squadron touching the exogorth`,
      ).toBe(true);
    }
  }
  return { rep, viaSquadron };
}

describe('displaced squadrons', () => {
  it('three squadrons under the exogorth are placed touching it, near where they were, overlapping nothing', () => {
    const rock = { id: 'rock', type: 'station', x: 700, y: 450, rotation: 0 };
    const spot = { type: 'exogorth-1', rotation: 70, ...rightOf(rock, 'exogorth-1', 70, 0) };
    const t: T = {
      obstacles: [rock],
      ships: [{ id: 'isd', size: 'large', player: 1, x: spot.x + 80, y: spot.y, rotation: 0 }],
      tokens: [{ id: 'obj', x: spot.x, y: spot.y + 45, radius: 12.5 }],
      squadrons: [
        sq('a', { x: spot.x, y: spot.y }),
        sq('b', { x: spot.x + 5, y: spot.y + 10 }, 2),
        sq('c', { x: spot.x - 3, y: spot.y - 15 }),
        sq('far', { x: 200, y: 200 }),
      ],
    };
    const p = place(spot, 2);
    const { rep, viaSquadron } = checkPlacements(t, p, 1828.8, 914.4);
    expect(rep.displaced).toEqual(['a', 'b', 'c']);
    expect(rep.placementsBy).toBe(1);
    expect(viaSquadron).toBe(0);
    expect(rep.legal).toBe(true);
  });

  for (const n of [5, 10]) {
    it(`${n} squadrons under an exogorth in a corner: some can only touch a squadron that touches it`, () => {
      const L = extreme('exogorth-2', 0, 'left'),
        B = extreme('exogorth-2', 0, 'bottom');
      const spot = { type: 'exogorth-2', rotation: 0, x: -L[0], y: -B[1] };
      const squadrons = Array.from({ length: n }, (_, i) =>
        sq(`s${i}`, { x: spot.x + (i % 3) - 1, y: spot.y + (i % 4) - 1.5 }),
      );
      const t: T = {
        table: '3x3',
        squadrons,
        obstacles: [
          {
            id: 'rock',
            type: 'asteroid-a',
            rotation: 0,
            ...rightOf({ ...spot, id: 'x' } as never, 'asteroid-a', 0, 0),
          },
        ],
      };
      const { rep, viaSquadron } = checkPlacements(t, place(spot), 914.4, 914.4);
      expect(rep.displaced).toHaveLength(n);
      expect(viaSquadron).toBeGreaterThan(0);
    });
  }
});

describe('displaced squadrons may be placed on obstacles (the seed limits them to touching and the play area)', () => {
  // an exogorth wholly inside a gravity rift (overlapping it: not a legal placement, but its
  // squadrons are still placed): every point of its edge is inside the rift, so every squadron
  // touching it overlaps the rift, and there is room for them all
  const rift = { id: 'rift', type: 'gravity-rift', x: 450, y: 450, rotation: 0 };
  const spot = { type: 'exogorth-1', rotation: 0, x: 450, y: 450 };
  it('only positions on an obstacle: placed there, never unplaced, and why says what the obstacle does to it', () => {
    const t: T = {
      table: '3x3',
      obstacles: [rift],
      squadrons: [sq('a', { x: 450, y: 450 }), sq('b', { x: 455, y: 445 }, 2)],
    };
    const { rep } = checkPlacements(t, place(spot), 914.4, 914.4);
    expect(rep.legal).toBe(false); // it overlaps the rift
    expect(rep.unplaced).toBeUndefined();
    expect(Object.keys(rep.placements ?? {})).toEqual(['a', 'b']);
    expect(rep.placedOnObstacles).toEqual({ a: ['rift'], b: ['rift'] });
    expect((rep.placementNotes as Record<string, string>).a).toMatch(
      /on rift \(squadrons are unaffected\): no position clear of obstacles/,
    );
  });
  it('clear positions exist: they are taken, none on the obstacle beside it', () => {
    const rock = { id: 'rock', type: 'station', x: 700, y: 450, rotation: 0 };
    const at = { type: 'exogorth-1', rotation: 70, ...rightOf(rock, 'exogorth-1', 70, 0) };
    const t: T = { obstacles: [rock], squadrons: [sq('a', { x: at.x, y: at.y })] };
    const { rep } = checkPlacements(t, place(at), 1828.8, 914.4);
    expect(rep.placedOnObstacles).toBeUndefined();
    expect(Object.keys(rep.placements ?? {})).toEqual(['a']);
  });
});

describe('displaced squadrons: random tables, every placement checked independently', () => {
  it('placements touch the exogorth (or a squadron touching it), stay on the table and overlap nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('exogorth-1', 'exogorth-2'),
        uniform(0, 360),
        uniform(30, 400),
        uniform(30, 400),
        fc.array(fc.tuple(uniform(-25, 25), uniform(-25, 25)), { minLength: 1, maxLength: 4 }),
        fc.tuple(uniform(-80, 80), uniform(-80, 80), uniform(0, 360)),
        fc.tuple(uniform(-70, 70), uniform(-70, 70)),
        (type, rot, x, y, offs, [sx, sy, srot], [tx, ty]) => {
          const spot = { type, rotation: rot, x, y };
          const ring = obstacleRing(type, x, y, rot);
          const squadrons = offs.map(([dx, dy], i) => sq(`q${i}`, { x: x + dx, y: y + dy }));
          const ship = { id: 'ship', size: 'small', player: 1, x: x + sx, y: y + sy, rotation: srot };
          const token = { id: 'tok', x: x + tx, y: y + ty, radius: 12.5 };
          const t: T = {
            table: '3x3',
            squadrons: squadrons.filter((q) => q.x > 0 && q.y > 0),
            ships: [ship].filter((s) => s.x > 0 && s.y > 0),
            tokens: [token].filter((k) => k.x > 0 && k.y > 0),
          };
          if (ring.some(([px, py]) => px < 0 || py < 0)) return; // keep the exogorth itself on the table
          checkPlacements(t, place(spot), 914.4, 914.4);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('exogorth placement: random contacts', () => {
  const others = [
    'asteroid-a',
    'asteroid-b',
    'asteroid-c',
    'debris-a',
    'debris-b',
    'station',
    'dust-1',
    'purrgil-2',
    'gravity-rift',
  ];
  it('touching (gap 0 by construction) is legal; a gap beyond the tolerance is reported to the 0.001 mm', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...others),
        uniform(0, 360),
        fc.constantFrom('exogorth-1', 'exogorth-2'),
        uniform(0, 360),
        uniform(0.006, 30),
        (type, rot, exo, erot, gap) => {
          const rock = { id: 'rock', type, x: 900, y: 450, rotation: rot };
          const w = world({ obstacles: [rock] });
          expect(
            judgeExogorthPlacement(w, place({ type: exo, rotation: erot, ...rightOf(rock, exo, erot, 0) }))
              .legal,
          ).toBe(true);
          const rep = judgeExogorthPlacement(
            w,
            place({ type: exo, rotation: erot, ...rightOf(rock, exo, erot, gap) }),
          );
          expect(rep.legal).toBe(false);
          expect(rep.violations).toHaveLength(1);
          expect(Math.abs((rep.violations[0].gapMm as number) - gap)).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 30 },
    );
  });
});
