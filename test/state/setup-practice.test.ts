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
import { fleetShips, startSetup } from '../../src/state/setup-practice';
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
