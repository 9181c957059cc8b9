/**
 * The seed's per-round choices: which exogorths attack at the start of a squadron phase
 * (exogorthChoice, exogorthTargets), and the end of a round's purrgil moves judged together
 * (purrgil-round: in order, player 2 first, each on the table the earlier moves left).
 */
import { describe, expect, it } from 'vitest';
import { analyzeWorld } from '../../../src/rules/report/analyze';
import { exogorths } from '../../../src/rules/campaign/exogorth';
import { judgeProposal } from '../../../src/rules/report/proposals';
import { judgeMove, judgePurrgilRound } from '../../../src/rules/campaign/purrgil';
import type { PurrgilRound } from '../../../src/model/table';
import { parseTableText } from '../../../src/model/table';
import { obstacleRing, SQUADRON_DIAMETER } from '../../support/shapes';
import { discRightOf, type T, world } from '../../support/campaign';

const r = SQUADRON_DIAMETER / 2;
const E1 = { id: 'e1', type: 'exogorth-1', x: 500, y: 450, rotation: 0 };
const E2 = { id: 'e2', type: 'exogorth-2', x: 1200, y: 450, rotation: 0 };
// a squadron 10 mm right of each exogorth (distance 1), one 200 mm away from both
const SQ = [
  { id: 'a', player: 1, ...discRightOf(E1, r, 10) },
  { id: 'b', player: 2, ...discRightOf(E2, r, 10) },
  { id: 'far', player: 1, x: 850, y: 450 },
];
const table = (extra: Partial<T> = {}): T => ({ obstacles: [E1, E2], squadrons: SQ, ...extra });

describe('exogorth choice at the start of the squadron phase', () => {
  it('no choice given: each exogorth attacks what it would if chosen, and the targets say so', () => {
    const w = world(table());
    const rep = analyzeWorld(w);
    expect(rep.exogorths.map((x) => [x.exogorth, x.squadron, x.attacks, x.chosenBy])).toEqual([
      ['e1', 'a', true, undefined],
      ['e2', 'b', true, undefined],
    ]);
    expect(rep.exogorths[0].why).toMatch(/attacks it if chosen/);
    expect(rep.exogorthTargets).toEqual([
      { exogorth: 'e1', wouldAttack: ['a'], why: 'e1 would attack a if chosen.' },
      { exogorth: 'e2', wouldAttack: ['b'], why: 'e2 would attack b if chosen.' },
    ]);
  });
  it('player 2 chose e2 and player 1 e1: both attack; only e2 chosen: e1 does not', () => {
    const both = exogorths(
      world(
        table({
          exogorthChoice: [
            { player: 2, exogorth: 'e2' },
            { player: 1, exogorth: 'e1' },
          ],
        }),
      ),
    );
    expect(both.map((x) => [x.exogorth, x.attacks, x.chosenBy])).toEqual([
      ['e1', true, 1],
      ['e2', true, 2],
    ]);
    const one = analyzeWorld(world(table({ exogorthChoice: [{ player: 2, exogorth: 'e2' }] })));
    expect(one.exogorths.map((x) => [x.exogorth, x.attacks, x.chosenBy])).toEqual([
      ['e1', false, null],
      ['e2', true, 2],
    ]);
    expect(one.exogorths[0].why).toMatch(/e1 was not chosen this squadron phase: it does not attack/);
    expect(
      (one.exogorthTargets as { chosenBy: unknown; wouldAttack: string[] }[]).map((t) => [
        t.chosenBy,
        t.wouldAttack,
      ]),
    ).toEqual([
      [null, ['a']],
      [2, ['b']],
    ]);
  });
  it('the choice judged: player 2 first, alternating, a different exogorth each', () => {
    const wrongOrder = analyzeWorld(
      world(
        table({
          exogorthChoice: [
            { player: 1, exogorth: 'e1' },
            { player: 2, exogorth: 'e2' },
          ],
        }),
      ),
    );
    const t = wrongOrder.exogorthTargets as { exogorth: string; problems?: string[] }[];
    expect(t[0].problems).toEqual([
      "choice 1 is player 2's: the second player chooses first, then the players alternate",
    ]);
    expect(t[1].problems).toEqual([
      "choice 2 is player 1's: the second player chooses first, then the players alternate",
    ]);
    const same = analyzeWorld(
      world(
        table({
          exogorthChoice: [
            { player: 2, exogorth: 'e1' },
            { player: 1, exogorth: 'e1' },
          ],
        }),
      ),
    );
    expect((same.exogorthTargets as { problems?: string[] }[])[0].problems).toEqual([
      'choice 2: each player must choose a different exogorth (e1 was choice 1)',
    ]);
  });
  it('the table names exogorths that are there', () => {
    const file = {
      format: 'armada-table/1',
      table: '3x6',
      obstacles: [E1],
      exogorthChoice: [{ player: 2, exogorth: 'rock' }],
    };
    expect(() => parseTableText(JSON.stringify(file))).toThrow(
      /exogorthChoice\[0\]\.exogorth: no exogorth with id "rock"/,
    );
  });
  it('no exogorth on the table: no targets section', () => {
    expect(analyzeWorld(world({ obstacles: [], squadrons: SQ })).exogorthTargets).toBeUndefined();
  });
});

describe("a round's purrgil moves, judged together", () => {
  // two purrgil side by side along y = 450; the outline's extent in x measured from the reference ring
  const P1 = { id: 'p1', type: 'purrgil-1', x: 600, y: 450, rotation: 0 };
  const P2 = { id: 'p2', type: 'purrgil-1', x: 700, y: 450, rotation: 0 };
  const xs = obstacleRing('purrgil-1', 0, 0, 0).map((p) => p[0]);
  const half = Math.max(...xs.map(Math.abs));
  const round = (moves: PurrgilRound['moves']): PurrgilRound => ({ id: 'r', kind: 'purrgil-round', moves });
  const w = world({ obstacles: [P1, P2] });
  // p1 moves 60 mm left; p2 then moves 90 mm left, into where p1 was, clear of where p1 went
  const m1 = { player: 2 as const, obstacle: 'p1', to: { x: 540, y: 450, rotation: 0 } };
  const m2 = { player: 1 as const, obstacle: 'p2', to: { x: 610, y: 450, rotation: 0 } };
  it('construction: p2 at its new place overlaps p1 where it was, and is clear of where p1 goes', () => {
    expect(half).toBeLessThan(25);
    expect(610 - half).toBeLessThan(600 + half - 5);
    expect(540 + half).toBeLessThan(610 - half - 5);
  });
  it('in order, the later move sees the earlier: legal; judged alone on the first table, p2 would overlap p1', () => {
    const rep = judgePurrgilRound(w, round([m1, m2]));
    expect(rep.violations).toEqual([]);
    expect(rep.legal).toBe(true);
    expect((rep.moves as { legal: boolean }[]).map((m) => m.legal)).toEqual([true, true]);
    const alone = judgeMove(w, { id: 'x', kind: 'move-obstacle', obstacle: 'p2', to: m2.to, maxDistance: 2 });
    expect(alone.violations.map((v) => v.with)).toEqual(['p1']);
  });
  it('the other order: p2 first into p1 (still there): illegal, named with the move', () => {
    const rep = judgePurrgilRound(
      w,
      round([
        { ...m2, player: 2 },
        { ...m1, player: 1 },
      ]),
    );
    expect(rep.violations.map((v) => v.rule)).toEqual(['move 1: cannot end overlapping another obstacle']);
    expect(rep.violations[0]).toMatchObject({ move: 1, with: 'p1', piece: 'p2' });
  });
  it('player 1 first, the same purrgil twice, a third move: each named', () => {
    expect(judgePurrgilRound(w, round([{ ...m1, player: 1 }])).violations.map((v) => v.rule)).toEqual([
      "move 1 is player 2's: the second player moves first, then the players alternate",
    ]);
    const twice = judgePurrgilRound(
      w,
      round([m1, { player: 1, obstacle: 'p1', to: { x: 560, y: 450, rotation: 0 } }]),
    );
    expect(twice.violations.map((v) => v.rule)).toEqual([
      'move 2: each player must choose a different purrgil (p1 was moved in move 1)',
    ]);
    const three = judgePurrgilRound(
      w,
      round([m1, m2, { player: 2, obstacle: 'p1', to: { x: 540, y: 460, rotation: 0 } }]),
    );
    expect(three.violations.map((v) => v.rule)).toContain(
      'move 3: each player moves one purrgil a round (two moves at most)',
    );
  });
  it('through the table file and the proposal list', () => {
    const ww = world({
      obstacles: [P1, P2],
      proposals: [{ id: 'r', kind: 'purrgil-round', moves: [m1, m2] }],
    });
    expect(judgeProposal(ww, ww.table.proposals[0])).toMatchObject({
      id: 'r',
      kind: 'purrgil-round',
      legal: true,
    });
    const bad = {
      format: 'armada-table/1',
      table: '3x6',
      obstacles: [P1],
      proposals: [
        { id: 'r', kind: 'purrgil-round', moves: [{ player: 2, obstacle: 'nope', to: { x: 1, y: 1 } }] },
      ],
    };
    expect(() => parseTableText(JSON.stringify(bad))).toThrow(
      /proposals\[0\]\.moves\[0\]\.obstacle: no obstacle with id "nope"/,
    );
    // a round has one move per player: a longer list is refused before any is read (2,000 moves froze the page)
    const long = (n: number) => ({
      ...bad,
      obstacles: [P1],
      proposals: [{ id: 'r', kind: 'purrgil-round', moves: Array.from({ length: n }, () => m1) }],
    });
    expect(() => parseTableText(JSON.stringify(long(3)))).toThrow(
      /^proposals\[0\]\.moves: has 3 moves; a round has one purrgil move per player, at most 2$/,
    );
    expect(() => parseTableText(JSON.stringify(long(2000)))).toThrow(/has 2000 moves/);
  });
});
