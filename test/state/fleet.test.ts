/**
 * A pasted fleet set down on the table (src/state/fleet.ts) and new pieces added by the app's
 * command (cmd.add): positions checked with the independent shapes of test/support (plain
 * arithmetic from the asset files) and the oracle's overlap verdicts, not with src/geometry.
 */
import { describe, expect, it } from 'vitest';
import { fleetPieces, readFleetList } from '../../src/model/fleet-list';
import { parseTableText, type Table } from '../../src/model/table';
import { MAX_LIST_PIECES, placeFleet, placeFleetSliced, playerForFleet } from '../../src/state/fleet';
import { commands, createAppStore } from '../../src/state/store';
import { TOLERANCE_MM } from '../../src/geometry/tolerance';
import { expectedRelation, type XY } from '../support/oracle';
import { DISTANCE_BANDS, oraclePieces, type OTable, SQUADRON_DIAMETER } from '../support/shapes';

const parseFleetList = (text: string) => ({ pieces: fleetPieces(readFleetList(text), text) });
const D3 = DISTANCE_BANDS[2].end,
  H = 914.4,
  SETUP = { x0: 304.8, x1: 1524 };
const R = SQUADRON_DIAMETER / 2;

const table = (
  over: Partial<Record<'ships' | 'squadrons' | 'obstacles' | 'tokens', unknown[]>> = {},
): Table =>
  parseTableText(
    JSON.stringify({
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships: [],
      squadrons: [],
      obstacles: [],
      tokens: [],
      proposals: [],
      ...over,
    }),
  );

/** No two pieces overlap (the oracle's verdict), every pair apart or touching. */
function expectNoOverlaps(t: Table) {
  const ps = oraclePieces(t as unknown as OTable);
  for (let i = 0; i < ps.length; i++) {
    for (let j = i + 1; j < ps.length; j++) {
      const v = expectedRelation(ps[i].overlap, ps[j].overlap, TOLERANCE_MM).verdict;
      expect(['apart', 'touch'], `${ps[i].id} and ${ps[j].id}`).toContain(v);
    }
  }
}

/** Every point of a piece's base inside player p's deployment zone (within the tolerance). */
function expectInZone(t: Table, id: string, p: 1 | 2) {
  const o = oraclePieces(t as unknown as OTable).find((e) => e.id === id)!;
  const pts: XY[] =
    'circle' in o.measure
      ? [
          [o.measure.circle[0] - R, o.measure.circle[1] - R],
          [o.measure.circle[0] + R, o.measure.circle[1] + R],
        ]
      : o.measure.ring;
  for (const [x, y] of pts) {
    expect(x, id).toBeGreaterThanOrEqual(SETUP.x0 - TOLERANCE_MM);
    expect(x, id).toBeLessThanOrEqual(SETUP.x1 + TOLERANCE_MM);
    if (p === 1) {
      expect(y, id).toBeGreaterThanOrEqual(0);
      expect(y, id).toBeLessThanOrEqual(D3 + TOLERANCE_MM);
    } else {
      expect(y, id).toBeLessThanOrEqual(H);
      expect(y, id).toBeGreaterThanOrEqual(H - D3 - TOLERANCE_MM);
    }
  }
}

const LIST = [
  'Faction: Empire',
  'Imperial II-class Star Destroyer (120)',
  '• Gunnery Team (7)',
  '2 x Raider I-class Corvette (44)',
  'Victory II-class Star Destroyer (85)',
  'Squadrons:',
  '• 4 x TIE Fighter Squadron (32)',
  '• Darth Vader - TIE Advanced Squadron (21)',
].join('\n');

describe('a fleet list set down in a deployment zone', () => {
  for (const player of [1, 2] as const) {
    it(`player ${player}: every ship and squadron in the zone, named, facing the opponent, overlapping nothing`, () => {
      const before = table({
        obstacles: [{ id: 'rock', type: 'asteroid-a', x: 900, y: player === 1 ? 90 : H - 90, rotation: 0 }],
      });
      const r = placeFleet(before, parseFleetList(LIST).pieces, player);
      expect(r.added.map((a) => a.name)).toEqual([
        'Imperial II-class Star Destroyer',
        'Raider I-class Corvette',
        'Raider I-class Corvette',
        'Victory II-class Star Destroyer',
        'TIE Fighter Squadron',
        'TIE Fighter Squadron',
        'TIE Fighter Squadron',
        'TIE Fighter Squadron',
        'Darth Vader',
      ]);
      expect(r.unplaced).toEqual([]);
      expect(r.notLegal).toEqual([]);
      expect(r.table.ships.map((s) => [s.class, s.player, s.rotation])).toEqual([
        ['imperial', player, player === 1 ? 0 : 180],
        ['raider', player, player === 1 ? 0 : 180],
        ['raider', player, player === 1 ? 0 : 180],
        ['victory', player, player === 1 ? 0 : 180],
      ]);
      for (const a of r.added) expectInZone(r.table, a.id, player);
      expectNoOverlaps(r.table);
      // the table given is not changed
      expect(before.ships).toEqual([]);
    });
  }

  it('the Executor is longer than the zone is deep: set down on its half of the setup area, and named as outside the zone', () => {
    const r = placeFleet(
      table(),
      parseFleetList('Executor I-class Star Dreadnought (270)\nTIE Fighter Squadron').pieces,
      1,
    );
    expect(r.added.map((a) => a.id)).toEqual(['executor', 'sq1-1']);
    expect(r.notLegal.map((n) => n.id)).toEqual(['executor']);
    expect(r.notLegal[0].why).toMatch(
      /does not fit inside player 1's deployment zone .* 77\.5 x 351\.5 mm; must be within distance 1-3 of player 1's edge/,
    );
    const exe = r.table.ships[0];
    expect(exe.y + 351.5 / 2).toBeLessThanOrEqual(H / 2);
    expectNoOverlaps(r.table);
  });

  it('with no room on its half of the setup area, a piece is left out and named', () => {
    // tokens of radius 100 every 150 mm cover player 1's half of the setup area (the gaps between four are 6 mm)
    const tokens: unknown[] = [];
    for (let x = SETUP.x0; x <= SETUP.x1 + 150; x += 150)
      for (let y = 0; y <= H / 2 + 150; y += 150)
        tokens.push({ id: `t${tokens.length}`, x: Math.min(x, 1828), y: Math.min(y, H), radius: 100 });
    const r = placeFleet(table({ tokens }), parseFleetList('TIE Fighter Squadron').pieces, 1);
    expect(r.added).toEqual([]);
    expect(r.unplaced).toHaveLength(1);
    expect(r.unplaced[0].why).toMatch(
      /no room in player 1's deployment zone .* nor on player 1's half of the setup area/,
    );
  });

  it('a ship set down at distance 1-2 of a gravity rift gets speed 0', () => {
    const r = placeFleet(
      table({ obstacles: [{ id: 'rift', type: 'gravity-rift', x: 914.4, y: 150, rotation: 0 }] }),
      parseFleetList('CR90 Corvette A').pieces,
      1,
    );
    expect(r.riftSpeed).toEqual(['cr90']);
    expect(r.table.ships[0].speed).toBe(0);
  });
});

describe('a list of more pieces than a fleet has', () => {
  it(`sets down at most ${MAX_LIST_PIECES}, names every other one as not placed; in slices, the same placement`, async () => {
    const text = Array.from({ length: 5_000 }, (_, i) =>
      i % 3 ? 'TIE Fighter Squadron (8)' : 'Raider I-class Corvette (44)',
    ).join('\n');
    const t0 = performance.now();
    const pieces = parseFleetList(text).pieces;
    expect(pieces).toHaveLength(5_000);
    const r = placeFleet(table(), pieces, 1);
    const syncMs = performance.now() - t0;
    expect(r.added.length + r.unplaced.length).toBe(5_000);
    expect(r.added.length).toBeLessThanOrEqual(MAX_LIST_PIECES);
    const capped = r.unplaced.filter((u) => /one list sets down at most 40/.test(u.why));
    expect(capped).toHaveLength(5_000 - MAX_LIST_PIECES);
    expect(capped[0].line).toBe(pieces[MAX_LIST_PIECES].line);
    expectNoOverlaps(r.table);
    let slices = 0;
    const s = await placeFleetSliced(table(), pieces, 1, { sliceMs: 10, onProgress: () => slices++ });
    expect(s).toEqual(r);
    expect(slices).toBeGreaterThan(0);
    const ctl = new AbortController();
    ctl.abort();
    expect(await placeFleetSliced(table(), pieces, 1, { signal: ctl.signal })).toBeNull();
    console.log(
      `5,000 lines read and ${r.added.length} pieces placed at once: ${syncMs.toFixed(0)} ms; in ${slices + 1} slices of 10 ms`,
    );
  });
});

describe('the Add command: new pieces at a free spot near the point given', () => {
  it('ten squadrons added at one point: none on another, each near the point, one undo step each', () => {
    const store = createAppStore(table());
    const cmd = commands(store);
    for (let i = 0; i < 10; i++) cmd.add({ kind: 'squadron', player: 1 }, { x: 700, y: 400 });
    const t = store.getState().table;
    expect(t.squadrons).toHaveLength(10);
    expect(t.squadrons[0]).toMatchObject({ x: 700, y: 400 });
    expectNoOverlaps(t);
    for (const q of t.squadrons) expect(Math.hypot(q.x - 700, q.y - 400)).toBeLessThan(150);
    expect(store.getState().history.past).toHaveLength(10);
  });

  it('a ship added on a ship lands beside it; without a point, near the table centre', () => {
    const store = createAppStore(
      table({
        ships: [{ id: 'isd', class: 'imperial', player: 2, x: 914.4, y: 457.2, rotation: 180, speed: 2 }],
      }),
    );
    const cmd = commands(store);
    const id = cmd.add({ kind: 'ship', size: 'large', class: 'imperial', player: 1 });
    expect(id).toBe('imperial');
    expectNoOverlaps(store.getState().table);
    expect(store.getState().selected).toBe('imperial');
  });

  it('no room: nothing is added and the message says why', () => {
    const store = createAppStore(
      parseTableText(
        JSON.stringify({
          format: 'armada-table/1',
          table: '3x3',
          ruleset: 'seed',
          ships: [],
          squadrons: [],
          obstacles: [],
          proposals: [],
          tokens: Array.from({ length: 49 }, (_, i) => ({
            id: `t${i}`,
            x: (i % 7) * 150 + 10,
            y: Math.floor(i / 7) * 150 + 10,
            radius: 100,
          })),
        }),
      ),
    );
    const cmd = commands(store);
    const before = store.getState().table;
    expect(cmd.add({ kind: 'ship', size: 'large', player: 1 }, { x: 400, y: 400 })).toBeNull();
    expect(store.getState().table).toBe(before);
    expect(store.getState().message?.text).toMatch(
      /^Nothing was added: no free spot for the new ship: every place inside the table .* overlaps another piece/,
    );
  });
});

describe('whose fleet a pasted list is', () => {
  const ship = (id: string, cls: string, player: 1 | 2) => ({
    id,
    class: cls,
    player,
    x: 300,
    y: 300,
    rotation: 0,
  });
  it("goes to the other player when the chosen player's side is of another faction and the other side is empty", () => {
    const t = table({ ships: [ship('onager', 'onager', 1)] });
    expect(playerForFleet(t, 'rebel', 1)).toEqual({
      player: 2,
      because: { player: 1, factions: ['empire'] },
    });
    // a list of the chosen side's faction stays with it
    expect(playerForFleet(t, 'empire', 1)).toEqual({ player: 1, because: null });
    // chosen 2 with an empty side: kept
    expect(playerForFleet(t, 'rebel', 2)).toEqual({ player: 2, because: null });
  });
  it('goes to the player whose side is of its faction, ships or the list the table keeps', () => {
    // the chosen side holds another faction: the list goes where its faction is
    const t = table({ ships: [ship('onager', 'onager', 1), ship('cr', 'cr90', 2)] });
    expect(playerForFleet(t, 'rebel', 1)).toEqual({ player: 2, because: { player: 2, factions: ['rebel'] } });
    const kept: Table = {
      ...table({ ships: [ship('onager', 'onager', 1)] }),
      fleets: [{ player: 2, text: 'x', read: { ...readFleetList('Faction: Rebel\nCR90 Corvette A (44)') } }],
    } as unknown as Table;
    expect(playerForFleet(kept, 'rebel', 1).player).toBe(2);
    expect(playerForFleet(kept, 'empire', 1)).toEqual({ player: 1, because: null });
  });
  it('stays with an empty chosen side, even when the other side is of its faction (a mirror match)', () => {
    const t = table({ ships: [ship('cr', 'cr90', 2)] });
    expect(playerForFleet(t, 'rebel', 1)).toEqual({ player: 1, because: null });
  });
  it('stays with the chosen player when both sides hold other factions, or neither holds any', () => {
    const t = table({ ships: [ship('onager', 'onager', 1), ship('vic', 'victory', 2)] });
    expect(playerForFleet(t, 'rebel', 1)).toEqual({ player: 1, because: null });
    expect(playerForFleet(table(), 'rebel', 1)).toEqual({ player: 1, because: null });
  });
});
