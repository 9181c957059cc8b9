/**
 * A fleet list as a fleet builder exports it, read against the card table (src/model/cards.ts).
 * One reader serves the app and `npm run fleet` (src/cli/fleet.ts); its output is the
 * "armada-fleet/1" object of table-format.md ("Fleet lists").
 *
 * The builders (recognised from the text, or named by the caller):
 * - `kingston` (Ryan Kingston's builder) and `starforge` (Star Forge) write the same shape:
 *   `Name:`, `Faction:`, `Commander:`, `Assault:`/`Defense:`/`Navigation:` (objectives), a ship
 *   `Victory II (85)` (Kingston may add `!` after superseded points), its upgrades bulleted `• Name (7)`,
 *   `= 124 Points`, a `Squadrons:` section of `• 2 x TIE Fighter Squadron (16)`, `Total Points: 400`.
 *   Star Forge is told apart by its ` Name:` (a leading space), an ace written `Pilot - Ship`, and its
 *   `[Legacy]`, `{IMP}` tags;
 * - `warlords` (Armada Warlords): the fleet's name on the first line, `Faction:`, `Points: 398/400`,
 *   `Assault Objective:`, a ship `[ flagship ] MC80 Battle Cruiser (103 points)`, upgrades
 *   `-  Name\t ( 30\t points)`, `= 169 total ship cost`, squadrons `6\tYT-2400s ( 96 points)` (the total);
 * - `afd-old` and `afd-new` (Armada Fleets Designer): a header `Name (398/400)` (new: `(0/399/400)`),
 *   a `=====` rule, ships `Name (63 + 21)` (new: `(63 + 29: 92)`), upgrades `+ Name (4)` (new: indented),
 *   squadrons `Ketsu Onyo (22)` and `6 x YT-2400 (6 x 16)`, objectives as bare lines at the end (new);
 * - `fabs` (Fab's builder): `REBEL FLEET (398 points)`, then numbered lines `1 • Ship - Upgrade - ... (169)`
 *   (the ship's total), aces as `Pilot Ship`, one line per squadron, `Objectives - A - B - C (0)`;
 * - `plain`: none of those marks; one ship or squadron a line, `2 x` counts allowed.
 *
 * What a line is comes from where it stands and the cards its name may mean: a bulleted or indented
 * line under a ship is one of its upgrades (a title names the ship), a line in a squadrons section or
 * a name only a squadron card has is a squadron (with its count), headers, totals, fleet names and
 * objectives are never ships. Digits inside a name (YT-2400, JumpMaster 5000) are not points: only a
 * number in the line's last brackets is. A name several cards share is settled by the list's faction
 * (its faction line, else the faction of its other cards), then the number written beside it (for Fab's,
 * which writes no upgrade's points, the ship's total). An upgrade that may still be a commander or not
 * (Leia Organa: a commander of 28, an officer of 3) is settled by its place: the commander the list's
 * `Commander:` line names, else (not on a ship other than the one marked flagship) the first upgrade
 * under its ship, as every builder writes the commander, when no other upgrade of the list is surely one.
 * Every line that is none of these is listed as not recognised, with a hint; nothing is dropped.
 */
import {
  type Card,
  cardIndex,
  type CardIndex,
  type CardKind,
  cardKey,
  factionsOf,
  type Hit,
  looseKey,
  pointsOf,
} from './cards';

export type Builder = 'kingston' | 'starforge' | 'warlords' | 'afd-old' | 'afd-new' | 'fabs' | 'plain';
export const BUILDERS: readonly Builder[] = [
  'kingston',
  'starforge',
  'warlords',
  'afd-old',
  'afd-new',
  'fabs',
  'plain',
];

export interface ReadShip {
  card: string;
  cardId: string;
  class?: string;
  title?: string;
  /** the title, else the card's name */
  name: string;
  /** the ship card's own points (the value the list gives it, else the printed value) */
  points: number;
  upgrades: string[];
  /** each upgrade's card id, in the order of `upgrades` (one name may be several cards) */
  upgradeIds: string[];
  /** the ship with its upgrades, as the list adds them up (or as the cards do) */
  total: number;
  line: number;
}
export interface ReadSquadron {
  card: string;
  cardId: string;
  count: number;
  points: number;
  unique: boolean;
  lines: number[];
}
export interface Unrecognised {
  line: number;
  text: string;
  hint: string;
}

export interface FleetReading {
  builder: Builder;
  name: string | null;
  faction: string | null;
  /** the total the list states, else the sum of what was read */
  points: number;
  /** the list's own total, if it states one */
  statedPoints: number | null;
  /** the sum of the points read (ships with upgrades, squadrons) */
  readPoints: number;
  ships: ReadShip[];
  squadrons: ReadSquadron[];
  objectives: string[];
  unrecognised: Unrecognised[];
  /** lines the player chose to leave out (see `fixes`) */
  leftOut: { line: number; text: string }[];
  /** what the reader did with the text as a whole (HTML read as text, lines not read) */
  notes: string[];
}

/** The "armada-fleet/1" object `npm run fleet` prints (table-format.md, "Fleet lists"). */
export interface FleetJson {
  format: 'armada-fleet/1';
  builder: Builder;
  name: string | null;
  faction: string | null;
  points: number;
  ships: { card: string; class?: string; title?: string; name: string; points: number; upgrades: string[] }[];
  squadrons: { card: string; count: number; points: number }[];
  objectives: string[];
  unrecognised: Unrecognised[];
}

export function fleetJson(r: FleetReading): FleetJson {
  return {
    format: 'armada-fleet/1',
    builder: r.builder,
    name: r.name,
    faction: r.faction,
    points: r.points,
    ships: r.ships.map((s) => ({
      card: s.card,
      ...(s.class ? { class: s.class } : {}),
      ...(s.title ? { title: s.title } : {}),
      name: s.name,
      points: s.points,
      upgrades: s.upgrades,
    })),
    squadrons: r.squadrons.map((q) => ({ card: q.card, count: q.count, points: q.points })),
    objectives: r.objectives,
    unrecognised: r.unrecognised,
  };
}

/** A piece to set down from a list: a ship (by class, named by its title) or one squadron. */
export interface FleetPiece {
  kind: 'ship' | 'squadron';
  /** what the piece is called on the table: a ship's title or card, a squadron's card */
  name: string;
  /** the card (a ship's or squadron's) */
  card: string;
  class?: string;
  /** 1-based line of the list it came from, and the line as written */
  line: number;
  text: string;
}

/** The pieces a reading lists: its ships in order, then each squadron as many times as its count. */
export function fleetPieces(r: FleetReading, text = ''): FleetPiece[] {
  const lines = text ? text.split(/\r\n|\r|\n/) : [];
  const at = (n: number) => (lines[n - 1] ?? '').trim().slice(0, 200);
  const out: FleetPiece[] = r.ships.map((s) => ({
    kind: 'ship',
    name: s.name,
    card: s.card,
    ...(s.class ? { class: s.class } : {}),
    line: s.line,
    text: at(s.line),
  }));
  for (const q of r.squadrons) {
    for (let k = 0; k < q.count; k++) {
      const line = q.lines[Math.min(k, q.lines.length - 1)];
      out.push({ kind: 'squadron', name: q.card, card: q.card, line, text: at(line) });
    }
  }
  return out;
}

/** How a player settled an unrecognised line: a card's id, or null to leave the line out. */
export type Fixes = Record<number, string | null>;

export interface ReadOptions {
  builder?: Builder;
  /** line number -> the card it means, or null: leave it out */
  fixes?: Fixes;
  index?: CardIndex;
}

/** Lines beyond this are not read (a fleet list is well under 100 lines); the rest is named. */
export const MAX_LINES = 5_000;
/** A line longer than this is no card line and is not matched. */
export const MAX_LINE_CHARS = 300;
/** At most this many of a piece on one line ("2 x ..."): a table holds at most 200 pieces. */
export const MAX_COUNT = 20;
/** Hints (the nearest card) are worked out for this many unrecognised lines; later ones say less. */
const MAX_HINTS = 100;

const FACTION_WORDS: [RegExp, string][] = [
  [/separatist|confedera|\bcis\b/i, 'separatist'],
  [/new republic|\bnr\b/i, 'new-republic'],
  [/republic|\bgar\b/i, 'republic'],
  [/rebel|\breb\b/i, 'rebel'],
  [/empire|imperial|\bimp\b/i, 'empire'],
  [/scum|\bsc\b/i, 'scum'],
];
export function factionOf(text: string): string | null {
  for (const [re, f] of FACTION_WORDS) if (re.test(text)) return f;
  return null;
}

type Pts =
  | { kind: 'one'; n: number }
  | { kind: 'sum'; base: number; upg: number; total: number }
  | { kind: 'times'; count: number; each: number };

interface Tok {
  no: number;
  /** the line trimmed, tabs as spaces */
  t: string;
  indent: number;
  bullet: boolean;
  /** the name: without bullet, tags, count and points */
  name: string;
  /** the name with a leading number kept, in case it belongs to the name */
  withCount: string;
  count: number | null;
  pts: Pts | null;
  flagship: boolean;
}

const PTS_ONE = /^(\d{1,4})\s*(?:pts?|points?)?$/i;
const PTS_SUM = /^(\d{1,4})\s*\+\s*(\d{1,4})(?:\s*:\s*(\d{1,4}))?$/;
const PTS_TIMES = /^(\d{1,3})\s*[x×]\s*(\d{1,4})(?:\s*:\s*(\d{1,4}))?$/i;

function tokenise(raw: string, no: number, fabs: boolean): Tok {
  const expanded = raw.replace(/\t/g, '    ').replace(/\u00a0/g, ' ');
  const indent = /^ */.exec(expanded)![0].length;
  let t = expanded.trim().replace(/\s+/g, ' ');
  const full = t;
  let bullet = false;
  // Fab's numbers its lines ("4 • Ketsu Onyo Shadow Caster (22)"): a line number, not a count
  const fab = fabs ? /^\d+\s*[•·]\s*/.exec(t) : null;
  if (fab) t = t.slice(fab[0].length);
  else {
    const b = /^(?:[•·●▪◦*+>]|[-–—](?!\d))\s*/.exec(t);
    if (b) {
      bullet = true;
      t = t.slice(b[0].length);
    }
  }
  let flagship = false;
  t = t.replace(/\[\s*flagship\s*\]/i, () => {
    flagship = true;
    return ' ';
  });
  // tags: Star Forge's "[Legacy]" and "{IMP}"
  t = t
    .replace(/\[[^\]]{0,30}\]|\{[^}]{0,12}\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  t = t.replace(/\s*!+$/, '');
  let pts: Pts | null = null;
  const g = /\(([^()]*)\)\s*$/.exec(t);
  if (g) {
    const inner = g[1].trim();
    let m: RegExpExecArray | null;
    if ((m = PTS_ONE.exec(inner))) pts = { kind: 'one', n: Number(m[1]) };
    else if ((m = PTS_SUM.exec(inner)))
      pts = {
        kind: 'sum',
        base: Number(m[1]),
        upg: Number(m[2]),
        total: m[3] ? Number(m[3]) : Number(m[1]) + Number(m[2]),
      };
    else if ((m = PTS_TIMES.exec(inner))) pts = { kind: 'times', count: Number(m[1]), each: Number(m[2]) };
    if (pts) t = t.slice(0, g.index).trim();
  }
  if (!pts) {
    // "Victory II - 85", "Victory II: 85 points"
    const m = /(?:\s+[-–—]\s+|\s*:\s*)(\d{1,4})\s*(?:pts?|points?)?$/i.exec(t);
    if (m && m.index > 0) {
      pts = { kind: 'one', n: Number(m[1]) };
      t = t.slice(0, m.index).trim();
    }
  }
  const withCount = t;
  let count: number | null = null;
  // "2 x TIE", "2x TIE", "2×TIE", Warlords' "2 TIE" (and "2 X-wing" is two X-wings)
  const c = /^(\d{1,4})\s*(?:[x×](?=\s)|×)\s*/i.exec(t) ?? /^(\d{1,4})\s+(?=[^\d\s])/.exec(t);
  if (c) {
    count = Number(c[1]);
    t = t.slice(c[0].length);
  } else {
    const s = /\s+[x×]\s*(\d{1,4})$/i.exec(t);
    if (s) {
      count = Number(s[1]);
      t = t.slice(0, s.index);
    }
  }
  if (pts?.kind === 'times' && count === null) count = pts.count;
  return { no, t: full, indent, bullet, name: t.trim(), withCount, count, pts, flagship };
}

/**
 * What the text looks like it came from. Every mark is looked for line by line, in the lines of the
 * first 20,000 characters that are short enough to be a list's (MAX_LINE_CHARS), so each pattern's work
 * is bounded by a line's length and the whole is linear in the text: a pattern over the whole text with
 * `^\s*` in multiline mode tried every line break as a start and ran across all the blank lines after it
 * (20,000 line breaks took most of a second).
 */
export function detectBuilder(text: string): Builder {
  const raw = text
    .slice(0, 20_000)
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim().length <= MAX_LINE_CHARS);
  const lines = raw.map((l) => l.trim()).filter(Boolean);
  const top = lines.find((l) => !l.startsWith('#')) ?? '';
  const any = (re: RegExp, from: readonly string[] = lines) => from.some((l) => re.test(l));
  if (/^\S.*\bfleet\s*\(\s*\d+\s*points?\s*\)$/i.test(top) || any(/^\d+\s*•\s*objectives\b/i)) return 'fabs';
  if (/\(\s*\d+\s*\/\s*\d+\s*\/\s*\d+\s*\)$/.test(top) || any(/\(\s*\d+\s*\+\s*\d+\s*:\s*\d+\s*\)$/))
    return 'afd-new';
  if (
    /\(\s*\d+\s*\/\s*\d+\s*\)$/.test(top) ||
    any(/\(\s*\d+\s*\+\s*\d+\s*\)$/) ||
    any(/\(\s*\d+\s*x\s*\d+\s*\)$/i)
  )
    return 'afd-old';
  if (
    any(/total (ship|squadron) cost/i) ||
    any(/\(\s*\d+\s+points\s*\)/i) ||
    any(/^(assault|defen[cs]e|navigation) objective\s*:/i) ||
    any(/\[\s*flagship\s*\]/i)
  )
    return 'warlords';
  const kingstonish =
    any(/^(name|faction|commander)\s*:/i) || any(/^=\s*\d+\s*points$/i) || any(/^total points\s*:/i);
  if (
    any(/^ name\s*:/i, raw) ||
    any(/\[(legacy|oldlegacy|legacybeta|nexus|legends)\]|\{(imp|reb|gar|cis|nr|scum)\}/i) ||
    (kingstonish && any(/^•\s*(\d+\s*x\s*)?[^-]+ - .+\(\d+\)$/)) ||
    any(/^name\s*:\s*untitled fleet$/i)
  )
    return 'starforge';
  if (kingstonish || any(/\)\s*!$/)) return 'kingston';
  return 'plain';
}

/** `<script ...>...</script>` and `<style ...>...</style>` cut out, in one pass (a lazy pattern was quadratic). */
function cutScripts(s: string): string {
  const open = /<(script|style)\b/gi;
  const unclosed = new Set<string>(); // a name with no closing tag after some point has none after any later one
  const out: string[] = [];
  let from = 0;
  for (let m = open.exec(s); m; m = open.exec(s)) {
    const name = m[1].toLowerCase();
    if (unclosed.has(name)) continue;
    const close = new RegExp(`</${name}\\s*>`, 'gi');
    close.lastIndex = m.index + m[0].length;
    const c = close.exec(s);
    if (!c) {
      unclosed.add(name);
      continue;
    }
    out.push(s.slice(from, m.index));
    from = open.lastIndex = c.index + c[0].length;
  }
  out.push(s.slice(from));
  return out.join('');
}

/** Each `<...>` of at most 2,000 characters cut out, in one pass (each '<' looks for the next '>' only once). */
function cutTags(s: string): string {
  const out: string[] = [];
  let from = 0,
    gt = -2; // the first '>' after the last '<' looked at (-1: none left)
  for (let lt = s.indexOf('<'); lt >= 0; lt = s.indexOf('<', lt + 1)) {
    if (lt < from) continue;
    if (gt !== -1 && gt < lt) gt = s.indexOf('>', lt);
    if (gt < 0) break;
    if (gt - lt - 1 > 2000) continue;
    out.push(s.slice(from, lt));
    from = gt + 1;
  }
  out.push(s.slice(from));
  return out.join('');
}

/** A web page pasted instead of its text: the text, line breaks where the page breaks lines. */
export function htmlToText(s: string): string {
  return cutTags(cutScripts(s).replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|pre|table|ul|ol)\s*>/gi, '\n'))
    .replace(/&nbsp;/g, ' ')
    .replace(/&bull;/g, '•')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'") // &#NN; numeric references are read below
    .replace(/&#(\d{1,6});/g, (_, n) => String.fromCodePoint(Math.min(Number(n), 0x10ffff)))
    .replace(/&#x([\da-f]{1,6});/gi, (_, n) => String.fromCodePoint(Math.min(parseInt(n, 16), 0x10ffff)))
    .replace(/&amp;/g, '&');
}
// three tags or more (one "<p" may turn up in binary noise)
const looksLikeHtml = (s: string) =>
  (s
    .slice(0, 100_000)
    .match(/<\/?(!doctype|html|body|head|div|p|br|span|table|tr|td|li|ul|pre)\b[^<>]{0,500}>/gi)?.length ??
    0) >= 3;

type Role = 'ship' | 'squadron' | 'objective' | 'sub';
interface Entry {
  role: Role;
  hits: Hit[];
  tok: Tok;
  ship?: Entry;
  count: number;
  fixed?: boolean;
}

const HEADER_WORDS = [
  'fleet name',
  'name',
  'faction',
  'commander',
  'author',
  'format',
  'assault objective',
  'defen[cs]e objective',
  'navigation objective',
  'assault',
  'defen[cs]e',
  'navigation',
  'objectives?',
  'points',
  'fleet points',
  'total points',
  'total',
  'ships',
  'squadrons',
];
const HEADER = new RegExp(`^(${HEADER_WORDS.join('|')})\\s*:\\s*(.*)$`, 'i');

/** Read a fleet list (see the module's comment). Never throws; what it cannot read is listed. */
export function readFleetList(input: string, opts: ReadOptions = {}): FleetReading {
  return new FleetReader(input, opts).read();
}

/** One line of the list, as it is read. */
interface Line {
  no: number;
  raw: string;
  trimmed: string;
  /** the card the player chose for this line (fixes), null: left out, undefined: read as written */
  fix: string | null | undefined;
  /** the first line with content */
  first: boolean;
  /** the line with its runs of white space as one space */
  plain: string;
}

/**
 * The reader's state as it goes down the list: what it has read (name, faction, stated points,
 * objectives, entries), where it stands (the section, the ship above), and what it could not read.
 * Each kind of line is one method, tried in the order the module's comment gives.
 */
class FleetReader {
  private readonly index: CardIndex;
  private readonly notes: string[] = [];
  private readonly text: string;
  private readonly builder: Builder;
  private readonly fixes: Record<number, string | null>;
  private readonly fabs: boolean;
  private readonly unrecognised: Unrecognised[] = [];
  private readonly leftOut: FleetReading['leftOut'] = [];
  private name: string | null = null;
  private faction: string | null = null;
  /** the commander the list's `Commander:` line names */
  private commander: string | null = null;
  private stated: number | null = null;
  private readonly objectives: string[] = [];
  private readonly entries: Entry[] = [];
  private section: 'ships' | 'squadrons' | null = null;
  private ship: Entry | null = null;
  private sawContent = false;
  private hints = 0;

  constructor(input: string, opts: ReadOptions) {
    this.index = opts.index ?? cardIndex();
    let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    if (looksLikeHtml(text)) {
      text = htmlToText(text);
      this.notes.push(
        "The text is a web page (HTML): its text was read. Paste the fleet builder's text export instead.",
      );
    }
    this.text = text;
    this.builder = opts.builder ?? detectBuilder(text);
    this.fixes = opts.fixes ?? {};
    this.fabs = this.builder === 'fabs';
  }

  read(): FleetReading {
    let lines = this.text.split(/\r\n|\r|\n/);
    if (lines.length > MAX_LINES) {
      this.notes.push(
        `The text has ${lines.length} lines; the first ${MAX_LINES} were read (a fleet list is under 100 lines).`,
      );
      lines = lines.slice(0, MAX_LINES);
    }
    for (let i = 0; i < lines.length; i++) this.line(i + 1, lines[i]);
    if (!this.faction) this.faction = agreedFaction(this.entries);
    return this.result();
  }

  private miss(no: number, t: string, hint: string) {
    this.unrecognised.push({ line: no, text: short(t), hint });
  }

  private nearHint(name: string, kinds: readonly CardKind[] | undefined, what: string) {
    if (this.hints++ >= MAX_HINTS) return `${what}`;
    const cut = this.index.beginning(name, kinds);
    if (cut) return `${what}; cut short? "${cut.name}" begins so`;
    const near = this.index.nearest(name, kinds);
    return near ? `${what}; the nearest card: "${near.name}" (${near.kind})` : what;
  }

  private objective(no: number, raw: string, v: string) {
    for (const part of v
      .split(/\s+-\s+|,\s*/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const hits = this.index.find(part.replace(/\s*\(\d+\)\s*$/, ''), ['objective']);
      if (hits.length) this.objectives.push(hits[0].card.name);
      else if (!/^(none|-+|n\/a)$/i.test(part))
        this.miss(no, raw, this.nearHint(part, ['objective'], `"${part}" is no objective card`));
    }
  }

  /** One line: the first kind it is, in turn. */
  private line(no: number, raw: string) {
    const trimmed = raw.trim();
    if (!trimmed) return;
    // a comment (the reference lists carry one naming their source); never part of an export
    if (trimmed.startsWith('# ')) return;
    if (trimmed.length > MAX_LINE_CHARS) {
      const hint = `a line of ${trimmed.length} characters is no card line (a card's line is under ${MAX_LINE_CHARS})`;
      this.miss(no, trimmed, hint);
      return;
    }
    const fix = Object.hasOwn(this.fixes, no) ? this.fixes[no] : undefined;
    if (fix === null) {
      this.leftOut.push({ line: no, text: short(trimmed) });
      return;
    }
    const first = !this.sawContent;
    this.sawContent = true;
    const L: Line = { no, raw, trimmed, fix, first, plain: trimmed.replace(/\t/g, ' ').replace(/\s+/g, ' ') };
    if (this.header(L)) return;
    if (fix === undefined && this.frame(L)) return;
    const tok = tokenise(raw, no, this.fabs);
    if (this.fabs && fix === undefined && this.fabsLine(L, tok)) return;
    if (fix !== undefined) return this.fixedLine(L, fix, tok);
    if (!tok.name) return this.miss(no, trimmed, 'no name on this line');
    if (this.upgradeLine(tok)) return;
    if (this.cardLine(L, tok)) return;
    if (this.shipWithTitle(tok)) return;
    this.unknownLine(L, tok);
  }

  /** A header line ("Name:", "Faction:", an objective, points, a section); true when it was one. */
  private header(L: Line): boolean {
    const h = L.fix === undefined ? HEADER.exec(L.plain.replace(/^[•·*-]\s*/, '')) : null;
    if (!h) return false;
    const key = h[1].toLowerCase(),
      v = h[2].trim();
    if (key === 'name' || key === 'fleet name') this.name = v || this.name;
    else if (key === 'faction') this.faction = factionOf(v) ?? this.faction;
    else if (key === 'commander') this.commander = v.replace(/\s*\([^()]*\)\s*$/, '') || this.commander;
    else if (/^(assault|defen[cs]e|navigation)/.test(key) || key.startsWith('objective'))
      this.objective(L.no, L.trimmed, v);
    else if (/points|total/.test(key)) {
      const n = /\d+/.exec(v);
      if (n) this.stated = Number(n[0]);
    } else if (key === 'squadrons') this.section = 'squadrons';
    else if (key === 'ships') this.section = 'ships';
    if (key !== 'commander' && !/^(assault|defen|navig|obj)/.test(key)) this.ship = null;
    return true;
  }

  /** Totals, rules and the builders' header lines, none of them a card; true when it was one. */
  private frame(L: Line): boolean {
    const { trimmed, plain, first } = L;
    // totals and rules: "= 124 Points", "= 169 total ship cost", "=====", "Total Points: 396"
    if (/^=/.test(trimmed) || /^[=_\-~*#.]{3,}$/.test(trimmed) || /^total\b/i.test(trimmed)) {
      const n = /^total\D*(\d+)/i.exec(trimmed);
      if (n) this.stated = Number(n[1]);
      this.ship = null;
      if (/^=+\s*\d*\s*points?$/i.test(trimmed))
        this.section = this.section === 'squadrons' ? null : this.section;
      return true;
    }
    // AFD's header "Name (398/400)" / "Name (0/399/400)"; Fab's "REBEL FLEET (398 points)"
    const afd = /^(.*?)\s*\(\s*(\d+)\s*\/\s*(\d+)(?:\s*\/\s*(\d+))?\s*\)$/.exec(plain);
    if (afd && first) {
      this.name = afd[1] || null;
      this.stated = Number(afd[4] !== undefined ? afd[3] : afd[2]);
      return true;
    }
    const fab = /^(.*?)\bfleet\s*\(\s*(\d+)\s*points?\s*\)$/i.exec(plain);
    if (fab && first) {
      this.faction = factionOf(fab[1]) ?? this.faction;
      this.stated = Number(fab[2]);
      return true;
    }
    if (this.builder === 'warlords' && first) {
      this.name = plain;
      return true;
    }
    return false;
  }

  /** Fab's "Ship - Upgrade - Upgrade (169)" and "Objectives - A - B (0)"; true when it was one. */
  private fabsLine(L: Line, tok: Tok): boolean {
    const parts = tok.name.split(/\s+-\s+/);
    if (/^objectives?$/i.test(parts[0])) {
      this.objective(L.no, L.trimmed, parts.slice(1).join(' - '));
      return true;
    }
    const head = this.index.find(parts[0], ['ship', 'squadron']);
    if (!head.length || parts.length <= 1) return false;
    const role = head.some((x) => x.card.kind === 'ship') ? 'ship' : 'squadron';
    const e: Entry = { role, hits: head, tok, count: 1 };
    this.entries.push(e);
    for (const p of parts.slice(1)) {
      const u = this.index.find(p, ['title', 'upgrade']);
      if (u.length)
        this.entries.push({ role: 'sub', hits: u, tok: { ...tok, name: p, pts: null }, ship: e, count: 1 });
      else this.miss(L.no, L.trimmed, this.nearHint(p, ['title', 'upgrade'], `"${p}" is no upgrade card`));
    }
    this.ship = null;
    return true;
  }

  /** A line the player settled with a card of their choosing. */
  private fixedLine(L: Line, fix: string, tok: Tok) {
    const card = this.index.cards.find((c) => c.id === fix);
    if (!card)
      return this.miss(L.no, L.trimmed, `the card chosen for this line (${fix}) is not in the card table`);
    const hit: Hit = { card, own: true };
    const role: Role =
      card.kind === 'ship'
        ? 'ship'
        : card.kind === 'squadron'
          ? 'squadron'
          : card.kind === 'objective'
            ? 'objective'
            : 'sub';
    if (role === 'objective') {
      this.objectives.push(card.name);
      return;
    }
    if (role === 'sub' && !this.ship) {
      return this.miss(L.no, L.trimmed, `"${card.name}" is an upgrade, and no ship stands above this line`);
    }
    const e: Entry = {
      role,
      hits: [hit],
      tok,
      count: role === 'squadron' ? Math.max(1, tok.count ?? 1) : 1,
      fixed: true,
      ...(role === 'sub' ? { ship: this.ship! } : {}),
    };
    this.entries.push(e);
    if (role === 'ship') this.ship = e;
  }

  /** A bulleted or indented line under a ship, outside the squadrons, naming an upgrade or title. */
  private upgradeLine(tok: Tok): boolean {
    const sub = (tok.bullet || tok.indent > 0) && this.ship !== null && this.section !== 'squadrons';
    if (!sub) return false;
    const u = this.index.find(tok.name, ['title', 'upgrade']);
    if (!u.length) return false;
    this.entries.push({ role: 'sub', hits: u, tok, ship: this.ship!, count: 1 });
    return true;
  }

  /** A ship, squadron or objective: by the name with its count, else the whole text (a number may be part of it). */
  private cardLine(L: Line, tok: Tok): boolean {
    const kinds: CardKind[] =
      this.section === 'squadrons' ? ['squadron', 'ship', 'objective'] : ['ship', 'squadron', 'objective'];
    let hits = this.index.find(tok.name, kinds);
    let count = tok.count ?? 1;
    if (!hits.length && tok.count !== null) {
      hits = this.index.find(tok.withCount, kinds);
      if (hits.length) count = 1;
    }
    if (!hits.length) return false;
    const best = kinds.find((k) => hits.some((x) => x.card.kind === k))!;
    hits = hits.filter((x) => x.card.kind === best);
    if (best === 'objective') {
      this.objectives.push(hits[0].card.name);
      return true;
    }
    if (count < 1 || count > MAX_COUNT) {
      this.miss(L.no, L.trimmed, `a count of ${count}: expected 1 to ${MAX_COUNT} of one card on a line`);
      return true;
    }
    if (best === 'ship') {
      for (let k = 0; k < count; k++) {
        const e: Entry = { role: 'ship', hits, tok, count: 1 };
        this.entries.push(e);
        this.ship = e;
      }
    } else {
      this.entries.push({ role: 'squadron', hits, tok, count });
      this.ship = null;
    }
    return true;
  }

  /**
   * A ship and its title in one line: "Assault Frigate Mark II B - Gallant Haven", "Devastator (Imperial
   * II-class Star Destroyer)"; true when it was one.
   */
  private shipWithTitle(tok: Tok): boolean {
    const pair = /^(.+?)\s+[-–—:]\s+(.+)$/.exec(tok.name) ?? /^(.+?)\s*\(([^()]+)\)$/.exec(tok.name);
    if (!pair) return false;
    const [a, b] = [pair[1], pair[2]];
    for (const [shipName, titleName] of [
      [a, b],
      [b, a],
    ]) {
      const sh = this.index.find(shipName, ['ship']);
      const ti = sh.length ? this.index.find(titleName, ['title']).filter((x) => fits(x.card, sh)) : [];
      if (!ti.length) continue;
      const e: Entry = { role: 'ship', hits: sh, tok, count: 1 };
      this.entries.push(e, { role: 'sub', hits: ti, tok: { ...tok, pts: null }, ship: e, count: 1 });
      this.ship = e;
      return true;
    }
    return false;
  }

  /** An upgrade with no ship above it, a card of no kind the line could be, markup, or no card at all. */
  private unknownLine(L: Line, tok: Tok) {
    const other = this.index.find(tok.name);
    if (other.length) {
      const c = other[0].card;
      this.miss(
        L.no,
        L.trimmed,
        c.kind === 'upgrade' || c.kind === 'title'
          ? `"${c.name}" is ${c.kind === 'title' ? 'a title' : 'an upgrade'} card, and no ship stands above this line`
          : `"${c.name}" is a ${c.kind} card`,
      );
      return;
    }
    // an unknown top-level line may be a ship: the bulleted lines after it are not the ship above's
    if (!tok.bullet && tok.indent === 0) this.ship = null;
    if (looksLikeTag(L.trimmed))
      return this.miss(L.no, L.trimmed, 'markup (HTML or code), not a line of a fleet list');
    const kinds: CardKind[] = ['ship', 'squadron', 'title', 'upgrade', 'objective'];
    this.miss(L.no, L.trimmed, this.nearHint(tok.name, kinds, 'no card of that name'));
  }

  /** What was read: the ships with their upgrades, the squadrons, the points, and what was not read. */
  private result(): FleetReading {
    const upgrades = settleUpgrades(this.entries, this.faction, this.fabs, this.commander);
    const built = new FleetBuilder(this.index, this.faction, this.fabs, upgrades, (e, hint) =>
      this.miss(e.tok.no, e.tok.t, hint),
    );
    for (const e of this.entries) built.add(e);
    built.totals(this.entries);
    const { ships, squadrons, aliens } = built;
    const readPoints = ships.reduce((n, s) => n + s.total, 0) + squadrons.reduce((n, q) => n + q.points, 0);
    if (aliens.length) {
      this.unrecognised.sort((a, b) => a.line - b.line);
      this.notes.push(alienNote(aliens));
    }
    return {
      builder: this.builder,
      name: this.name,
      faction: this.faction,
      points: this.stated ?? readPoints,
      statedPoints: this.stated,
      readPoints,
      ships,
      squadrons,
      objectives: this.objectives,
      unrecognised: this.unrecognised,
      leftOut: this.leftOut,
      notes: this.notes,
    };
  }
}

const short = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** The faction the entries' cards agree on (each card of one faction votes), or null when they do not. */
function agreedFaction(entries: Entry[]): string | null {
  const tally = new Map<string, number>();
  for (const e of entries) {
    const fs = new Set(e.hits.flatMap((x) => factionsOf(x.card)));
    if (fs.size === 1) {
      const f = [...fs][0];
      tally.set(f, (tally.get(f) ?? 0) + 1);
    }
  }
  const best = [...tally.entries()].sort((a, b) => b[1] - a[1]);
  return best.length && (best.length === 1 || best[0][1] > best[1][1]) ? best[0][0] : null;
}

function alienNote(aliens: string[]): string {
  const one = aliens.length === 1;
  return (
    `${aliens.length} line${one ? ' gives' : 's give'} points far from the Armada card ` +
    `${one ? 'it names' : 'they name'} (${aliens.slice(0, 3).join('; ')}` +
    `${aliens.length > 3 ? '; ...' : ''}), so ${one ? 'it was' : 'they were'} not read as ` +
    `${one ? 'that card' : 'those cards'}: is this a list of another game, such as X-Wing?`
  );
}

/**
 * The entries as ships (with their upgrades and titles) and squadrons, each card chosen by the list's
 * faction and the points written. A line whose points are far from its card's is no line of an Armada
 * list (an X-Wing list's "Darth Vader (70)" names an Armada squadron of 21 points): listed, not read.
 */
class FleetBuilder {
  readonly ships: ReadShip[] = [];
  readonly squadrons: ReadSquadron[] = [];
  readonly aliens: string[] = [];
  private readonly shipOf = new Map<Entry, ReadShip>();
  private readonly upgradePoints = new Map<ReadShip, number>();

  constructor(
    private readonly index: CardIndex,
    private readonly faction: string | null,
    private readonly fabs: boolean,
    private readonly upgrades: Map<Entry, Card>,
    private readonly miss: (e: Entry, hint: string) => void,
  ) {}

  private alien(e: Entry, card: Card, written: number) {
    this.aliens.push(`${card.name}: ${written}, the card ${pointsOf(card).join(' or ')}`);
    const what = `"${card.name}" is an Armada ${card.kind} of ${pointsOf(card).join(' or ')} points`;
    this.miss(e, `${what}, and the line gives ${written}: a list of another game (X-Wing?)`);
  }

  add(e: Entry) {
    if (e.role === 'ship') this.addShip(e);
    else if (e.role === 'sub') this.addUpgrade(e);
    else if (e.role === 'squadron') this.addSquadron(e);
  }

  private addShip(e: Entry) {
    const numbers = shipNumbers(e.tok, this.fabs);
    const card = choose(e.hits, this.faction, numbers).card as Extract<Card, { kind: 'ship' }>;
    const written = numbers[0];
    if (!e.fixed && written !== undefined && farFrom(written, card)) return this.alien(e, card, written);
    const s: ReadShip = {
      card: card.name,
      cardId: card.id,
      ...(card.class ? { class: card.class } : {}),
      name: card.name,
      points: card.points,
      upgrades: [],
      upgradeIds: [],
      total: 0,
      line: e.tok.no,
    };
    const p = e.tok.pts;
    if (p?.kind === 'one' && !this.fabs) s.points = p.n;
    else if (p?.kind === 'sum') s.points = p.base;
    this.ships.push(s);
    this.shipOf.set(e, s);
    this.upgradePoints.set(s, 0);
  }

  private addUpgrade(e: Entry) {
    const s = this.shipOf.get(e.ship!);
    if (!s) return;
    const p = e.tok.pts?.kind === 'one' ? e.tok.pts.n : null;
    const c = this.upgrades.get(e)!;
    if (c.kind === 'title' && !s.title) {
      s.title = c.name;
      s.name = c.name;
    } else {
      s.upgrades.push(c.name);
      s.upgradeIds.push(c.id);
    }
    this.upgradePoints.set(s, this.upgradePoints.get(s)! + (p ?? pointsOf(c)[0]));
  }

  private addSquadron(e: Entry) {
    const nums = squadronNumbers(e.tok, e.count);
    const card = choose(e.hits, this.faction, nums).card as Extract<Card, { kind: 'squadron' }>;
    const each = squadronEach(e.tok, e.count, card);
    if (!e.fixed && e.tok.pts && farFrom(each, card)) return this.alien(e, card, each);
    const had = this.squadrons.find((q) => q.cardId === card.id);
    if (had) {
      had.count += e.count;
      had.points += each * e.count;
      had.lines.push(e.tok.no);
    } else
      this.squadrons.push({
        card: card.name,
        cardId: card.id,
        count: e.count,
        points: each * e.count,
        unique: card.unique,
        lines: [e.tok.no],
      });
  }

  /**
   * Each ship's total with its upgrades (Fab's gives it: the ship card's own value is what leaves the
   * upgrades theirs).
   */
  totals(entries: Entry[]) {
    for (const e of entries) {
      const s = e.role === 'ship' ? this.shipOf.get(e) : undefined;
      if (!s) continue;
      const p = e.tok.pts;
      if (this.fabs && p?.kind === 'one') {
        s.total = p.n;
        const card = this.index.cards.find((c) => c.id === s.cardId)!;
        const up = this.upgradePoints.get(s)!;
        s.points =
          pointsOf(card).find((v) => v + up === p.n) ??
          pointsOf(card).find((v) => Math.abs(p.n - v - up) <= 6) ??
          s.points;
      } else if (p?.kind === 'sum') s.total = p.total;
      else s.total = s.points + this.upgradePoints.get(s)!;
    }
  }
}

/**
 * Points written for a card that no printing, points change or typing slip explains: more than twice
 * its highest value and 10 more, or less than half its lowest and 10 less.
 */
function farFrom(written: number, card: Card): boolean {
  const v = pointsOf(card);
  return written > 2 * Math.max(...v) + 10 || 2 * written + 10 < Math.min(...v);
}

/** A title card that fits one of these ships' classes. */
function fits(c: Card, ships: Hit[]): boolean {
  if (c.kind !== 'title') return false;
  return ships.some((y) => y.card.kind === 'ship' && c.classes.includes(y.card.class ?? ''));
}

const looksLikeTag = (s: string) => /^<\/?[a-z!][^>]*>?/i.test(s) || /^[{}[\]();]+$/.test(s);

function shipNumbers(t: Tok, fabs: boolean): number[] {
  const p = t.pts;
  if (!p || fabs) return [];
  return p.kind === 'one' ? [p.n] : p.kind === 'sum' ? [p.base] : [p.each];
}
function squadronNumbers(t: Tok, count: number): number[] {
  const p = t.pts;
  if (!p) return [];
  if (p.kind === 'times') return [p.each];
  if (p.kind === 'sum') return [p.base];
  return count > 1 && p.n % count === 0 ? [p.n / count, p.n] : [p.n];
}
/** A squadron's points each: the list's number (a total for the count, or each), else the card's printed value. */
function squadronEach(t: Tok, count: number, card: Card): number {
  const p = t.pts,
    values = pointsOf(card);
  if (!p) return values[0];
  if (p.kind === 'times') return p.each;
  const n = p.kind === 'one' ? p.n : p.base;
  if (count > 1 && n % count === 0 && values.includes(n / count)) return n / count;
  if (values.includes(n)) return n;
  return count > 1 && n % count === 0 ? n / count : n;
}

/**
 * The card a name means: of the list's faction, then the one whose printed (else any) value is the number
 * written, own names first, official first.
 */
function choose(hits: Hit[], faction: string | null, numbers: number[]): Hit {
  let c = candidates(hits, faction, numbers);
  const narrow = (f: (h: Hit) => boolean) => {
    const n = c.filter(f);
    if (n.length) c = n;
  };
  narrow((h) => h.own);
  narrow((h) => !!h.card.official);
  return c[0];
}

/** The cards a name may mean in a list of `faction` with `numbers` written beside it (never none). */
function candidates(hits: Hit[], faction: string | null, numbers: number[]): Hit[] {
  let c = hits;
  const narrow = (f: (h: Hit) => boolean) => {
    const n = c.filter(f);
    if (n.length) c = n;
  };
  if (faction)
    narrow((h) => {
      const fs = factionsOf(h.card);
      return !fs.length || fs.includes(faction);
    });
  if (numbers.length) {
    const printed = c.filter((h) => h.card.kind !== 'objective' && numbers.includes(h.card.points));
    if (printed.length) c = printed;
    else narrow((h) => pointsOf(h.card).some((v) => numbers.includes(v)));
  }
  return c;
}

const isCommander = (c: Card) => c.kind === 'upgrade' && c.type === 'commander';

/**
 * The card each upgrade line means (see the module's comment): the list's faction and the number written
 * (Fab's: the ship's total), then, for a name that may still be a commander or not, its place.
 */
function settleUpgrades(
  entries: Entry[],
  faction: string | null,
  fabs: boolean,
  commanderLine: string | null,
): Map<Entry, Card> {
  const subs = entries.filter((e) => e.role === 'sub');
  const left = new Map<Entry, Hit[]>();
  for (const e of subs) {
    // a title of the ship's class (the ship's card as FleetBuilder chooses it)
    const ship = choose(e.ship!.hits, faction, shipNumbers(e.ship!.tok, fabs)).card;
    const cls = ship.kind === 'ship' ? (ship.class ?? '') : '';
    const fit = e.hits.filter((x) => x.card.kind !== 'title' || x.card.classes.includes(cls));
    const p = e.tok.pts?.kind === 'one' ? e.tok.pts.n : null;
    left.set(e, candidates(fit.length ? fit : e.hits, faction, p === null ? [] : [p]));
  }
  const under = new Map<Entry, Entry[]>();
  for (const e of subs) {
    const list = under.get(e.ship!);
    if (list) list.push(e);
    else under.set(e.ship!, [e]);
  }
  if (fabs) for (const [ship, mine] of under) byShipTotal(ship, mine, left, faction);
  const open = (e: Entry) => {
    const c = left.get(e)!;
    return c.some((h) => isCommander(h.card)) && c.some((h) => !isCommander(h.card));
  };
  const sure = subs.filter((e) => !open(e) && left.get(e)!.every((h) => isCommander(h.card)));
  const flagship = entries.find((e) => e.role === 'ship' && e.tok.flagship);
  const out = new Map<Entry, Card>();
  for (const e of subs) {
    let c = left.get(e)!;
    if (open(e)) {
      const first = under.get(e.ship!)![0] === e;
      const commander = commanderLine
        ? cardKey(commanderLine) === cardKey(e.tok.name) || looseKey(commanderLine) === looseKey(e.tok.name)
        : first && !sure.length && (!flagship || flagship === e.ship);
      c = c.filter((h) => isCommander(h.card) === commander);
    }
    out.set(e, choose(c, faction, []).card);
  }
  return out;
}

/**
 * Fab's writes a ship's total, not its upgrades' points: of the cards its upgrades' names may mean, the
 * ones with which the ship's card and its upgrades add up to the total, when that leaves one card a name.
 */
function byShipTotal(ship: Entry, mine: Entry[], left: Map<Entry, Hit[]>, faction: string | null) {
  const p = ship.tok.pts;
  if (p?.kind !== 'one') return;
  const shipValues = candidates(ship.hits, faction, []).flatMap((h) => pointsOf(h.card));
  const choices = mine.map((e) => left.get(e)!);
  if (choices.reduce((n, c) => n * c.length, 1) > 256) return;
  const kept = choices.map(() => new Set<Hit>());
  const pick: Hit[] = [];
  const walk = (k: number) => {
    if (k === mine.length) {
      let sums = new Set(shipValues);
      for (const h of pick) {
        const next = new Set<number>();
        for (const s of sums) for (const v of pointsOf(h.card)) next.add(s + v);
        sums = next;
      }
      if (sums.has(p.n)) pick.forEach((h, i) => kept[i].add(h));
      return;
    }
    for (const h of choices[k]) {
      pick.push(h);
      walk(k + 1);
      pick.pop();
    }
  };
  walk(0);
  mine.forEach((e, i) => {
    if (kept[i].size) left.set(e, [...kept[i]]);
  });
}
