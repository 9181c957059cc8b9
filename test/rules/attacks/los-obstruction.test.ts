/**
 * Obstruction and blocking, each built so the answer is known by construction.
 *
 * The base scene: ship a (player 1) at (500, 300) facing +y, ship b (player 2) at (500, 500)
 * facing -y, both medium Victory. a's front targeting point and b's front targeting point both
 * lie on x = 500, so the line of sight a.front -> b.front is the vertical segment x = 500 between
 * them (checked below); obstacles are placed relative to that line.
 */
import { describe, expect, it } from 'vitest';
import { crossing, relate } from '../../../src/geometry/relate';
import { TOLERANCE_MM } from '../../../src/geometry/tolerance';
import { type Obstacle, type Ship, type Squadron, type Table, validateTable } from '../../../src/model/table';
import { attackContext } from '../../../src/rules/attacks/context';
import { judgeLos } from '../../../src/rules/attacks/los';
import { World } from '../../../src/rules/world';
import {
  extremeVertex,
  judge,
  localOutline,
  obstacleWithVertexAt,
  ship,
  squadron,
  supportingEdge,
  table,
} from '../../support/attacks';

const A = ship('a', 1, 500, 300, 0);
const B = ship('b', 2, 500, 500, 180);
const scene = (
  extra: { obstacles?: Obstacle[]; ships?: Ship[]; squadrons?: Squadron[]; ruleset?: Table['ruleset'] } = {},
) =>
  table({
    ships: [A, B, ...(extra.ships ?? [])],
    obstacles: extra.obstacles ?? [],
    squadrons: extra.squadrons ?? [],
    ruleset: extra.ruleset,
  });

describe('the base scene', () => {
  it('traces a.front -> b.front along x = 500, clear, in arc', () => {
    const r = judge(scene(), 'a.front', 'b.front');
    expect(r.losLine[0][0]).toBe(500);
    expect(r.losLine[1][0]).toBe(500);
    expect(r.los).toBe('clear');
    expect(r.inArc).toBe(true);
    expect(r.obstructedBy).toEqual([]);
    expect(r.grazing).toEqual([]);
  });
});

describe('obstacle tokens', () => {
  it('an obstacle whose centroid lies on the line obstructs, and the why says how deep', () => {
    const r = judge(
      scene({ obstacles: [{ id: 'rock', type: 'asteroid-a', x: 500, y: 400, rotation: 0 }] }),
      'a.front',
      'b.front',
    );
    expect(r.los).toBe('obstructed');
    expect(r.obstructedBy).toEqual(['rock']);
    expect(r.why).toMatch(/crosses rock for \d+\.\d\d mm, \d+\.\d\d mm deep: obstructed/);
  });

  for (const rotation of [7, 63, 151]) {
    it(`a line exactly through a vertex (asteroid-b turned ${rotation}) grazes, never obstructs`, () => {
      const i = extremeVertex('asteroid-b', rotation, 'minX');
      const o = obstacleWithVertexAt('rock', 'asteroid-b', rotation, i, 500, 400);
      // construction check: every other vertex is well to the +x side
      const P = localOutline('asteroid-b').placed(o.x, o.y, rotation);
      for (let k = 0; k < P.n; k++) if (k !== i) expect(P.x(k)).toBeGreaterThan(500 + 0.01);
      const r = judge(scene({ obstacles: [o] }), 'a.front', 'b.front');
      expect(r.los).toBe('clear');
      expect(r.obstructedBy).toEqual([]);
      expect(r.grazing).toEqual(['rock']);
      expect(r.why).toMatch(/only touches rock, so the verdict hangs on a hair/);
    });
  }

  for (const type of ['asteroid-a', 'asteroid-c', 'station'] as const) {
    it(`a line along an edge of ${type} grazes; 0.01 mm further in obstructs; 0.01 mm out is clear`, () => {
      const e = supportingEdge(type);
      // the edge runs from vertex i down to vertex j on x = 500; the obstacle lies on its +x side
      const on = obstacleWithVertexAt('rock', type, e.rotation, e.i, 500, 420);
      const P = localOutline(type).placed(on.x, on.y, on.rotation);
      expect(Math.abs(P.x(e.i) - 500)).toBeLessThan(1e-9);
      expect(Math.abs(P.x(e.j) - 500)).toBeLessThan(1e-9);
      expect(P.y(e.j)).toBeLessThan(P.y(e.i));
      expect(P.y(e.j)).toBeGreaterThan(360); // the whole edge lies on the line of sight
      const r = judge(scene({ obstacles: [on] }), 'a.front', 'b.front');
      expect([r.los, r.grazing]).toEqual(['clear', ['rock']]);
      const inside = judge(scene({ obstacles: [{ ...on, x: on.x - 0.01 }] }), 'a.front', 'b.front');
      expect([inside.los, inside.obstructedBy]).toEqual(['obstructed', ['rock']]);
      const within = judge(
        scene({ obstacles: [{ ...on, x: on.x - TOLERANCE_MM * 0.8 }] }),
        'a.front',
        'b.front',
      );
      expect([within.los, within.grazing]).toEqual(['clear', ['rock']]);
      const out = judge(scene({ obstacles: [{ ...on, x: on.x + 0.01 }] }), 'a.front', 'b.front');
      expect([out.los, out.grazing, out.obstructedBy]).toEqual(['clear', [], []]);
      expect(out.why).toMatch(/misses rock by 0\.01 mm/);
    });
  }

  it('a near miss is clear and the why says by how much', () => {
    const i = extremeVertex('asteroid-a', 20, 'minX');
    const r = judge(
      scene({ obstacles: [obstacleWithVertexAt('rock', 'asteroid-a', 20, i, 500.4, 400)] }),
      'a.front',
      'b.front',
    );
    expect(r.los).toBe('clear');
    expect(r.why).toMatch(/misses rock by 0\.40 mm/);
  });

  it('a vertex pushed 0.5 mm across the line obstructs', () => {
    const i = extremeVertex('asteroid-a', 20, 'minX');
    const r = judge(
      scene({ obstacles: [obstacleWithVertexAt('rock', 'asteroid-a', 20, i, 499.5, 400)] }),
      'a.front',
      'b.front',
    );
    expect(r.los).toBe('obstructed');
  });

  it('every obstacle kind except dust obstructs (dust is tested in los-dust)', () => {
    for (const type of [
      'asteroid-a',
      'debris-a',
      'debris-b',
      'station',
      'exogorth-1',
      'gravity-rift',
      'purrgil-2',
    ] as const) {
      const r = judge(
        scene({ obstacles: [{ id: 'o', type, x: 500, y: 400, rotation: 0 }] }),
        'a.front',
        'b.front',
      );
      expect([type, r.los, r.obstructedBy]).toEqual([type, 'obstructed', ['o']]);
    }
  });
});

describe('ships that are neither attacker nor defender', () => {
  it('a third ship (either side) across the line obstructs', () => {
    for (const player of [1, 2] as const) {
      const r = judge(scene({ ships: [ship('c', player, 500, 400, 90)] }), 'a.front', 'b.front');
      expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['c']]);
    }
  });

  it('only its plastic base counts: a line through its shield-dial frame alone is clear', () => {
    // c's right base edge at x = 498; its right dial frame reaches 4 mm past it, across x = 500
    const c = ship('c', 1, 498 - 31.5, 400, 0);
    const w = new World(scene({ ships: [c] }));
    const cs = w.ships[2].shapes;
    expect(cs.base.maxX).toBeCloseTo(498, 9);
    expect(crossing(cs.footprint, 500, 360, 500, 440).kind).toBe('cross');
    const r = judge(scene({ ships: [c] }), 'a.front', 'b.front');
    expect([r.los, r.obstructedBy, r.grazing]).toEqual(['clear', [], []]);
  });

  it('a third ship whose base edge lies along the line grazes', () => {
    const r = judge(scene({ ships: [ship('c', 1, 500 - 31.5, 400, 0)] }), 'a.front', 'b.front');
    expect([r.los, r.grazing]).toEqual(['clear', ['c']]);
  });

  it('squadrons never obstruct', () => {
    const r = judge(
      scene({ squadrons: [squadron('q1', 1, 500, 400), squadron('q2', 2, 500, 380)] }),
      'a.front',
      'b.front',
    );
    expect([r.los, r.obstructedBy, r.grazing]).toEqual(['clear', [], []]);
  });
});

describe('blocked: another hull zone of the defender', () => {
  it('a.front -> b.rear runs through b.front: blocked; along the centreline it only touches b.left and b.right', () => {
    const r = judge(scene(), 'a.front', 'b.rear');
    expect(r.los).toBe('blocked');
    expect(r.blockedBy).toEqual(['b.front']);
    expect(r.grazing.sort()).toEqual(['b.left', 'b.right']);
    expect(r.why).toMatch(/blocked/);
    // crossing b.left or b.right as well would leave it blocked: no hair to hang on
    expect(r.why).toMatch(/which would not change the verdict/);
  });

  it('blocked outranks obstructed', () => {
    const r = judge(
      scene({ obstacles: [{ id: 'rock', type: 'asteroid-a', x: 500, y: 400, rotation: 0 }] }),
      'a.front',
      'b.rear',
    );
    expect(r.los).toBe('blocked');
    expect(r.obstructedBy).toEqual(['rock']);
  });

  it('the range line alone through another hull zone blocks; touching it does not', () => {
    const w = new World(scene());
    const ctx = attackContext(w);
    const att = ctx.byKey.get('a.front')!,
      def = ctx.byKey.get('b.left')!;
    const bs = w.ships[1].shapes;
    const los: [{ x: number; y: number }, { x: number; y: number }] = [
      bs.targetingPoints.left,
      { x: 700, y: 500.75 },
    ];
    // the line of sight leaves b.left sideways: clear of b's other zones
    for (const z of ['front', 'right', 'rear'] as const)
      expect(crossing(bs.hullZones[z], los[0].x, los[0].y, los[1].x, los[1].y).kind).toBe('clear');
    const front = bs.hullZones.front;
    const c = front.centroid();
    const through = judgeLos(ctx, att, def, los, [
      { x: c.x, y: 300 },
      { x: c.x, y: c.y + 1 },
    ]);
    expect(through.los).toBe('blocked');
    expect(through.blockedBy).toEqual(['b.front']);
    // a range line running along b.front's outer edge only touches it: not blocked, but grazing
    const along = judgeLos(ctx, att, def, los, [
      { x: 300, y: front.minY },
      { x: 700, y: front.minY },
    ]);
    expect(along.los).toBe('clear');
    expect(along.grazing).toEqual(['b.front']);
  });

  it("the attacker's own hull zones and base never block or obstruct", () => {
    const t = scene({ squadrons: [squadron('s', 2, 455, 420)] });
    const w = new World(t);
    const r = judge(t, 'a.left', 's');
    const as = w.ships[0].shapes;
    expect(
      crossing(as.hullZones.front, r.losLine[0][0], r.losLine[0][1], r.losLine[1][0], r.losLine[1][1]).kind,
    ).toBe('cross');
    expect(r.los).toBe('clear');
    expect(r.obstructedBy).toEqual([]);
  });
});

describe('visible portion: an obstacle a ship overlaps', () => {
  // a2 faces +x from (300, 500); b's right hull zone (b faces -y, so its right side is at x < 500)
  // is straight ahead. The line of sight enters b's plastic base at x = 468.5 and its cardboard
  // token at x = 470.75, and ends at b's right targeting point (480.45, 500.75).
  const A2 = ship('a2', 1, 300, 500, -90);
  const side = (entryX: number, ruleset: Table['ruleset']) => {
    const P = localOutline('asteroid-a').placed(0, 0, 90);
    const x = entryX + 32.732; // asteroid-a turned 90: along its local y = 0 it starts 32.73 mm left of its centroid
    void P;
    return table({
      ships: [A2, B],
      obstacles: [{ id: 'rock', type: 'asteroid-a', x, y: 500.4, rotation: 90 }],
      ruleset,
    });
  };
  const entry = (t: Table) => {
    const w = new World(t);
    const r = judge(t, 'a2.front', 'b.right');
    const [[px, py], [qx, qy]] = r.losLine;
    const o = w.obstacles[0].outline;
    // where the line first enters the obstacle (construction check)
    let lo = 0,
      hi = 1;
    for (let k = 0; k < 60; k++) {
      const m = (lo + hi) / 2;
      const c = crossing(o, px, py, px + (qx - px) * m, py + (qy - py) * m);
      if (c.kind === 'cross' || c.kind === 'graze') hi = m;
      else lo = m;
    }
    return { r, x: px + (qx - px) * hi, w };
  };

  it('(1.6) the line crosses the obstacle only under the defender: not obstructed with the plastic base as cover', () => {
    const t = side(469.6, '1.6');
    const { r, x, w } = entry(t);
    expect(x).toBeGreaterThan(468.5 + 0.5); // enters the obstacle inside the base rim ...
    expect(x).toBeLessThan(470.75 - 0.5); // ... but outside the cardboard token
    expect(relate(w.ships[1].shapes.base, w.obstacles[0].outline).kind).toBe('overlap');
    expect([r.los, r.obstructedBy]).toEqual(['clear', []]);
    expect(r.why).toMatch(/plastic base covers it/);
    // with the cardboard token as the covering outline, the rim part is visible: obstructed
    const tok = judge(t, 'a2.front', 'b.right', { cover: 'token' });
    expect([tok.los, tok.obstructedBy]).toEqual(['obstructed', ['rock']]);
    // the same choice made in the table file (readings.cover), as the app and the CLI make it
    const viaFile = judge(
      validateTable(JSON.parse(JSON.stringify({ ...t, readings: { cover: 'token' } }))),
      'a2.front',
      'b.right',
    );
    expect([viaFile.los, viaFile.obstructedBy, viaFile.coverOutline]).toEqual([
      'obstructed',
      ['rock'],
      tok.coverOutline,
    ]);
    expect(tok.coverOutline).not.toBe(r.coverOutline);
  });

  it('(1.6) part of the crossing outside the base is visible: obstructed', () => {
    const { r, x } = entry(side(460, '1.6'));
    expect(x).toBeLessThan(468.5 - 1);
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['rock']]);
  });

  it("(seed, rules 1.5) the line passes through b's right shield dial, which overlaps the obstacle: obstructed", () => {
    const t = side(469.6, 'seed');
    const w = new World(t);
    expect(relate(w.ships[1].shapes.dials.right, w.obstacles[0].outline).kind).toBe('overlap');
    const r = judge(t, 'a2.front', 'b.right');
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['rock']]);
    expect(r.why).toMatch(/shield dial/);
  });

  it("(seed) a line through the attacker's own shield dial, which overlaps an obstacle, is obstructed even when it misses the obstacle; 1.6 drops this", () => {
    // asteroid-a's leftmost vertex 3 mm right of the line, at the height of a's front dial
    const i = extremeVertex('asteroid-a', 0, 'minX');
    const o = obstacleWithVertexAt('rock', 'asteroid-a', 0, i, 503, 352);
    const seed = scene({ obstacles: [o] });
    const w = new World(seed);
    expect(relate(w.ships[0].shapes.dials.front, w.obstacles[0].outline).kind).toBe('overlap');
    expect(crossing(w.obstacles[0].outline, 500, 339.35, 500, 460.65).kind).toBe('clear');
    const r = judge(seed, 'a.front', 'b.front');
    expect([r.los, r.obstructedBy]).toEqual(['obstructed', ['rock']]);
    const later = judge(scene({ obstacles: [o], ruleset: '1.6' }), 'a.front', 'b.front');
    expect([later.los, later.obstructedBy]).toEqual(['clear', []]);
  });
});

describe('touching pieces get no exemption', () => {
  it('an obstacle under the line between two ships whose dial frames touch still obstructs (the gap between the bases is visible)', () => {
    // a's front base edge at y = 351, its frame to 355; b (facing -y) has its front frame from 355
    // and its base from 359. An asteroid centred at (500, 355) lies under both bases and the gap.
    for (const ruleset of ['seed', '1.6'] as const) {
      const Bt = ship('b', 2, 500, 359 + 51, 180);
      const t = table({
        ships: [A, Bt],
        obstacles: [{ id: 'rock', type: 'asteroid-a', x: 500, y: 355, rotation: 90 }],
        ruleset,
      });
      const w = new World(t);
      expect(relate(w.ships[0].shapes.footprint, w.ships[1].shapes.footprint).kind).toBe('touch');
      expect(relate(w.ships[0].shapes.base, w.obstacles[0].outline).kind).toBe('overlap');
      expect(relate(w.ships[1].shapes.base, w.obstacles[0].outline).kind).toBe('overlap');
      const r = judge(t, 'a.front', 'b.front');
      expect([ruleset, r.los, r.obstructedBy]).toEqual([ruleset, 'obstructed', ['rock']]);
    }
  });
});
