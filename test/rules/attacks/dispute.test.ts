import { describe, expect, it } from 'vitest';
import { tournamentTable } from '../../../scripts/bench/tables';
import { CATALOG } from '../../../src/model/catalog';
import type { AttackReport } from '../../../src/model/report';
import type { Table } from '../../../src/model/table';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { attackBetween } from '../../../src/rules/attacks/attacks';
import { disputeKind, disputeOf, headlineOf } from '../../../src/rules/attacks/dispute';
import type { PieceOnLine } from '../../../src/rules/attacks/los';
import { World } from '../../../src/rules/world';
import { namer } from '../../../src/model/names';
import { depthByClipper } from '../../geometry/depth-by-clipper';

/** Every id a headline could name: pieces and hull zones of the table. */
const allIds = (t: Table) =>
  new Set([
    ...t.ships.flatMap((s) => [s.id, `${s.id}.front`, `${s.id}.left`, `${s.id}.right`, `${s.id}.rear`]),
    ...t.squadrons.map((s) => s.id),
    ...t.obstacles.map((o) => o.id),
    ...t.tokens.map((o) => o.id),
  ]);
const idsIn = (text: string, known: Set<string>) =>
  (text.match(/[A-Za-z0-9_-]+(?:\.(?:front|left|right|rear))?/g) ?? []).filter((w) => known.has(w));
const listed = (a: AttackReport) =>
  new Set([
    a.attacker,
    a.defender,
    ...a.obstructedBy,
    ...((a.blockedBy as string[]) ?? []),
    ...((a.dustBy as string[]) ?? []),
  ]);

describe('the dispute headline', () => {
  const table = tournamentTable(1);
  const world = new World(table, CATALOG);
  const report = analyzeWorld(world);
  const known = allIds(table);

  it('for every attack of the tournament table, names only pieces the attack lists, and every piece that decides it', () => {
    const kinds = new Map<string, number>();
    expect(report.attacks.length).toBeGreaterThan(2000);
    for (const a of report.attacks) {
      const d = disputeOf(world, a, 1);
      kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
      const own = listed(a);
      for (const id of idsIn(d.headline, known))
        expect(own, `${a.attacker}->${a.defender}: "${d.headline}" names ${id}`).toContain(id);
      for (const id of d.named) expect(own).toContain(id);
      // the headline names each piece its verdict rests on
      const needs =
        d.kind === 'blocked'
          ? (a.blockedBy as string[])
          : d.kind === 'dust'
            ? (a.dustBy as string[])
            : d.kind === 'obstructed'
              ? a.obstructedBy
              : [];
      for (const id of needs ?? []) expect(idsIn(d.headline, known)).toContain(id);
      expect(d.headline.startsWith('No attack')).toBe(!d.canAttack);
      expect(d.canAttack).toBe(
        a.inArc && a.range !== 'beyond' && (a.los === 'clear' || a.los === 'obstructed'),
      );
    }
    // the table holds every kind the card must explain but dust (checked on its own below)
    for (const k of ['clear', 'obstructed', 'blocked', 'out-of-arc', 'out-of-range'])
      expect(kinds.get(k) ?? 0, k).toBeGreaterThan(0);
  });

  it('a headline follows blockedBy even when the why mentions other hull zones', () => {
    const a = {
      attacker: 'isd.front',
      defender: 'mc80.left',
      inArc: true,
      range: 'medium',
      rangeMm: 150,
      rangeLine: null,
      los: 'blocked',
      losLine: [
        [0, 0],
        [1, 1],
      ],
      obstructedBy: ['rock1'],
      grazing: [],
      why: 'mc80.rear and mc80.front',
      blockedBy: ['mc80.front'],
    } as AttackReport;
    expect(headlineOf(a).headline).toBe(
      'No attack: isd.front to mc80.left is blocked by mc80.front, another hull zone of the defender; choose another target.',
    );
    expect(disputeKind({ ...a, inArc: false })).toBe('out-of-arc');
    expect(disputeKind({ ...a, range: 'beyond' })).toBe('out-of-range');
  });

  it('a ship attacker across a dust field: the headline names the field', () => {
    const t: Table = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships: [
        { id: 'isd', player: 1, size: 'large', x: 900, y: 200, rotation: 0, speed: 2 },
        { id: 'cr90', player: 2, size: 'small', x: 900, y: 560, rotation: 180, speed: 2 },
      ],
      squadrons: [],
      obstacles: [{ id: 'dust1', type: 'dust-1', x: 900, y: 380, rotation: 0 }],
      tokens: [],
      proposals: [],
    } as unknown as Table;
    const w = new World(t, CATALOG);
    const a = attackBetween(w, 'isd.front', 'cr90.front');
    const d = disputeOf(w, a);
    expect(a.los).toBe('dust');
    expect(d.kind).toBe('dust');
    expect(d.headline).toContain('dust1');
    expect(d.canAttack).toBe(false);
  });
});

describe('close calls', () => {
  /** Two squadrons 100 mm apart along y = 300 and, between them and clear of both, a ship whose base edge lies `gap` mm above that line. */
  function nearMiss(gap: number) {
    const t = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships: [{ id: 'wall', player: 1, size: 'small', x: 900, y: 400, rotation: 0, speed: 2 }],
      squadrons: [
        { id: 'tie', player: 1, x: 850, y: 300 },
        { id: 'xw', player: 2, x: 950, y: 300 },
      ],
      obstacles: [],
      tokens: [],
      proposals: [],
    } as unknown as Table;
    const base = new World(t, CATALOG).ships[0].shapes.base;
    t.ships[0].y = 400 - (base.minY - 300) + gap;
    const w = new World(t, CATALOG);
    return { w, a: attackBetween(w, 'tie', 'xw') };
  }

  it('a 0.2 mm near miss is a clear line of sight and a close call; a 5 mm miss is not', () => {
    const near = nearMiss(0.2);
    expect(near.a.los).toBe('clear');
    expect((analyzeWorld(near.w).collisions as unknown[] | undefined) ?? []).toEqual([]); // a table one could set up
    const d = disputeOf(near.w, near.a, 1);
    expect(d.kind).toBe('clear');
    expect(d.closeCall).toBe(true);
    expect(d.closeText).toMatch(/^Too close to call on the table: 0\.20 mm/);
    expect(d.closeText).toContain('wall');
    expect(d.loupes.some((l) => l.topic === 'los' && Math.abs(l.at[1] - 300.1) < 0.2)).toBe(true);
    // with a finer hand (0.1 mm precision) it is no longer a close call
    expect(disputeOf(near.w, near.a, 0.1).closeCall).toBe(false);
    const far = nearMiss(5);
    expect(far.a.los).toBe('clear');
    expect(disputeOf(far.w, far.a, 1).closeCall).toBe(false);
  });

  it('a line touching a piece (0.00 mm) says any nearer crosses it, not "0.00 mm nearer"', () => {
    const { w, a } = nearMiss(0);
    const m = disputeOf(w, a, 1).margins.find((x) => x.topic === 'los' && x.piece === 'wall')!;
    expect(m.text).toContain('grazes wall (0.00 mm');
    expect(m.flip).toBe('the least bit nearer and it would cross wall');
    const near = nearMiss(0.2);
    const flip = disputeOf(near.w, near.a, 1).margins.find((x) => x.piece === 'wall')!.flip;
    expect(flip).toBe('0.20 mm nearer and it would cross wall');
  });

  it('a range within the measured spread of a band end is a close call', () => {
    const t = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships: [],
      squadrons: [
        { id: 'tie', player: 1, x: 500, y: 300 },
        { id: 'xw', player: 2, x: 500, y: 300 },
      ],
      obstacles: [],
      tokens: [],
      proposals: [],
    } as unknown as Table;
    const r = CATALOG.squadron.diameter / 2;
    const d1 = CATALOG.ruler.distance[0];
    const at = (mm: number) => {
      t.squadrons[1].y = 300 + 2 * r + mm;
      const w = new World(t, CATALOG);
      return disputeOf(w, attackBetween(w, 'tie', 'xw'), 1);
    };
    // inside the spread but more than the precision from the catalog's end: close by the spread
    const inSpread = at(d1.spread![0] + 0.5);
    expect(inSpread.closeCall).toBe(true);
    expect(inSpread.margins.find((m) => m.close)?.text).toContain('within the measured spread');
    expect(at(d1.spread![0] - 10).closeCall).toBe(false);
  });

  it("the range loupe gives the range, then how far short of the band's end, with the end's own length", () => {
    // an Imperial's front at a CR90 0.3 mm short of the end of long range (the band end at its catalog length)
    const t = {
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships: [
        { id: 'isd', player: 1, size: 'large', class: 'imperial', x: 900, y: 150, rotation: 0, speed: 2 },
        { id: 'cr90', player: 2, size: 'small', class: 'cr90', x: 900, y: 600, rotation: 180, speed: 2 },
      ],
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
    } as unknown as Table;
    const long = CATALOG.ruler.range[2];
    const first = attackBetween(new World(t, CATALOG), 'isd.front', 'cr90.front');
    t.ships[1].y += long.end - 0.3 - first.rangeMm!;
    const w = new World(t, CATALOG);
    const a = attackBetween(w, 'isd.front', 'cr90.front');
    expect(a.rangeMm).toBeCloseTo(long.end - 0.3, 6);
    const loupe = disputeOf(w, a, 1).loupes.find((l) => l.topic === 'range');
    expect(loupe?.label).toBe(
      `range ${(long.end - 0.3).toFixed(2)} mm: 0.30 mm short of the long-range end (${long.end.toFixed(2)} mm)`,
    );
    // 0.3 mm past it: said past; a squadron's distance 0.3 mm past distance 1 is a distance, not a range
    t.ships[1].y += 0.6;
    const w2 = new World(t, CATALOG);
    const b = attackBetween(w2, 'isd.front', 'cr90.front');
    expect(b.rangeMm).toBeCloseTo(long.end + 0.3, 6);
    expect(disputeOf(w2, b, 1).loupes.find((l) => l.topic === 'range')?.label).toBe(
      `range ${(long.end + 0.3).toFixed(2)} mm: 0.30 mm past the long-range end (${long.end.toFixed(2)} mm)`,
    );
    const d1 = CATALOG.ruler.distance[0];
    const r = CATALOG.squadron.diameter / 2;
    const sq = {
      ...t,
      ships: [],
      squadrons: [
        { id: 'tie', player: 1, x: 900, y: 300 },
        { id: 'xw', player: 2, x: 900, y: 300 + 2 * r + d1.end + 0.3 },
      ],
    } as unknown as Table;
    const w3 = new World(sq, CATALOG);
    const c = attackBetween(w3, 'tie', 'xw');
    expect(c.rangeMm).toBeCloseTo(d1.end + 0.3, 6);
    expect(disputeOf(w3, c, 1).loupes.find((l) => l.topic === 'range')?.label).toBe(
      `distance ${(d1.end + 0.3).toFixed(2)} mm: 0.30 mm past the distance 1 end (${d1.end.toFixed(2)} mm)`,
    );
  });
});

describe('readings', () => {
  it('an attack that rests on a reading shows it in words on the card', () => {
    const world = new World(tournamentTable(1), CATALOG);
    const a = {
      ...analyzeWorld(world).attacks[0],
      readings: [
        {
          reading: 'dialLine',
          value: 'through-dial',
          otherwise: 'clear',
          says: 'the line passes through the dial',
        },
      ],
    };
    const d = disputeOf(world, a as AttackReport);
    expect(d.readings).toEqual([
      'the line passes through the dial (reading dialLine = through-dial); the other reading gives clear',
    ]);
    expect(disputeOf(world, analyzeWorld(world).attacks[0]).readings).toBeUndefined();
  });
});

describe("the margins' words name the pieces", () => {
  it('on the tournament table, no margin says a ship id or a hull zone key when a namer is given', () => {
    const t = tournamentTable();
    const world = new World(t);
    const names = namer(t);
    const ids = new Set(t.ships.map((s) => s.id));
    const key = /\b([\w-]+)\.(front|left|right|rear)\b/g;
    let margins = 0,
      withIds = 0;
    for (const a of analyzeWorld(world)
      .attacks.filter((x) => x.inArc)
      .slice(0, 300)) {
      const d = disputeOf(world, a, 1, names);
      for (const m of d.margins) {
        margins++;
        const said = `${m.text} ${m.flip}`;
        for (const [, id] of said.matchAll(key)) if (ids.has(id)) withIds++;
      }
      // and without the namer the same margins say the keys (so the check above can fail)
      if (d.margins.some((m) => m.topic === 'arc'))
        expect(disputeOf(world, a, 1).margins.find((m) => m.topic === 'arc')!.text).toContain(a.attacker);
    }
    expect(margins).toBeGreaterThan(50);
    expect(withIds).toBe(0);
  });

  it("a crossing's margin gives the length inside and the depth, each as the report has it", () => {
    const world = new World(tournamentTable());
    let seen = 0;
    for (const a of analyzeWorld(world).attacks) {
      const crossed = (a.lines as PieceOnLine[]).filter(
        (l) => l.verdict === 'cross' && l.insideMm !== undefined,
      );
      if (!crossed.length) continue;
      const texts = disputeOf(world, a, 1).margins.map((m) => m.text);
      for (const l of crossed) {
        const line = l.line === 'los' ? 'line of sight' : 'range line';
        const want = `the ${line} crosses ${l.piece} for ${l.insideMm!.toFixed(2)} mm, ${l.depthMm!.toFixed(2)} mm deep`;
        expect(texts).toContain(want);
        seen++;
      }
      if (seen > 40) break;
    }
    expect(seen).toBeGreaterThan(20);
  });
});

describe('the 1.5 shield-dial rule on the card', () => {
  /** An Imperial (player 1) facing a Victory (player 2) across y, with an asteroid at (500, rockY) on its front dial. */
  const dialTable = (rockY: number, ruleset = 'seed') =>
    ({
      format: 'armada-table/1',
      table: '3x3',
      ruleset,
      ships: [
        { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 500, y: 200, rotation: 0, speed: 2 },
        { id: 'vsd', size: 'medium', class: 'victory', player: 2, x: 500, y: 500, rotation: 180, speed: 2 },
      ],
      squadrons: [],
      obstacles: [{ id: 'rock', type: 'asteroid-c', x: 500, y: rockY, rotation: 0 }],
      tokens: [],
      proposals: [],
    }) as unknown as Table;
  const card = (t: Table) => {
    const w = new World(t, CATALOG);
    const a = analyzeWorld(w).attacks.find((x) => x.attacker === 'isd.front' && x.defender === 'vsd.front')!;
    return { w, a, d: disputeOf(w, a, 1) };
  };

  it("gives the dial's depth in the rock and the line's in the dial, the rule it rests on and the estimate", () => {
    const { w, a, d } = card(dialTable(486));
    expect(a.los).toBe('obstructed');
    expect(d.meaning.rule).toContain('shield dial');
    expect(d.meaning.rule).toContain('rules 1.6 drop this');
    const m = d.margins.find((x) => x.topic === 'los' && x.decides)!;
    // the line x = 500 runs down the middle of the Victory's front dial (17 mm wide, 10 mm deep: from 4 mm
    // outside the base's edge at y 449 to 6 mm inside it): its deepest point is 5 mm from the dial's near edges
    expect(m.text).toContain("vsd.front's shield dial (5.00 mm deep)");
    const dial = w.ships.find((s) => s.id === 'vsd')!.shapes.dials.front;
    const rock = w.obstacles[0].outline;
    const depth = depthByClipper(dial, rock);
    expect(depth).toBeGreaterThan(1);
    expect(Math.abs(m.mm - Math.min(5, depth))).toBeLessThan(3e-4);
    expect(m.text).toContain(`overlaps rock by ${depth.toFixed(2)} mm`);
    expect(m.text).toContain("the catalog's estimate");
    expect(m.close).toBe(false);
    // no blank loupe deep inside the rock: the dial's own, by its overlap
    expect(d.loupes.some((l) => l.label === `vsd.front's dial on rock: ${depth.toFixed(2)} mm`)).toBe(true);
  });

  it('is a close call when the dial lies less than the placement precision on the rock', () => {
    // the rock moved away down the line until the dial only just lies on it (found, not guessed: the depth
    // falls as the rock moves)
    let y = 486;
    let d = card(dialTable(y)).d;
    const depthAt = (dd: typeof d) => dd.margins.find((x) => x.topic === 'los' && x.decides)?.mm ?? 0;
    while (depthAt(d) > 0.5) d = card(dialTable((y += 0.25))).d;
    expect(card(dialTable(y)).a.los).toBe('obstructed');
    expect(depthAt(d)).toBeGreaterThan(0);
    expect(d.closeCall).toBe(true);
    expect(d.closeText).toContain('shield dial');
  });

  it('rules 1.6: clear, and the card says the line crosses the rock where the base covers it', () => {
    const { a, d } = card(dialTable(486, '1.6'));
    expect(a.los).toBe('clear');
    const m = d.margins.find((x) => x.topic === 'los')!;
    expect(m.text).toContain("crosses rock only where vsd's plastic base covers it");
    expect(d.margins.some((x) => x.text.startsWith('no piece comes within'))).toBe(false);
  });
});

describe('a margin measured from an estimated targeting point', () => {
  it('says so when a line-of-sight margin decides, names the ends, and not when none decides', () => {
    const t = {
      format: 'armada-table/1',
      table: '3x3',
      ruleset: 'seed',
      ships: [
        { id: 'isd', size: 'large', class: 'imperial', player: 1, x: 500, y: 200, rotation: 0, speed: 2 },
        { id: 'vsd', size: 'medium', class: 'victory', player: 2, x: 500, y: 500, rotation: 180, speed: 2 },
      ],
      squadrons: [],
      obstacles: [{ id: 'rock', type: 'asteroid-c', x: 500, y: 350, rotation: 0 }],
      tokens: [],
      proposals: [],
    } as unknown as Table;
    const w = new World(t, CATALOG);
    const report = analyzeWorld(w);
    const a = report.attacks.find((x) => x.attacker === 'isd.front' && x.defender === 'vsd.front')!;
    expect(a.los).toBe('obstructed');
    const isdEstimated = w.ships.find((s) => s.id === 'isd')!.shapes.targetingEstimated;
    const vsdEstimated = w.ships.find((s) => s.id === 'vsd')!.shapes.targetingEstimated;
    const d = disputeOf(w, a, 1, namer(t));
    expect(d.margins.some((m) => m.topic === 'los' && m.decides)).toBe(true);
    const ends = [isdEstimated && 'Imperial front', vsdEstimated && 'Victory front'].filter(Boolean);
    if (!ends.length) expect(d.estimate).toBeUndefined();
    else for (const end of ends) expect(d.estimate).toContain(end as string);
    // the Imperial's points are estimated in the catalog (the why says so): the test is not empty
    expect(isdEstimated).toBe(true);
    // no line-of-sight margin decides an attack out of arc: nothing to say
    const out = report.attacks.find((x) => x.attacker === 'isd.rear' && x.defender === 'vsd.front')!;
    expect(out.inArc).toBe(false);
    expect(disputeOf(w, out, 1, namer(t)).estimate).toBeUndefined();
  });
});
