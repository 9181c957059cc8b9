/**
 * The ruling card weighs every margin that could flip its verdict, each built into a table so that the margin
 * is known: the line of sight's own clearance of a dust field it counts only through the 1.5 shield-dial rule,
 * the shield dial's estimated inset (how far it reaches in from the base's edge) a dial-rule verdict rests on,
 * and a range exactly at a band's end.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, type Catalog } from '../../../src/model/catalog';
import type { Table } from '../../../src/model/table';
import { polygonSegmentClosest } from '../../../src/geometry/clip';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { disputeOf } from '../../../src/rules/attacks/dispute';
import type { PieceOnLine } from '../../../src/rules/attacks/los';
import { World } from '../../../src/rules/world';

/** An Imperial (player 1) facing a Victory (player 2) 260 mm down the table, with one obstacle. */
const facing = (obstacle: { id: string; type: string; x: number; y: number; rotation: number }) =>
  ({
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 900, y: 200, rotation: 0, speed: 2 },
      { id: 'vsd', size: 'medium', class: 'victory', player: 2, x: 900, y: 460, rotation: 180, speed: 2 },
    ],
    squadrons: [],
    obstacles: [obstacle],
    tokens: [],
    proposals: [],
  }) as unknown as Table;

const front = (t: Table, cat: Catalog = CATALOG) => {
  const w = new World(t, cat);
  const a = analyzeWorld(w).attacks.find((x) => x.attacker === 'isd.front' && x.defender === 'vsd.front')!;
  return { w, a, lines: a.lines as PieceOnLine[] };
};

describe('a dust field counted only through the 1.5 shield-dial rule', () => {
  /**
   * The dust field on the Victory's front dial, moved across so that the line of sight (x = 900) misses the
   * field itself by `gap` mm: its clearance found on the built table and the field moved by the difference.
   */
  function dustAt(gap: number, at = { x: 881.56, y: 358.56 }) {
    const dust = { id: 'dust', type: 'dust-1', ...at, rotation: 0 };
    const t = facing(dust);
    const { a } = front(t);
    const w = new World(t, CATALOG);
    const [[px, py], [qx, qy]] = a.losLine!;
    const now = polygonSegmentClosest(w.obstacles[0].outline, { x: px, y: py }, { x: qx, y: qy }).distance;
    dust.x += (Math.sign(dust.x - 900) || 1) * (gap - now);
    return front(t);
  }

  it('a line 0.10 mm clear of the field: too close to call, the field itself weighed beside the dial', () => {
    const { w, a, lines } = dustAt(0.1);
    expect(a.los).toBe('obstructed');
    const e = lines.find((l) => l.piece === 'dust')!;
    expect(e.clearanceMm).toBeCloseTo(0.1, 9);
    // the entry says the line itself misses the field: it counts through the dial rule only
    expect(e.verdict).toBe('cross');
    expect(e.dialRule).toBeDefined();
    expect(e.lineMeets).toBe('near');
    const d = disputeOf(w, a, 1);
    expect(d.closeCall).toBe(true);
    expect(d.closeText).toMatch(
      /^Too close to call on the table: 0\.10 mm \(the line of sight misses dust by/,
    );
    expect(d.closeText).toContain('0.10 mm nearer and it would cross dust');
    const m = d.margins.find((x) => x.piece === 'dust' && x.text.includes('misses dust'))!;
    expect(m.close).toBe(true);
    // and the flip is real: 0.2 mm nearer the line crosses the field, and the attack cannot be made
    const nearer = dustAt(-0.1);
    expect(nearer.a.los).toBe('dust');
  });

  it('a line 3 mm clear of the field, the dial well on it: nothing within the placement precision', () => {
    // the field's long side beside the line, on the other side, across the dial's reach (x 891.5 to 908.5)
    const { w, a, lines } = dustAt(3, { x: 925, y: 430 });
    expect(a.los).toBe('obstructed');
    // farther than NEAR_MM (1 mm) from the line: the entry says the line is clear of the field
    expect(lines.find((l) => l.piece === 'dust')!.lineMeets).toBe('clear');
    const d = disputeOf(w, a, 1);
    expect(d.margins.filter((x) => x.piece === 'dust').every((x) => !x.close)).toBe(true);
    // the dial's own margin (its depth on the field, the line's in it) is more than twice the precision
    expect(d.margins.find((x) => x.piece === 'dust' && x.text.includes('shield dial'))!.mm).toBeGreaterThan(
      2,
    );
    expect(d.closeCall).toBe(false);
  });

  it('an ordinary obstacle missed by the line but counted by the dial: its clearance decides nothing', () => {
    const t = facing({ id: 'rock', type: 'asteroid-a', x: 900, y: 425, rotation: 90 });
    const { lines } = front(t);
    // the rock lies under the Victory's base: the line crosses it only where the base covers it
    expect(lines.find((l) => l.piece === 'rock')!.lineMeets).toBe('covered');
  });
});

describe("a dial-rule verdict resting on the shield dial's estimated inset", () => {
  const frontEdge = 460 - CATALOG.shipSizes.medium.base.length / 2; // the Victory's front base edge, y
  const half = CATALOG.shipSizes.medium.dialFrame.width / 2;

  /** The rock under the Victory's front, its nearest point to the front edge `k` mm in from it (inside the base). */
  function rockAt(k: number, cat: Catalog = CATALOG) {
    const rock = { id: 'rock', type: 'asteroid-a', x: 900, y: 425, rotation: 90 };
    const w = new World(facing(rock), cat);
    const O = w.obstacles[0].outline;
    // the least y of the outline inside the dial's strip x in [900 - half, 900 + half]: vertices and edge ends
    let least = Infinity;
    const n = O.n,
      xy = O.xy;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const [ax, ay, bx, by] = [xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1]];
      if (ax >= 900 - half && ax <= 900 + half) least = Math.min(least, ay);
      for (const x of [900 - half, 900 + half])
        if ((ax - x) * (bx - x) < 0) least = Math.min(least, ay + ((by - ay) * (x - ax)) / (bx - ax));
    }
    rock.y += frontEdge + k - least;
    return front(facing(rock), cat);
  }
  const withInset = (inset: number): Catalog => ({
    ...CATALOG,
    shipSizes: Object.fromEntries(
      Object.entries(CATALOG.shipSizes).map(([s, v]) => [s, { ...v, dialFrame: { ...v.dialFrame, inset } }]),
    ) as Catalog['shipSizes'],
  });

  it('flips within the spread: the card says it rests on the estimate, and it is a close call', () => {
    const k = 1.7;
    const { w, a } = rockAt(k);
    expect(a.los).toBe('obstructed');
    // an independent check of the construction: with the dial reaching a hair less than k in, it is clear
    expect(rockAt(k, withInset(k - 0.01)).a.los).toBe('clear');
    expect(rockAt(k, withInset(k + 0.01)).a.los).toBe('obstructed');
    const d = disputeOf(w, a, 1);
    const m = d.margins.find((x) => x.text.startsWith('rests on an estimate'))!;
    expect(m).toBeDefined();
    expect(m.close).toBe(true);
    // the least inset that keeps the dial on the rock: k, and the one tolerance (touching is not overlapping)
    const least = CATALOG.shipSizes.medium.dialFrame.inset - m.mm;
    expect(least).toBeGreaterThan(k);
    expect(least).toBeLessThan(k + 0.0051);
    expect(rockAt(k, withInset(least - 0.001)).a.los).toBe('clear');
    expect(rockAt(k, withInset(least + 0.001)).a.los).toBe('obstructed');
    expect(m.text).toContain(`${least.toFixed(2)} mm is the least that keeps it on rock`);
    expect(m.text).toContain('a guess');
    expect(d.closeCall).toBe(true);
    expect(d.restsOn).toContain('The verdict rests on an estimate');
    expect(d.restsOn).toContain(`with less than ${least.toFixed(2)} mm`);
  });

  it("a dial on the obstacle by its part outside the base: the inset's spread cannot flip it", () => {
    // an asteroid beside the line (3 mm clear of x = 900) under the dial's outer part, outside the base
    const rock = { id: 'rock', type: 'asteroid-a', x: 900, y: frontEdge - 2, rotation: 0 };
    const w0 = new World(facing(rock), CATALOG);
    rock.x += 903 - w0.obstacles[0].outline.minX;
    const { w, a } = front(facing(rock));
    expect(a.los).toBe('obstructed');
    expect(front(facing(rock), withInset(0)).a.los).toBe('obstructed');
    const d = disputeOf(w, a, 1);
    expect(d.margins.some((x) => x.text.startsWith('rests on an estimate'))).toBe(false);
    expect(d.restsOn).toBeUndefined();
    expect(d.closeCall).toBe(false);
  });
});

describe('a range exactly at the end of a band', () => {
  it('says "the least bit farther", not "0.00 mm farther"', () => {
    const t = facing({ id: 'rock', type: 'asteroid-a', x: 600, y: 600, rotation: 0 });
    const close = CATALOG.ruler.range[0];
    const first = attackBetween(new World(t, CATALOG), 'isd.front', 'vsd.front');
    t.ships[1].y += close.end - first.rangeMm!;
    const w = new World(t, CATALOG);
    const a = attackBetween(w, 'isd.front', 'vsd.front');
    expect(a.range).toBe('close');
    expect(Math.abs(a.rangeMm! - close.end)).toBeLessThan(1e-9);
    const d = disputeOf(w, a, 1);
    const m = d.margins.find((x) => x.topic === 'range' && x.decides)!;
    expect(m.flip).toBe('the least bit farther and it would be past the end of close range');
    expect(d.closeText).toContain('the least bit farther');
    expect(d.closeText).not.toContain('0.00 mm farther');
  });
});
