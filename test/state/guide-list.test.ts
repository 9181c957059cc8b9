/**
 * The guided setup deploying each player's fleet list (src/state/guide.ts): the next ship offered by
 * its title and class, the player's turns alternating, squadrons two a turn, the player done when
 * the list is on the table; without a list, the guide asks for sizes and classes as before.
 */
import { describe, expect, it } from 'vitest';
import { fleetJson, readFleetList } from '../../src/model/fleet-list';
import { parseTableText, type Table } from '../../src/model/table';
import { deployAt, guideStep, listPieces, newGuide, newTable, pendingFor } from '../../src/state/guide';

const P1 =
  'Faction: Empire\nImperial II-class Star Destroyer (120)\n• Relentless (3)\nSquadrons:\n• 2 x TIE Fighter Squadron (16)';
const P2 = "Faction: Rebel\nCR90 Corvette A (44)\n• Jaina's Light (2)\nGR-75 Medium Transports (18)";
const withLists = (): Table =>
  parseTableText(
    JSON.stringify({
      format: 'armada-table/1',
      table: '3x6',
      ships: [],
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
      fleets: [
        { player: 1, text: P1, read: fleetJson(readFleetList(P1)) },
        { player: 2, text: P2, read: fleetJson(readFleetList(P2)) },
      ],
    }),
  );

describe('guided deployment from the fleet lists', () => {
  it('each player deploys the listed pieces in turn, named by their titles; done when the lists are on the table', () => {
    let t = newTable(withLists(), false);
    expect(t.fleets).toHaveLength(2);
    expect(listPieces(t, 1)!.ships.map((s) => [s.name, s.class, s.size])).toEqual([
      ['Relentless', 'imperial', 'large'],
    ]);
    // no obstacles to place: straight to deployment
    const g = { ...newGuide(), set: [] };
    const order: [number, string, string][] = [];
    for (let k = 0; k < 10; k++) {
      const s = guideStep(t, g);
      if (s.step !== 'deploy') break;
      const { pending, piece } = pendingFor(g, s);
      const y = s.player === 1 ? 100 : 914.4 - 100;
      // ships 250 mm apart; player 1's squadrons beside the Imperial, within distance 1-2 of it
      const x =
        pending.kind === 'squadron'
          ? 600 + 40 * t.squadrons.length
          : 500 + 250 * t.ships.filter((e) => e.player === s.player).length;
      const r = deployAt(
        t,
        {
          ...g,
          pending: { ...g.pending, [s.player]: pending.kind === 'ship' ? pending : { kind: 'squadron' } },
        },
        x,
        y,
      );
      expect(r.ok, r.ok ? '' : r.why).toBe(true);
      if (!r.ok) break;
      t = r.table;
      order.push([s.player, piece!.name, r.id]);
    }
    expect(order.map(([p, n]) => [p, n])).toEqual([
      [1, 'Relentless'],
      [2, "Jaina's Light"],
      [1, 'TIE Fighter Squadron'],
      [1, 'TIE Fighter Squadron'],
      [2, 'GR-75 Medium Transports'],
    ]);
    expect(guideStep(t, g)).toEqual({ step: 'done' });
    expect(t.ships.map((s) => [s.name, s.class, s.player])).toEqual([
      ['Relentless', 'imperial', 1],
      ["Jaina's Light", 'cr90', 2],
      ['GR-75 Medium Transports', 'gr75', 2],
    ]);
    expect(t.squadrons.map((s) => s.name)).toEqual(['TIE Fighter Squadron', 'TIE Fighter Squadron']);
  });

  it('a player without a list is asked for sizes and classes as before', () => {
    const t = newTable({ ...withLists(), fleets: withLists().fleets!.filter((f) => f.player === 2) }, false);
    const g = { ...newGuide(), set: [] };
    const s = guideStep(t, g);
    expect(s.step === 'deploy' && s.player).toBe(1);
    expect(s.step === 'deploy' && s.list).toBeUndefined();
    expect(s.step === 'deploy' && pendingFor(g, s).piece).toBeNull();
  });
});
