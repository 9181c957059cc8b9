import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttackReport } from '../../src/model/report';
import { attackEntry } from '../../src/ui/verdicts';

const attack = (o: Partial<AttackReport>): AttackReport => ({
  attacker: 'p1-ship1.front',
  defender: 'p2-ship2.rear',
  inArc: true,
  range: 'medium',
  rangeMm: 200,
  rangeLine: null,
  los: 'clear',
  losLine: [
    [0, 0],
    [1, 1],
  ],
  obstructedBy: [],
  grazing: [],
  why: 'because',
  ...o,
});

describe("an attack's entry while its piece is held", () => {
  it('is the entry made afresh, step after step, whatever changed (markup kept while the same)', () => {
    // a held piece's steps: each changes one thing of the last (most often the figure), as a drag does
    const change = fc.oneof(
      { weight: 4, arbitrary: fc.double({ min: 0, max: 900, noNaN: true }).map((v) => ({ rangeMm: v })) },
      fc.constant({ rangeMm: null }),
      fc.boolean().map((v) => ({ inArc: v })),
      fc.constantFrom('close', 'medium', 'long').map((v) => ({ range: v as AttackReport['range'] })),
      fc.constantFrom('clear', 'obstructed', 'blocked').map((v) => ({ los: v as AttackReport['los'] })),
      fc.array(fc.constantFrom('o1-asteroid', 'x<y&z'), { maxLength: 2 }).map((v) => ({ obstructedBy: v })),
      fc.array(fc.constantFrom('o2-debris', 'p2-ship3.left'), { maxLength: 2 }).map((v) => ({ grazing: v })),
      fc
        .array(fc.constantFrom('p2-ship2.left', 'p2-ship2.front'), { maxLength: 2 })
        .map((v) => ({ blockedBy: v })),
      fc.array(fc.constantFrom('dust-1', 'dust-2'), { maxLength: 2 }).map((v) => ({ dustBy: v })),
      fc.constantFrom('dust', 'clear').map((v) => ({ los: v as AttackReport['los'] })),
      fc
        .option(fc.constant([{ reading: 'r', says: 'a', otherwise: 'b' }]), { nil: undefined })
        .map((v) => ({ readings: v })),
      fc
        .option(
          fc.constant({
            classes: ['victory'],
            figures: ['victory.frontLeft'],
            withCatalog: { inArc: true, range: 'medium', rangeMm: 201, los: 'clear' },
            changes: true,
          }),
          { nil: undefined },
        )
        .map((v) => ({ classEdit: v })),
      fc.boolean().map((v) => ({ sel: v })),
    );
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 16 }), (changes) => {
        // a key of its own per run: what an earlier run kept does not count
        const key = `p1-ship1.front>p2-ship2.rear#${Math.random()}`;
        let now: Record<string, unknown> = {};
        for (const c of changes) {
          now = { ...now, ...c };
          const { sel = false, ...o } = now;
          const x = attack(o as Partial<AttackReport>);
          // a copy has no entry kept for it, and another key none kept either
          const fresh = attackEntry({ ...x }, sel as boolean, true, `${key}-fresh-${Math.random()}`);
          expect(attackEntry(x, sel as boolean, true, key)).toBe(fresh);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('shows the figure and the verdict, and the explanation only once the piece is let go', () => {
    const x = attack({ rangeMm: 123.456, los: 'obstructed', obstructedBy: ['o1-asteroid'] });
    const brief = attackEntry(x, true, true, 'k-brief');
    expect(brief).toContain('(123.46 mm), line of sight <b class="los">obstructed</b> by o1-asteroid');
    expect(brief).not.toContain('because');
    expect(attackEntry({ ...x }, true, false, 'k-full')).toContain('<div class="why">because</div>');
  });
});

describe("an attack's entry in words", () => {
  it("says a squadron's band as the card does: distance 1, not the report's distance-1", () => {
    const squadron = attack({ attacker: 'tie1', defender: 'x1', range: 'distance-1', rangeMm: 66 });
    const entry = attackEntry(squadron, false, true, 'k');
    expect(entry).toContain('in arc, distance 1 (66');
    expect(entry).not.toContain('distance-1 (');
    // the band a ship's attack names stays as the report gives it
    expect(attackEntry(attack({}), false, true, 'k2')).toContain('in arc, medium (200');
  });
});

describe('what holds the line of sight, by its verdict', () => {
  it("blocked names the defender's other hull zones, dust the dust field; the obstacles crossed come after", () => {
    const blocked = attackEntry(
      attack({ los: 'blocked', blockedBy: ['p2-ship2.left'], obstructedBy: ['debris-a'] }),
      false,
      true,
      'b',
    );
    expect(blocked).toContain('blocked</b> by p2-ship2.left; it also crosses debris-a');
    const dust = attackEntry(
      attack({ los: 'dust', dustBy: ['dust'], obstructedBy: ['exogorth2'] }),
      false,
      true,
      'd',
    );
    expect(dust).toContain('dust</b> by dust; it also crosses exogorth2');
    expect(attackEntry(attack({ los: 'obstructed', obstructedBy: ['rock'] }), false, true, 'o')).toContain(
      'obstructed</b> by rock',
    );
  });
});

describe('the pieces by the names the table gives them', () => {
  const names: Record<string, string> = {
    'p1-ship1': 'Victory',
    'p2-ship2': 'CR90',
    'p2-ship3': 'Nebulon-B',
  };
  const sayWith =
    (extra: Record<string, string> = {}) =>
    (side: string) => {
      const [id, zone] = side.split('.');
      const n = extra[id] ?? names[id] ?? id;
      return zone ? `${n} ${zone}` : n;
    };
  it('names attacker, defender, the zones that block and the ships crossed; obstacles by their ids', () => {
    const say = sayWith();
    const x = attack({
      los: 'blocked',
      blockedBy: ['p2-ship2.left'],
      obstructedBy: ['debris-a', 'p2-ship3'],
      grazing: ['p2-ship3'],
    });
    const entry = attackEntry(x, false, true, 'n1', say);
    expect(entry).toContain('<b>Victory front</b> &rarr; <b>CR90 rear</b>');
    expect(entry).toContain(
      'blocked</b> by CR90 left; it also crosses debris-a, Nebulon-B; grazing Nebulon-B',
    );
    // the keys stay the list's own (a tap on the entry chooses the pair by them)
    expect(entry).toContain('data-attacker="p1-ship1.front" data-defender="p2-ship2.rear"');
  });
  it('a ship renamed between two steps: the entry says the new name, for the same attack and key', () => {
    const x = attack({});
    expect(attackEntry(x, false, true, 'n2', sayWith())).toContain('<b>Victory front</b>');
    expect(attackEntry(x, false, true, 'n2', sayWith({ 'p1-ship1': 'Dominator' }))).toContain(
      '<b>Dominator front</b>',
    );
    expect(attackEntry({ ...x }, false, true, 'n2', sayWith({ 'p1-ship1': 'Tyrant' }))).toContain(
      '<b>Tyrant front</b>',
    );
  });
});
