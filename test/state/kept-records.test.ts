/** The Tables list's records read with care, and what may leave a full list (src/state/kept-records.ts). */
import { describe, expect, it } from 'vitest';
import demoJson from '../../assets/demo-table.json';
import { validateTable } from '../../src/model/table';
import {
  clock,
  evictedMessage,
  evictions,
  type Kept,
  KEPT_LIMIT,
  keptWhenReplaced,
  readEntry,
  readHistory,
} from '../../src/state/kept-records';

const demo = validateTable(demoJson);
const entry = (id: string, savedAt: number, source: Kept['source'], touched: boolean): Kept => ({
  id,
  name: id,
  createdAt: savedAt,
  savedAt,
  source,
  touched,
  table: demo,
});

describe('records read with care', () => {
  it('an entry that is no table is set aside with the reason; a good one reads back whole', () => {
    expect(readEntry(null, 'a')).toEqual({
      unreadable: { id: 'a', problem: 'the record is null, not a table entry' },
    });
    const bad = readEntry({ name: 'x', savedAt: 1, table: { format: 'armada-table/1', table: '4x4' } }, 7);
    expect('unreadable' in bad && bad.unreadable.id).toBe('7');
    expect('unreadable' in bad && bad.unreadable.problem).toMatch(
      /^its table could not be read \(table: .*4x4/,
    );
    const good = readEntry(entry('g', 5, 'link', false), 'g');
    expect('entry' in good && good.entry).toEqual(entry('g', 5, 'link', false));
  });
  it("an earlier version's record: kinds read, untouched only when it was plainly opened (autosave, link)", () => {
    for (const [source, touched] of [
      ['before-link', true],
      ['other-tab', true],
      ['autosave', false],
      ['link', false],
      ['nonsense', true],
    ] as const) {
      const r = readEntry({ name: 'n', savedAt: 3, source, table: demo }, 1);
      expect('entry' in r && r.entry.touched, source).toBe(touched);
    }
  });
  it('a history of null, or without lists, reads as none with the problem said; bad steps are left out and counted', () => {
    expect(readHistory(null)).toMatchObject({
      history: { past: [], future: [] },
      problem: 'the saved undo history is null',
    });
    expect(readHistory({ past: 1 }).problem).toBe('the saved undo history has no list of steps');
    expect(readHistory(undefined)).toEqual({ history: { past: [], future: [] }, dropped: 0 });
    const h = readHistory({ past: [demo, { format: 'x' }, demo], future: [null] });
    expect(h.history.past).toHaveLength(2);
    expect(h.history.future).toHaveLength(0);
    expect(h.dropped).toBe(2);
    expect(h.problem).toBe('2 steps of the saved undo history could not be read');
  });
});

describe('a full list', () => {
  it('drops only tables opened and never changed, oldest first, never one open in a tab; made tables stay past the limit', () => {
    const made = Array.from({ length: 70 }, (_, i) => entry(`m${i}`, 1000 + i, 'made', true));
    const links = Array.from({ length: 55 }, (_, i) => entry(`l${i}`, 2000 + i, 'link', false));
    const open = new Set(['l0']);
    const drop = evictions([...links, ...made], open);
    expect(drop.map((k) => k.id)).toEqual(Array.from({ length: 125 - KEPT_LIMIT }, (_, i) => `l${i + 1}`));
    // a touched link is the player's: kept
    const touched = links.map((k, i) => ({ ...k, touched: i % 2 === 0 }));
    expect(evictions([...touched, ...made], new Set()).every((k) => !k.touched)).toBe(true);
    // all made: nothing goes, whatever the count
    expect(
      evictions(
        Array.from({ length: 300 }, (_, i) => entry(`m${i}`, i, 'made', true)),
        new Set(),
      ),
    ).toEqual([]);
    expect(evictions(made, new Set())).toEqual([]);
    expect(evictedMessage(drop.slice(0, 2))).toMatch(
      /^Tables was full \(100\): 2 tables opened and never changed were dropped from it, oldest first \("l1", "l2"\)\. Every table you made or changed is kept\.$/,
    );
  });
});

describe('a table replaced on screen', () => {
  it('leaves Tables only as the demo the tab began with (or its copy), unchanged, with no undo step', () => {
    const start = JSON.stringify(demo);
    const none = { past: [], future: [] };
    // the demo as the tab began with it, or a copy of it (another tab has it open): nothing of the player's
    expect(keptWhenReplaced(entry('d', 1, 'made', false), none, start)).toBe(false);
    expect(keptWhenReplaced(entry('c', 1, 'copy', false), none, start)).toBe(false);
    // a copy read back from storage is another object of the same text: still the demo
    const read = readEntry(JSON.parse(JSON.stringify(entry('c', 1, 'copy', false))), 'c');
    expect('entry' in read && keptWhenReplaced(read.entry, none, start)).toBe(false);
    // changed (marked as it is saved), or an undo step either way: the player's, kept
    expect(keptWhenReplaced(entry('d', 1, 'made', true), none, start)).toBe(true);
    expect(keptWhenReplaced(entry('d', 1, 'made', false), { past: [demo], future: [] }, start)).toBe(true);
    expect(keptWhenReplaced(entry('d', 1, 'made', false), { past: [], future: [demo] }, start)).toBe(true);
    // another table than the demo: kept (a copy of a table the player built in another tab)
    const other = { ...demo, squadrons: demo.squadrons.slice(1) };
    expect(keptWhenReplaced({ ...entry('c', 1, 'copy', false), table: other }, none, start)).toBe(true);
    // opened from a link or a file, even the demo's own text, untouched: the player opened it, kept
    for (const source of ['link', 'file', 'autosave', 'before-link'] as const)
      expect(keptWhenReplaced(entry('l', 1, source, false), none, start), source).toBe(true);
  });
});

describe('a record saved at a time no date holds', () => {
  it('1e300 ms is said as such, not "Invalid Date"; an ordinary time reads as a date', () => {
    const r = readEntry({ name: 'far', savedAt: 1e300, table: demo }, 'far');
    expect('entry' in r && clock(r.entry.savedAt)).toBe(
      "at no date (the record's time, 1e+300 ms, is beyond any calendar)",
    );
    expect(clock(0)).not.toMatch(/Invalid|no date/);
  });
});
