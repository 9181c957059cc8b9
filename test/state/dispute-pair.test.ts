import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HullZoneName } from '../../src/model/catalog';
import { parseTableText, type Table } from '../../src/model/table';
import { World } from '../../src/rules/world';
import { patchPiece } from '../../src/state/pieces';
import { commands, createAppStore, tapPair } from '../../src/state/store';

const demo = (): Table => parseTableText(readFileSync('assets/demo-table.json', 'utf8'));
const none = { attacker: null, defender: null };

describe('choosing the pair by taps', () => {
  const t = demo(); // isd, tie1: player 1; mc80, xwing1: player 2
  it('the first tap picks the attacker, the second (an enemy) the defender, and the attacker stays', () => {
    const a = tapPair(t, none, 'isd', 'front');
    expect(a).toEqual({ attacker: 'isd.front', defender: null });
    const b = tapPair(t, a, 'mc80', 'left');
    expect(b).toEqual({ attacker: 'isd.front', defender: 'mc80.left' });
    expect(tapPair(t, b, 'xwing1', null)).toEqual({ attacker: 'isd.front', defender: 'xwing1' });
  });
  it("a tap on the attacker's own side picks a new attacker; another hull zone of the attacker keeps the defender", () => {
    const b = { attacker: 'isd.front', defender: 'mc80.left' };
    expect(tapPair(t, b, 'tie1', null)).toEqual({ attacker: 'tie1', defender: null });
    expect(tapPair(t, b, 'isd', 'right')).toEqual({ attacker: 'isd.right', defender: 'mc80.left' });
  });
  it('obstacles and tokens change neither', () => {
    const b = { attacker: 'isd.front', defender: 'mc80.left' };
    expect(tapPair(t, b, 'asteroid-a', null)).toBe(b);
  });
});

describe('lock pieces', () => {
  it('while locked no change moves a piece (nor undo), other settings still change', () => {
    const store = createAppStore(demo());
    const cmd = commands(store);
    cmd.change(patchPiece(store.getState().table, 'isd', { x: 700 }));
    cmd.set({ locked: true });
    const before = store.getState().table;
    cmd.change(patchPiece(before, 'isd', { x: 650 }));
    expect(store.getState().table).toBe(before);
    cmd.undo();
    expect(store.getState().table).toBe(before);
    cmd.change({ ...before, ruleset: '1.6' });
    expect(store.getState().table.ruleset).toBe('1.6');
    cmd.set({ locked: false });
    cmd.undo();
    expect(store.getState().table).toBe(before);
  });
});

describe('a tap near several hull zones of a new defender', () => {
  // a CR90 whose front faces the Victory: a line to its rear crosses its own front
  const t: Table = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'vsd', player: 1, class: 'victory', size: 'medium', x: 900, y: 200, rotation: 0, speed: 2 },
      { id: 'cr', player: 2, class: 'cr90', size: 'small', x: 900, y: 480, rotation: 180, speed: 2 },
    ],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
  const world = new World(t);
  const near = { zones: ['front', 'rear'] as const, world };
  const start = () => {
    const store = createAppStore(t);
    const cmd = commands(store);
    cmd.tap('vsd', 'front', { zones: ['front', 'left'], world });
    return { store, cmd };
  };

  it('picks the zone the attack is best against, says which zone was under the finger', () => {
    const { store, cmd } = start();
    expect(store.getState().attacker).toBe('vsd.front'); // the attacker's own tap: the zone under the finger
    cmd.tap('cr', 'rear', near);
    const s = store.getState();
    expect([s.attacker, s.defender, s.selected]).toEqual(['vsd.front', 'cr.front', 'cr']);
    expect(s.tapFacing).toEqual({ attacker: 'vsd.front', defender: 'cr.front', under: 'cr.rear', table: t });
  });

  it('a second tap on the ship defending reaches the zone under the finger', () => {
    const { store, cmd } = start();
    cmd.tap('cr', 'rear', near);
    cmd.tap('cr', 'rear', near);
    expect(store.getState().defender).toBe('cr.rear');
    expect(store.getState().tapFacing).toBeNull();
  });

  it('one zone near the tap, or a world of another table: the zone under the finger', () => {
    const { store, cmd } = start();
    cmd.tap('cr', 'rear', { zones: ['rear'], world });
    expect(store.getState().defender).toBe('cr.rear');
    const other = start();
    other.cmd.tap('cr', 'rear', { zones: near.zones, world: new World({ ...t }) });
    expect(other.store.getState().defender).toBe('cr.rear');
    const plain = start();
    plain.cmd.tap('cr', 'rear');
    expect(plain.store.getState().defender).toBe('cr.rear');
  });
});

describe('a drag, then a tap', () => {
  // as render/interaction.ts calls them: a press on a piece not selected taps it at once, and gives the pair
  // the tap found to `dragged` once the press becomes a drag
  const drag = (cmd: ReturnType<typeof commands>, id: string, zone: HullZoneName | null) =>
    cmd.dragged(id, cmd.tap(id, zone));
  const start = () => {
    const store = createAppStore(demo());
    return {
      store,
      cmd: commands(store),
      pair: () => [store.getState().attacker, store.getState().defender],
    };
  };

  it('a drag alone picks no attacker for the next tap: a tap on an enemy is a first tap', () => {
    const { store, cmd, pair } = start();
    drag(cmd, 'mc80', 'left');
    expect(store.getState().selected).toBe('mc80');
    // no attacker: nothing is drawn or listed as the MC80's attacks
    expect(pair()).toEqual([null, null]);
    expect(store.getState().draggedAlone).toBe('mc80.left');
    cmd.tap('isd', 'front');
    expect(pair()).toEqual(['isd.front', null]);
    expect(store.getState().pairFollows).toBe(false);
    cmd.tap('mc80', 'front');
    expect(pair()).toEqual(['isd.front', 'mc80.front']);
  });

  it('nor after an obstacle tapped between; a squadron of the same player after the drag attacks, as ever', () => {
    const { store, cmd, pair } = start();
    drag(cmd, 'mc80', 'left');
    cmd.tap('asteroid-a', null);
    expect(pair()).toEqual([null, null]);
    expect(store.getState().draggedAlone).toBe('mc80.left');
    cmd.tap('isd', 'front');
    expect(pair()).toEqual(['isd.front', null]);
    expect(store.getState().draggedAlone).toBeNull();
    // an obstacle tapped between two drags: they still pick the pair
    const between = start();
    drag(between.cmd, 'mc80', 'left');
    between.cmd.tap('asteroid-a', null);
    drag(between.cmd, 'isd', 'rear');
    expect(between.pair()).toEqual(['mc80.left', 'isd.rear']);
    expect(between.store.getState().pairFollows).toBe(true);
    const other = start();
    drag(other.cmd, 'mc80', 'left');
    other.cmd.tap('xwing1', null);
    expect(other.pair()).toEqual(['xwing1', null]);
  });

  it('two drags pick the pair, which follows the pieces: the first attacks, the second defends', () => {
    const { store, cmd, pair } = start();
    drag(cmd, 'isd', 'left');
    drag(cmd, 'mc80', 'rear');
    expect(pair()).toEqual(['isd.left', 'mc80.rear']);
    expect(store.getState().pairFollows).toBe(true);
    // a squadron dragged second
    const other = start();
    drag(other.cmd, 'mc80', 'left');
    drag(other.cmd, 'tie1', null);
    expect(other.pair()).toEqual(['mc80.left', 'tie1']);
    expect(other.store.getState().pairFollows).toBe(true);
  });

  it('two drags of one side: the second is a drag alone too, and a drag of an enemy then pairs with it', () => {
    const { store, cmd, pair } = start();
    drag(cmd, 'mc80', 'left');
    drag(cmd, 'cr90', 'front');
    expect(pair()).toEqual([null, null]);
    expect(store.getState().draggedAlone).toBe('cr90.front');
    drag(cmd, 'isd', 'rear');
    expect(pair()).toEqual(['cr90.front', 'isd.rear']);
  });

  it('the selected attacker dragged (the press on it taps nothing) stays the attacker, with its lines', () => {
    const { store, cmd, pair } = start();
    cmd.tap('isd', 'front');
    cmd.dragged('isd');
    expect(pair()).toEqual(['isd.front', null]);
    expect(store.getState().draggedAlone).toBeNull();
    cmd.tap('mc80', 'left');
    expect(pair()).toEqual(['isd.front', 'mc80.left']);
  });

  it('an attacker a tap chose stays for the next tap, and for a drag of an enemy', () => {
    const { store, cmd, pair } = start();
    cmd.tap('isd', 'front');
    cmd.tap('mc80', 'left');
    expect(pair()).toEqual(['isd.front', 'mc80.left']);
    const again = start();
    again.cmd.tap('isd', 'front');
    drag(again.cmd, 'mc80', 'left');
    expect(again.pair()).toEqual(['isd.front', 'mc80.left']);
    expect(again.store.getState().pairFollows).toBe(true);
    expect(store.getState().pairFollows).toBe(false);
  });
});

describe('a tap on a third enemy ship after two drags picked the pair', () => {
  // a Victory facing a CR90 ahead of it, a Nebulon-B off its right: only the Victory's right zone reaches it
  const t: Table = {
    format: 'armada-table/1',
    table: '3x6',
    ruleset: 'seed',
    ships: [
      { id: 'vsd', player: 1, class: 'victory', size: 'medium', x: 900, y: 300, rotation: 0, speed: 2 },
      { id: 'cr', player: 2, class: 'cr90', size: 'small', x: 900, y: 520, rotation: 180, speed: 2 },
      { id: 'nb', player: 2, class: 'nebulon-b', size: 'small', x: 1080, y: 330, rotation: 0, speed: 2 },
    ],
    squadrons: [],
    obstacles: [],
    tokens: [],
    proposals: [],
  };
  const world = new World(t);
  const at = (zones: HullZoneName[]) => ({ zones, world });
  const dragged = () => {
    const store = createAppStore(t);
    const cmd = commands(store);
    cmd.dragged('vsd', cmd.tap('vsd', 'rear', at(['rear'])));
    cmd.dragged('cr', cmd.tap('cr', 'rear', at(['rear'])));
    cmd.follow('vsd.front', 'cr.front'); // the frame loop: the zones that face each other
    const pair = () => [store.getState().attacker, store.getState().defender];
    expect(pair()).toEqual(['vsd.front', 'cr.front']);
    return { store, cmd, pair };
  };

  it("is attacked from the attacker's zone that faces it, and the tap fixes the zones", () => {
    const { store, cmd, pair } = dragged();
    cmd.tap('nb', 'left', at(['left']));
    expect(pair()).toEqual(['vsd.right', 'nb.left']);
    expect(store.getState().pairFollows).toBe(false);
  });

  it('a fingertip over several zones: the attacker faced first, then the zone its attack is best on', () => {
    const { store, cmd, pair } = dragged();
    cmd.tap('nb', 'front', at(['front', 'left', 'right', 'rear']));
    expect(pair()).toEqual(['vsd.right', 'nb.left']);
    expect(store.getState().tapFacing).toMatchObject({
      attacker: 'vsd.right',
      defender: 'nb.left',
      under: 'nb.front',
    });
  });

  it("an attacker's zone a tap chose stays; a tap on the attacker picks the zone under the finger", () => {
    const store = createAppStore(t);
    const cmd = commands(store);
    cmd.tap('vsd', 'front', at(['front']));
    cmd.tap('cr', 'front', at(['front']));
    cmd.tap('nb', 'left', at(['left']));
    expect([store.getState().attacker, store.getState().defender]).toEqual(['vsd.front', 'nb.left']);
    const { cmd: c2, pair } = dragged();
    c2.tap('vsd', 'left', at(['left']));
    expect(pair()).toEqual(['vsd.left', 'cr.front']);
  });

  it('without the world of the table on screen the zone stays as it was', () => {
    const { cmd, pair } = dragged();
    cmd.tap('nb', 'left');
    expect(pair()).toEqual(['vsd.front', 'nb.left']);
  });
});
