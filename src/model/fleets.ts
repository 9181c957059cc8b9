/**
 * The table file's optional `fleets` field: each player's fleet list kept with the table, so that a
 * shared table carries it (docs/guide.md, "Fleet lists"). Per player: the text as pasted, the builder if the
 * player named one, how unrecognised lines were settled (`fixes`: line -> card id, or null: left
 * out), and what was read (`read`: the "armada-fleet/1" object `npm run fleet` prints).
 *
 *   "fleets": [{ "player": 1, "text": "Name: ...", "fixes": { "12": "ship:empire:victory-ii-class-star-destroyer" },
 *                "read": { "format": "armada-fleet/1", "builder": "kingston", ... } }]
 */
import { type Builder, BUILDERS, type FleetJson, MAX_COUNT, MAX_LINES } from './fleet-list';
import { type Player, TableError } from './table-pieces';

export interface TableFleet {
  player: Player;
  text: string;
  builder?: Builder;
  fixes?: Record<string, string | null>;
  read: FleetJson;
}

/** The longest list text a table keeps (a real export is a few kilobytes). */
export const MAX_FLEET_TEXT = 100_000;
/** The most ships (and squadron cards) a kept list may hold: a table holds at most 200 pieces. */
export const MAX_FLEET_ITEMS = 200;
const MAX_ITEMS = MAX_FLEET_ITEMS;
const MAX_STR = 300;

type Obj = Record<string, unknown>;
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v);
function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TableError(path, `expected an object, got ${kind(v)}`);
  return v as Obj;
}
function list(v: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(v)) throw new TableError(path, `expected a list, got ${kind(v)}`);
  if (v.length > max) throw new TableError(path, `${v.length} entries; at most ${max}`);
  return v;
}
function text(v: unknown, path: string, max = MAX_STR): string {
  if (typeof v !== 'string') throw new TableError(path, `expected text, got ${kind(v)}`);
  if (v.length > max) throw new TableError(path, `${v.length} characters; at most ${max}`);
  return v;
}
function whole(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new TableError(
      path,
      `expected a whole number from ${min} to ${max}, got ${typeof v === 'number' ? v : kind(v)}`,
    );
  }
  return v;
}
const orNull = <T>(v: unknown, f: (v: unknown) => T): T | null =>
  v === null || v === undefined ? null : f(v);
function only(o: Obj, keys: readonly string[], path: string) {
  for (const k of Object.keys(o))
    if (!keys.includes(k))
      throw new TableError(`${path}.${k}`, `unknown field; expected one of ${keys.join(', ')}`);
}

function readJson(v: unknown, path: string): FleetJson {
  const o = obj(v, path);
  only(
    o,
    ['format', 'builder', 'name', 'faction', 'points', 'ships', 'squadrons', 'objectives', 'unrecognised'],
    path,
  );
  if (o.format !== 'armada-fleet/1') throw new TableError(`${path}.format`, 'expected "armada-fleet/1"');
  const builder = text(o.builder, `${path}.builder`) as Builder;
  if (!BUILDERS.includes(builder))
    throw new TableError(`${path}.builder`, `unknown builder; expected one of ${BUILDERS.join(', ')}`);
  const ships = list(o.ships ?? [], `${path}.ships`, MAX_ITEMS).map((s, i) => {
    const at = `${path}.ships[${i}]`,
      x = obj(s, at);
    only(x, ['card', 'class', 'title', 'name', 'points', 'upgrades'], at);
    return {
      card: text(x.card, `${at}.card`),
      ...(x.class !== undefined ? { class: text(x.class, `${at}.class`) } : {}),
      ...(x.title !== undefined ? { title: text(x.title, `${at}.title`) } : {}),
      name: text(x.name, `${at}.name`),
      points: whole(x.points, `${at}.points`, 0, 2000),
      upgrades: list(x.upgrades ?? [], `${at}.upgrades`, 40).map((u, k) => text(u, `${at}.upgrades[${k}]`)),
    };
  });
  const squadrons = list(o.squadrons ?? [], `${path}.squadrons`, MAX_ITEMS).map((s, i) => {
    const at = `${path}.squadrons[${i}]`,
      x = obj(s, at);
    only(x, ['card', 'count', 'points'], at);
    return {
      card: text(x.card, `${at}.card`),
      count: whole(x.count, `${at}.count`, 1, MAX_COUNT * MAX_ITEMS),
      points: whole(x.points, `${at}.points`, 0, 100_000),
    };
  });
  const unrecognised = list(o.unrecognised ?? [], `${path}.unrecognised`, MAX_LINES + 1).map((u, i) => {
    const at = `${path}.unrecognised[${i}]`,
      x = obj(u, at);
    only(x, ['line', 'text', 'hint'], at);
    return {
      line: whole(x.line, `${at}.line`, 1, MAX_LINES * 100),
      text: text(x.text, `${at}.text`),
      hint: text(x.hint, `${at}.hint`),
    };
  });
  return {
    format: 'armada-fleet/1',
    builder,
    name: orNull(o.name, (v) => text(v, `${path}.name`)),
    faction: orNull(o.faction, (v) => text(v, `${path}.faction`)),
    points: whole(o.points, `${path}.points`, 0, 1_000_000),
    ships,
    squadrons,
    objectives: list(o.objectives ?? [], `${path}.objectives`, 20).map((x, k) =>
      text(x, `${path}.objectives[${k}]`),
    ),
    unrecognised,
  };
}

/** Check the `fleets` field (at most one list per player) and return it normalised. */
export function validateFleets(v: unknown, path = 'fleets'): TableFleet[] {
  const seen = new Set<number>();
  return list(v, path, 2).map((f, i) => {
    const at = `${path}[${i}]`,
      o = obj(f, at);
    only(o, ['player', 'text', 'builder', 'fixes', 'read'], at);
    const player = whole(o.player, `${at}.player`, 1, 2) as Player;
    if (seen.has(player))
      throw new TableError(`${at}.player`, `player ${player} has a fleet list already (one list per player)`);
    seen.add(player);
    const out: TableFleet = {
      player,
      text: text(o.text, `${at}.text`, MAX_FLEET_TEXT),
      read: readJson(o.read, `${at}.read`),
    };
    if (o.builder !== undefined) {
      const b = text(o.builder, `${at}.builder`) as Builder;
      if (!BUILDERS.includes(b))
        throw new TableError(`${at}.builder`, `unknown builder; expected one of ${BUILDERS.join(', ')}`);
      out.builder = b;
    }
    if (o.fixes !== undefined) {
      const fx = obj(o.fixes, `${at}.fixes`);
      const keys = Object.keys(fx);
      if (keys.length > MAX_ITEMS)
        throw new TableError(`${at}.fixes`, `${keys.length} lines settled; at most ${MAX_ITEMS}`);
      out.fixes = {};
      for (const k of keys) {
        if (!/^[1-9]\d{0,5}$/.test(k)) throw new TableError(`${at}.fixes.${k}`, 'expected a line number');
        out.fixes[k] = fx[k] === null ? null : text(fx[k], `${at}.fixes.${k}`, 120);
      }
    }
    return out;
  });
}
