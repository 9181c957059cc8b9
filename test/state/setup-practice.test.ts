/**
 * Setup practice's fleets: every bundled reference list reads to ships the rating can move (a class
 * with a speed chart each, distinct ids, the player's own), a shared one the same text as the shared
 * reference list it was copied from; a list with nothing readable gives no ships, and says so by being
 * empty. Each Imperial list as the app's, against the player's default (Rebel) list: the app's
 * obstacles and its first deployment are legal by the setup rules, the ship one of its list's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, speedChart } from '../../src/model/catalog';
import { REFERENCE_FLEETS } from '../../src/model/reference-fleets';
import { appMove, applyMove, nextTurn, placementProblem } from '../../src/rules/practice/setup-game';
import { fleetShips, readSetupKept, type SetupKept, startSetup } from '../../src/state/setup-practice';
import { SHARED, sharedFile } from '../support/shared';

describe('the bundled reference lists', () => {
  for (const f of REFERENCE_FLEETS) {
    it(`${f.id}: ships with speed charts, distinct ids, the player's`, () => {
      const r = fleetShips(f.text, 2);
      expect(r.ships.length).toBeGreaterThanOrEqual(2);
      expect(new Set(r.ships.map((s) => s.id)).size).toBe(r.ships.length);
      for (const s of r.ships) {
        expect(speedChart(CATALOG, s.class)).not.toBeNull();
        expect(s.player).toBe(2);
        expect(s.id.startsWith('p2-')).toBe(true);
        expect(s.speed).toBeLessThanOrEqual(speedChart(CATALOG, s.class)!.length);
      }
    });
    if (f.source !== 'shared') continue;
    const rel = `reference/fleet-lists/${f.id}.txt`;
    it.skipIf(!sharedFile(rel, `${f.id}'s text against the shared list`))(
      `${f.id}: the shared reference list's text`,
      () => {
        expect(f.text).toBe(readFileSync(join(SHARED, rel), 'utf8'));
      },
    );
  }
  it('a text with no ship gives none', () => {
    expect(fleetShips('hello', 1).ships).toEqual([]);
  });
});

describe('practice against an Imperial fleet', () => {
  const mine = REFERENCE_FLEETS[0];
  for (const f of REFERENCE_FLEETS.filter((x) => x.faction === 'empire')) {
    it(`${mine.id} against ${f.id}: the app's obstacles and first deployment legal, one of its ships`, () => {
      expect(mine.faction).toBe('rebel');
      const theirs = fleetShips(f.text, 2).ships;
      let g = startSetup(fleetShips(mine.text, 1).ships, theirs, true);
      // small budgets, bound by candidates (not time): the same moves on any machine
      const budget = { obstacle: { candidates: 3, ms: 600_000 }, deploy: { candidates: 1, ms: 600_000 } };
      let n = 0;
      for (let turn = nextTurn(g); turn; turn = nextTurn(g)) {
        const m = appMove(g, 7 + n++, budget[turn.kind]);
        expect([m.by, m.kind]).toEqual([turn.player, turn.kind]);
        expect(placementProblem(g, m)).toBeNull();
        g = applyMove(g, m);
        if (m.kind === 'deploy' && m.by === 2) {
          expect(theirs.map((s) => s.id)).toContain(m.piece);
          break;
        }
      }
      expect(g.table.obstacles).toHaveLength(6);
      expect(g.moves.filter((m) => m.kind === 'deploy').map((m) => m.by)).toEqual([1, 2]);
    }, 60_000);
  }
});

describe('setup practice kept across a reload', () => {
  /** a game three moves in (the app's, bound by candidates: the same on any machine), as the bar keeps it */
  function kept(): SetupKept {
    let g = startSetup(
      fleetShips(REFERENCE_FLEETS[0].text, 1).ships,
      fleetShips(REFERENCE_FLEETS[1].text, 2).ships,
      true,
    );
    for (let i = 0; i < 3; i++) g = applyMove(g, appMove(g, 11 + i, { candidates: 2, ms: 600_000 }));
    const last = g.moves[2];
    return {
      phase: 'play',
      choice: { mine: 'a', theirs: 'paste', pasted: { mine: '', theirs: 'Name: One' }, first: true },
      game: g,
      seed: 14,
      pick: { kind: 'obstacle', piece: 'debris-a' },
      cand: { piece: 'debris-a', type: 'debris-a', x: 900, y: 450, rotation: 15 },
      rated: { rating: last.rating, best: last.best, ms: 812 },
      lastApp: last,
      final: null,
      replayAt: 0,
      note: null,
    };
  }
  /** what a reload reads back: through JSON, as session storage holds it */
  const reread = (k: unknown) => JSON.parse(JSON.stringify(k));

  it('is read back as it was kept: the game, the piece put down, the rating, the choices', () => {
    const k = kept();
    expect(readSetupKept(reread(k))).toEqual(reread(k));
    const choosing = {
      ...k,
      phase: 'choose',
      game: null,
      pick: null,
      cand: null,
      rated: null,
      lastApp: null,
    };
    expect(readSetupKept(reread(choosing))).toEqual(choosing);
  }, 60_000);

  it('is refused naming what is wrong', () => {
    const k = reread(kept());
    expect(() => readSetupKept(null)).toThrow(/no setup practice/);
    expect(() => readSetupKept({ ...k, phase: 'later' })).toThrow(/phase/);
    expect(() => readSetupKept({ ...k, choice: { mine: 'a' } })).toThrow(/choice of fleets/);
    expect(() => readSetupKept({ ...k, game: null })).toThrow(/game is not one/);
    const g = k.game;
    expect(() => readSetupKept({ ...k, game: { ...g, moves: g.moves.slice(1) } })).toThrow(
      /moves are not the pieces/,
    );
    expect(() =>
      readSetupKept({ ...k, game: { ...g, moves: [{ ...g.moves[0], by: 3 }, ...g.moves.slice(1)] } }),
    ).toThrow(/a move of its game/);
    const badTable = { ...g, table: { ...g.table, obstacles: [{ ...g.table.obstacles[0], x: 'far' }] } };
    expect(() => readSetupKept({ ...k, game: badTable })).toThrow(/obstacles\[0\]\.x/);
    expect(() => readSetupKept({ ...k, cand: { piece: 'debris-a' } })).toThrow(/bar showed/);
  }, 60_000);
});
