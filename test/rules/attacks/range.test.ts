/**
 * Firing arc, attack range and the line-of-sight end points, built so each answer is known by
 * construction. Band lengths and sizes are read from the catalog, never written here.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/model/catalog';
import { attacks, attacksFrom } from '../../../src/rules/attacks/attacks';
import { World } from '../../../src/rules/world';
import { judge, ship, squadron, table } from '../../support/attacks';

const r = CATALOG.squadron.diameter / 2;
const tokenHalf = CATALOG.shipSizes.medium.token.length / 2;
const [close, medium, long] = CATALOG.ruler.range;
const d1 = CATALOG.ruler.distance[0];
const A = ship('a', 1, 500, 300, 0); // a's front token edge at y = 300 + tokenHalf
const front = 300 + tokenHalf;

describe('attack range from a hull zone', () => {
  it('a squadron straight ahead: from the token edge to the base edge', () => {
    const t = table({ ships: [A], squadrons: [squadron('s', 2, 500, front + 80 + r)] });
    const a = judge(t, 'a.front', 's');
    expect(a.inArc).toBe(true);
    expect(a.rangeMm).toBeCloseTo(80, 9);
    expect(a.range).toBe('close');
    expect(a.rangeLine![1][1]).toBeCloseTo(front + 80, 9);
  });

  it('a length on a band end line belongs to that band; 0.01 mm past it to the next', () => {
    for (const [band, next] of [
      [close, 'medium'],
      [medium, 'long'],
      [long, 'beyond'],
    ] as const) {
      const on = judge(
        table({ ships: [A], squadrons: [squadron('s', 2, 500, front + band.end + r)] }),
        'a.front',
        's',
      );
      expect([on.range, on.rangeMm]).toEqual([band.name, expect.closeTo(band.end, 9)]);
      const past = judge(
        table({ ships: [A], squadrons: [squadron('s', 2, 500, front + band.end + 0.01 + r)] }),
        'a.front',
        's',
      );
      expect(past.range).toBe(next);
    }
  });

  it('the why says how near a band edge the range is', () => {
    const a = judge(
      table({ ships: [A], squadrons: [squadron('s', 2, 500, front + close.end - 0.3 + r)] }),
      'a.front',
      's',
    );
    expect(a.why).toMatch(/0\.30 mm from a band edge/);
  });

  it('a defender wholly outside the arc is still measured, to the whole defender, and said so', () => {
    const a = judge(
      table({ ships: [A], squadrons: [squadron('s', 2, 500, 300 - tokenHalf - 50 - r)] }),
      'a.front',
      's',
    );
    expect(a.inArc).toBe(false);
    expect(a.arcGapMm).toBeGreaterThan(0);
    // the front hull zone's nearest point to something straight behind is where its arc lines meet
    const fc = new World(table({ ships: [A] })).ships[0].shapes.arcLines.frontLeft[0];
    expect(a.rangeMm).toBeCloseTo(fc.y - (300 - tokenHalf - 50), 9);
    expect(a.rangeMeasuredTo).toMatch(/outside the arc/);
    expect(a.why).toMatch(/outside a\.front's firing arc/);
  });

  it('a squadron touching the extended arc line is in arc (the line has width); 0.01 mm off it is not', () => {
    const w = new World(table({ ships: [A] }));
    const [fc, fl] = w.ships[0].shapes.arcLines.frontLeft;
    const ux = (fl.x - fc.x) / Math.hypot(fl.x - fc.x, fl.y - fc.y),
      uy = (fl.y - fc.y) / Math.hypot(fl.x - fc.x, fl.y - fc.y);
    // outward normal of the front arc across its left line: away from the front arc's inside
    const nx = -uy,
      ny = ux;
    const p = { x: fc.x + ux * 150, y: fc.y + uy * 150 };
    const inside = w.ships[0].shapes.arcs.front.polygon;
    expect(inside.contains(p.x - nx * 1, p.y - ny * 1)).toBe(true);
    const at = (off: number) =>
      judge(
        table({ ships: [A], squadrons: [squadron('s', 2, p.x + nx * (r + off), p.y + ny * (r + off))] }),
        'a.front',
        's',
      );
    const touch = at(0);
    expect(touch.inArc).toBe(true);
    expect(touch.why).toMatch(/touches a\.front's arc line/);
    // range to the contact point, which lies on the arc line 150 mm from where the lines meet; a
    // rounding-sized overlap (1e-10 mm) of a tangent disc leaves a chord some sqrt(2 r 1e-10) long
    expect(Math.hypot(touch.rangeLine![1][0] - p.x, touch.rangeLine![1][1] - p.y)).toBeLessThan(1e-3);
    expect(at(0.01).inArc).toBe(false);
    expect(at(-0.01).inArc).toBe(true);
  });

  it('ignores the part of the defender outside the arc, even when it is closer (checked by brute force)', () => {
    const w = new World(table({ ships: [A] }));
    const sh = w.ships[0].shapes;
    const [fc, fl] = sh.arcLines.frontLeft;
    const L = Math.hypot(fl.x - fc.x, fl.y - fc.y);
    const ux = (fl.x - fc.x) / L,
      uy = (fl.y - fc.y) / L;
    const nx = -uy,
      ny = ux; // out of the front arc
    // a squadron mostly outside the front arc, reaching 3 mm across its left arc line
    const c = { x: fc.x + ux * 60 + nx * (r - 3), y: fc.y + uy * 60 + ny * (r - 3) };
    const a = judge(table({ ships: [A], squadrons: [squadron('s', 2, c.x, c.y)] }), 'a.front', 's');
    expect(a.inArc).toBe(true);
    const Z = sh.hullZones.front,
      arc = sh.arcs.front.polygon;
    const distToZ = (x: number, y: number) =>
      Z.locate(x, y) === 'outside' ? Z.closestBoundaryPoint(x, y).d : 0;
    let inArcMin = Infinity,
      wholeMin = Infinity;
    const step = 0.02;
    for (let x = c.x - r; x <= c.x + r; x += step) {
      for (let y = c.y - r; y <= c.y + r; y += step) {
        if (Math.hypot(x - c.x, y - c.y) > r) continue;
        const d = distToZ(x, y);
        if (d < wholeMin) wholeMin = d;
        if (arc.locate(x, y) !== 'outside' && d < inArcMin) inArcMin = d;
      }
    }
    expect(a.rangeMm!).toBeLessThanOrEqual(inArcMin + 1e-9);
    expect(a.rangeMm!).toBeGreaterThan(inArcMin - 0.05);
    expect(a.rangeMm!).toBeGreaterThan(wholeMin + 0.5);
    const [, end] = a.rangeLine!;
    expect(arc.locate(end[0], end[1])).not.toBe('outside');
    expect(Math.hypot(end[0] - c.x, end[1] - c.y)).toBeLessThanOrEqual(r + 1e-9);
  });
});

describe('squadron attackers', () => {
  it('360 degree arc; distance 1 or beyond, on the catalog distance-1 line', () => {
    const mk = (gap: number) =>
      table({ squadrons: [squadron('q', 1, 500, 300), squadron('s', 2, 500, 300 + 2 * r + gap)] });
    const on = judge(mk(d1.end), 'q', 's');
    expect([on.inArc, on.range]).toEqual([true, 'distance-1']);
    expect(on.rangeMm).toBeCloseTo(d1.end, 9);
    expect(judge(mk(d1.end + 0.01), 'q', 's').range).toBe('beyond');
    const behind = judge(
      table({ squadrons: [squadron('q', 1, 500, 300)], ships: [ship('b', 2, 500, 200, 0)] }),
      'q',
      'b.rear',
    );
    expect(behind.inArc).toBe(true);
  });

  it('to a hull zone: squadron base to the cardboard hull zone', () => {
    // b faces -y at (500, 500); its front token edge at y = 500 - tokenHalf
    const t = table({
      ships: [ship('b', 2, 500, 500, 180)],
      squadrons: [squadron('q', 1, 500, 500 - tokenHalf - 30 - r)],
    });
    const a = judge(t, 'q', 'b.front');
    expect(a.rangeMm).toBeCloseTo(30, 9);
    expect(a.range).toBe('distance-1');
  });
});

describe('line-of-sight end points', () => {
  const t = (ruleset: 'seed' | '1.6') =>
    table({
      ruleset,
      ships: [A, ship('b', 2, 500, 500, 180)],
      squadrons: [squadron('q', 1, 500, 400), squadron('s', 2, 500, 420 + 2 * r)],
    });

  it('hull zones: targeting point to targeting point', () => {
    const w = new World(t('seed'));
    const a = judge(t('seed'), 'a.front', 'b.front');
    expect(a.losLine[0]).toEqual([
      w.ships[0].shapes.targetingPoints.front.x,
      w.ships[0].shapes.targetingPoints.front.y,
    ]);
    expect(a.losLine[1]).toEqual([
      w.ships[1].shapes.targetingPoints.front.x,
      w.ships[1].shapes.targetingPoints.front.y,
    ]);
  });

  it("seed (rules 1.5): a squadron's end is the point of its base closest to the opposing hull zone or squadron", () => {
    const toZone = judge(t('seed'), 'q', 'b.front');
    expect(toZone.losLine[0][0]).toBeCloseTo(500, 9);
    expect(toZone.losLine[0][1]).toBeCloseTo(400 + r, 9);
    const fromZone = judge(t('seed'), 'a.front', 's');
    expect(fromZone.losLine[1][1]).toBeCloseTo(420 + r, 9);
    const sq = judge(t('seed'), 'q', 's');
    expect(sq.losLine[0][1]).toBeCloseTo(400 + r, 9);
    expect(sq.losLine[1][1]).toBeCloseTo(420 + r, 9);
  });

  it("1.6: a squadron's end is the centre of its base", () => {
    const sq = judge(t('1.6'), 'q', 's');
    expect(sq.losLine).toEqual([
      [500, 400],
      [500, 420 + 2 * r],
    ]);
  });
});

describe('report order and keys', () => {
  it('attackers in table order, zones front, left, right, rear, then squadrons; only enemies defend', () => {
    const tt = table({
      ships: [A, ship('b', 2, 500, 600, 180), ship('c', 1, 700, 300, 0)],
      squadrons: [squadron('q', 1, 400, 400), squadron('s', 2, 600, 400)],
    });
    const all = attacks(new World(tt));
    const attackers = all.map((x) => x.attacker).filter((v, i, arr) => arr.indexOf(v) === i);
    expect(attackers).toEqual([
      'a.front',
      'a.left',
      'a.right',
      'a.rear',
      'b.front',
      'b.left',
      'b.right',
      'b.rear',
      'c.front',
      'c.left',
      'c.right',
      'c.rear',
      'q',
      's',
    ]);
    expect(all.filter((x) => x.attacker === 'a.front').map((x) => x.defender)).toEqual([
      'b.front',
      'b.left',
      'b.right',
      'b.rear',
      's',
    ]);
    expect(all.filter((x) => x.attacker === 's').map((x) => x.defender)).toEqual([
      'a.front',
      'a.left',
      'a.right',
      'a.rear',
      'c.front',
      'c.left',
      'c.right',
      'c.rear',
      'q',
    ]);
    expect(attacksFrom(new World(tt), 'q')).toEqual(all.filter((x) => x.attacker === 'q'));
    expect(() => attacksFrom(new World(tt), 'nope')).toThrow(/no attacker/);
  });
});

describe('how far into the arc', () => {
  it('a squadron reaching 0.5 mm past an arc line is in arc, and the why says by how little', () => {
    const w = new World(table({ ships: [A] }));
    const [fc, fl] = w.ships[0].shapes.arcLines.frontLeft;
    const L = Math.hypot(fl.x - fc.x, fl.y - fc.y);
    const ux = (fl.x - fc.x) / L,
      uy = (fl.y - fc.y) / L;
    const nx = -uy,
      ny = ux; // out of the front arc
    const c = { x: fc.x + ux * 150 + nx * (r - 0.5), y: fc.y + uy * 150 + ny * (r - 0.5) };
    const a = judge(table({ ships: [A], squadrons: [squadron('s', 2, c.x, c.y)] }), 'a.front', 's');
    expect(a.inArc).toBe(true);
    expect(a.arcDepthMm).toBeCloseTo(0.5, 9);
    expect(a.why).toMatch(/only 0\.50 mm past an arc line/);
    const deep = judge(table({ ships: [A], squadrons: [squadron('s', 2, 500, 450)] }), 'a.front', 's');
    expect(deep.why).not.toMatch(/past an arc line/);
  });
});

describe('why texts for squadron attackers', () => {
  it('a squadron measures to the defender, with no arc to speak of', () => {
    const t = table({ squadrons: [squadron('q', 1, 500, 300), squadron('s', 2, 500, 300 + 2 * r + 20)] });
    const a = judge(t, 'q', 's');
    expect(a.why).toMatch(/at distance 1: 20\.00 mm from the squadron base to the defender\./);
    expect(a.why).not.toMatch(/outside the arc/);
  });
});
