/**
 * `npx tsx scripts/compare-reports.ts write DIR [--stress]` writes the full report (every `why`
 * and depth read) of a set of tables, under both rulesets, into DIR; `... compare DIR` judges
 * them again with the code as it is now and says, table by table, whether the reports are the
 * same byte for byte, differ only in key order, only below 0.01 (the CLI's rounding), or differ,
 * naming the fields that do (with --verdicts, every changed verdict: attacks, exogorths, proposals). For checking that a speed-up kept every answer: write before the
 * change, compare after.
 *
 * Tables: three generated tournament tables (scripts/bench/tables.ts), every table in test/tables
 * and ../shared/tables, and with --stress the stress table (that one takes about half a minute).
 */
import fs from 'node:fs';
import path from 'node:path';
import { stressTable, tournamentTable } from './bench/tables';
import { roundNumbers } from '../src/model/report';
import { parseTableText, type Table } from '../src/model/table';
import { analyze } from '../src/rules/report/analyze';

const [mode, dir] = process.argv.slice(2);
if ((mode !== 'write' && mode !== 'compare') || !dir) {
  console.error('usage: compare-reports.ts write|compare DIR [--stress]');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const tables: [string, Table][] = [1, 2, 3].map((seed) => [`tournament-${seed}`, tournamentTable(seed)]);
if (process.argv.includes('--stress')) tables.push(['stress', stressTable(1)]);
for (const folder of [path.join(root, 'test/tables'), path.join(root, '../shared/tables')]) {
  if (!fs.existsSync(folder)) continue;
  for (const f of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort())
    tables.push([f.replace(/\.json$/, ''), parseTableText(fs.readFileSync(path.join(folder, f), 'utf8'))]);
}

/** JSON with every object's keys sorted: equal for reports that differ only in key order. */
const sortedKeys = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** The paths (indices as #) where two parsed reports differ, with how many times. */
function differences(a: unknown, b: unknown, at = '', out = new Map<string, number>()): Map<string, number> {
  const note = () => {
    const k = at.replace(/\d+/g, '#');
    out.set(k, (out.get(k) ?? 0) + 1);
  };
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.abs(a - b) > 1e-9) note();
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`, out);
    return out;
  }
  if (a !== b) note();
  return out;
}

type Entry = Record<string, unknown>;
/**
 * With --verdicts: every verdict that changed, one line each: an attack's inArc, range, los and
 * the pieces it names; an exogorth's attacks and los; a proposal's legality and violations.
 */
function verdictChanges(old: Entry, now: Entry): string[] {
  const out: string[] = [];
  const say = (v: unknown) => JSON.stringify(v);
  const byKey = (list: unknown, key: (e: Entry) => string) =>
    new Map(((list as Entry[]) ?? []).map((e) => [key(e), e]));
  const sections: [string, (e: Entry) => string, string[]][] = [
    [
      'attacks',
      (e) => `${e.attacker} -> ${e.defender}`,
      ['inArc', 'range', 'los', 'obstructedBy', 'dustBy', 'blockedBy'],
    ],
    ['exogorths', (e) => `${e.exogorth} -> ${e.squadron}`, ['attacks', 'los', 'obstructedBy']],
    ['proposals', (e) => `proposal ${e.id}`, ['legal', 'violations', 'unplaced', 'placements']],
  ];
  for (const [section, key, fields] of sections) {
    const a = byKey(old[section], key),
      b = byKey(now[section], key);
    for (const k of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(k),
        y = b.get(k);
      if (!x || !y) {
        out.push(`${section} ${k}: ${x ? 'gone' : 'new'}`);
        continue;
      }
      // violations by their rules (the figures in them are listed by the field comparison above)
      const value = (e: Entry, f: string) =>
        f === 'violations' ? ((e[f] as Entry[]) ?? []).map((v) => v.rule) : roundNumbers(e[f] ?? null);
      const diff = fields.filter((f) => say(value(x, f)) !== say(value(y, f)));
      if (diff.length)
        out.push(`${k}: ${diff.map((f) => `${f} ${say(value(x, f))} -> ${say(value(y, f))}`).join(', ')}`);
    }
  }
  return out;
}

fs.mkdirSync(dir, { recursive: true });
let differ = 0;
for (const [name, table] of tables) {
  for (const ruleset of ['seed', '1.6'] as const) {
    const text = JSON.stringify(analyze({ ...table, ruleset }), null, 1);
    const file = path.join(dir, `${name}.${ruleset}.json`);
    if (mode === 'write') {
      fs.writeFileSync(file, text);
      continue;
    }
    if (!fs.existsSync(file)) {
      console.log(`${name} ${ruleset}: nothing written before`);
      differ++;
      continue;
    }
    const before = fs.readFileSync(file, 'utf8');
    if (before === text) {
      console.log(`${name} ${ruleset}: same`);
      continue;
    }
    const [old, now] = [JSON.parse(before), JSON.parse(text)];
    if (sortedKeys(old) === sortedKeys(now)) {
      console.log(`${name} ${ruleset}: same but for key order`);
      continue;
    }
    if (sortedKeys(roundNumbers(old)) === sortedKeys(roundNumbers(now))) {
      console.log(`${name} ${ruleset}: same to 0.01`);
      continue;
    }
    differ++;
    console.log(
      `${name} ${ruleset}: DIFFERS in ${[...differences(old, now)].map(([k, n]) => `${k} (${n})`).join(', ')}`,
    );
    if (process.argv.includes('--verdicts'))
      for (const line of verdictChanges(old, now)) console.log(`  ${line}`);
  }
}
console.log(
  mode === 'write'
    ? `wrote ${tables.length * 2} reports to ${dir}`
    : `${differ} of ${tables.length * 2} reports differ`,
);
