import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/model/catalog';
import { namer, namerOf, pieceNames, shortClassName, sideName } from '../../src/model/names';
import { parseTableText, validateTable } from '../../src/model/table';
import demoJson from '../../assets/demo-table.json';
import { headlineOf } from '../../src/rules/attacks/dispute';
import type { AttackReport } from '../../src/model/report';

const table = (ships: object[], squadrons: object[] = []) =>
  parseTableText(
    JSON.stringify({
      format: 'armada-table/1',
      table: '3x6',
      ruleset: 'seed',
      ships,
      squadrons,
      obstacles: [],
      tokens: [],
      proposals: [],
    }),
  );
const ship = (id: string, cls: string | undefined, extra: object = {}) => ({
  id,
  player: 1,
  size: cls ? CATALOG.shipClasses[cls].size : 'small',
  ...(cls ? { class: cls } : {}),
  x: 100 + id.length * 200,
  y: 300,
  rotation: 0,
  speed: 2,
  ...extra,
});

describe('what players call the pieces', () => {
  it('a class by its short name: before "-class", without parentheses or the kind of ship', () => {
    expect(shortClassName('victory')).toBe('Victory');
    expect(shortClassName('cr90')).toBe('CR90');
    expect(shortClassName('nebulon-b')).toBe('Nebulon-B');
    expect(shortClassName('mc80')).toBe('MC80');
    expect(shortClassName('assault-frigate-mk2')).toBe('AF Mk II');
    // never the full class name, never longer than 12 characters
    for (const [id, c] of Object.entries(CATALOG.shipClasses)) {
      expect(shortClassName(id)).not.toBe(c.name);
      expect(shortClassName(id).length).toBeLessThanOrEqual(12);
    }
  });

  it("a ship by its name, else its class's short name; two alike are numbered; a squadron by its name, else its id", () => {
    const t = table(
      [
        ship('a', 'victory', { name: 'Warlord' }),
        ship('bb', 'cr90'),
        ship('ccc', 'cr90'),
        ship('dddd', undefined),
      ],
      [
        { id: 'sq1', player: 2, x: 900, y: 600, name: 'Howlrunner' },
        { id: 'sq2', player: 2, x: 1000, y: 600 },
      ],
    );
    const n = pieceNames(t);
    expect(Object.fromEntries(n)).toEqual({
      a: 'Warlord',
      bb: 'CR90 1',
      ccc: 'CR90 2',
      dddd: 'small ship',
      sq1: 'Howlrunner',
      sq2: 'sq2',
    });
    expect(sideName(n, 'a.front')).toBe('Warlord front');
    expect(sideName(n, 'ccc.rear')).toBe('CR90 2 rear');
    expect(sideName(n, 'nobody.rear')).toBe('nobody rear');
  });

  it('a headline in names keeps the ids it rests on in `named`', () => {
    const t = table([ship('vic', 'victory'), { ...ship('cr', 'cr90'), player: 2 }]);
    const a = {
      attacker: 'vic.front',
      defender: 'cr.rear',
      inArc: true,
      range: 'medium',
      los: 'obstructed',
      obstructedBy: ['asteroid1'],
    } as unknown as AttackReport;
    const h = headlineOf(a, namer(t));
    expect(h.headline).toBe('Victory front may attack CR90 rear at medium range, obstructed by asteroid1.');
    expect(h.named).toEqual(['vic.front', 'cr.rear', 'asteroid1']);
    expect(headlineOf(a).headline).toBe(
      'vic.front may attack cr.rear at medium range, obstructed by asteroid1.',
    );
  });
});

describe('namerOf', () => {
  it("is namer's, made once for the same ships and squadrons lists and again when either changes", () => {
    const t = validateTable(JSON.parse(JSON.stringify(demoJson)));
    const say = namerOf(t);
    for (const id of ['isd', 'vsd', 'tie1', 'asteroid-a', 'isd.front']) expect(say(id)).toBe(namer(t)(id));
    // an obstacle moved: the same lists, the same namer
    const moved = { ...t, obstacles: t.obstacles.map((o, i) => (i ? o : { ...o, x: o.x + 5 })) };
    expect(namerOf(moved)).toBe(say);
    const renamed = { ...t, ships: t.ships.map((s) => (s.id === 'isd' ? { ...s, name: 'Chimaera' } : s)) };
    expect(namerOf(renamed)).not.toBe(say);
    expect(namerOf(renamed)('isd')).toBe('Chimaera');
    const named = {
      ...t,
      squadrons: t.squadrons.map((q) => (q.id === 'tie1' ? { ...q, name: 'Howlrunner' } : q)),
    };
    expect(namerOf(named)('tie1')).toBe('Howlrunner');
  });

  it('a ship moved (new lists, the same names): the namer it had; a name changed back: a namer naming it so', () => {
    const t = validateTable(JSON.parse(JSON.stringify(demoJson)));
    const say = namerOf(t);
    const step = (x: number) => ({ ...t, ships: t.ships.map((s) => (s.id === 'vsd' ? { ...s, x } : s)) });
    expect(namerOf(step(400))).toBe(say);
    expect(namerOf(step(401))).toBe(say);
    const renamed = { ...t, ships: t.ships.map((s) => (s.id === 'vsd' ? { ...s, name: 'Warlord' } : s)) };
    expect(namerOf(renamed)('vsd')).toBe('Warlord');
    expect(namerOf(step(402))('vsd')).toBe(namer(t)('vsd'));
  });
});
