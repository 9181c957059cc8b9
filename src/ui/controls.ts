import {
  CATALOG,
  type Faction,
  OBSTACLE_TYPES,
  SHIP_SIZES,
  type ObstacleType,
  type ShipSize,
} from '../model/catalog';
import {
  type Obstacle,
  parseTableText,
  type Player,
  type Ruleset,
  type Table,
  type TableSize,
} from '../model/table';
import { fitPhotoInSlices } from '../state/photo-fits';
import { findPiece, patchPiece, piecesOffSize, positionProblem, renamePiece } from '../state/pieces';
import { tableToHash } from '../state/share';
import type { AppState, AppStore, Commands } from '../state/store';
import { offTable } from '../rules/sanity';
import { World } from '../rules/world';
import { snapExogorthTouching } from '../rules/campaign/exogorth-snap';
import { placeExogorth } from './exogorth';
import { LeadCard } from './lead-card';
import type { Lead } from '../state/overlays/model';
import { searchClasses } from '../model/class-search';
import { namer } from '../model/names';
import { h, option, shareOrCopy } from './dom';
import { switchedPartlyText, switchRefusedText } from './table-words';

export interface ControlHooks {
  fit(): void;
  onlySelected: { value: boolean };
  refresh(): void;
  /** a table file was imported (after it loaded): kept in the Tables list, with the table it replaced */
  imported?(table: Table, replaced: Table, fileName: string): void;
}

/** Load a table file's text; a broken file leaves the table as it was and says why. */
export async function importText(cmd: Commands, text: string, source: string, loaded?: (t: Table) => void) {
  try {
    // the photo's fit a piece at a time between frames (a heavy photo never holds the page)
    const t = parseTableText(text, { photoFit: false });
    await fitPhotoInSlices(t);
    cmd.load(t, `Loaded the table from ${source}.`, { source: 'file', name: `imported from ${source}` });
    loaded?.(t);
  } catch (e) {
    // a file that is no table at all (not JSON, no format line) says so first; a table with a bad field names it
    const path = (e as { path?: string }).path;
    const what =
      path === '' || path === 'format'
        ? `it is not an Armada table file (${(e as Error).message})`
        : (e as Error).message;
    cmd.message('error', `Could not load ${source}: ${what}. The table is unchanged.`);
  }
}

export function shareLink(table: Table, attack?: { attacker: string; defender: string } | null): string {
  return `${location.origin}${location.pathname}${location.search}${tableToHash(table, attack)}`;
}

/** The table's own settings: the rules, the cover reading and the table's size. */
function tableSelects(store: AppStore, cmd: Commands, hooks: ControlHooks) {
  const ruleset = h(
    'select',
    {
      id: 'ruleset',
      title:
        "rules 1.5: the seed rules text (rules reference 1.5 where it is silent); 1.6: the later text (a squadron's " +
        'line of sight from its centre; the 1.5 shield-dial rule dropped)',
      onchange: () => cmd.change({ ...store.getState().table, ruleset: ruleset.value as Ruleset }),
    },
    option('seed', 'rules: 1.5'),
    option('1.6', 'rules: 1.6'),
  );
  // The rules leave open what hides the part of an obstacle under a ship: a reading kept in the table.
  const cover = h(
    'select',
    {
      id: 'cover',
      title: 'what hides the part of an obstacle under a ship (visible-portion exception)',
      onchange: () => {
        const t = store.getState().table;
        cmd.change({ ...t, readings: { ...t.readings, cover: cover.value as 'base' | 'token' } });
      },
    },
    option('base', 'cover: plastic base'),
    option('token', 'cover: cardboard token'),
  );
  const size = h(
    'select',
    {
      id: 'table-size',
      title: 'table size',
      onchange: () => {
        switchSize(store, cmd, size.value as TableSize);
        hooks.fit();
      },
    },
    option('3x6', "3'x6'"),
    option('3x3', "3'x3'"),
  );
  return { ruleset, cover, size };
}

/** The rings and setup switches, and the setup mode's reading, edges and next obstacle. */
function setupInputs(cmd: Commands) {
  const rings = h('input', {
    type: 'checkbox',
    id: 'rings',
    onchange: () => cmd.set({ rings: rings.checked }),
  });
  const setup = h('input', {
    type: 'checkbox',
    id: 'setup-mode',
    onchange: () => cmd.set({ setupMode: setup.checked }),
  });
  const reading = h(
    'select',
    { id: 'setup-reading', onchange: () => cmd.set({ setupReading: reading.value as 'core' | 'erratum' }) },
    option('core', 'core rule'),
    option('erratum', 'campaign erratum'),
  );
  const next = h(
    'select',
    {
      id: 'next-obstacle',
      title: 'next obstacle to place',
      onchange: () => cmd.set({ nextObstacle: next.value as ObstacleType }),
    },
    ...OBSTACLE_TYPES.map((t) => option(t, CATALOG.obstacles[t].name)),
  );
  const edges = h(
    'select',
    {
      id: 'setup-edges',
      title: "on 3'x3': which edges the setup rule counts",
      onchange: () => cmd.set({ setupEdges: edges.value as 'all' | 'player' }),
    },
    option('all', 'all edges'),
    option('player', "players' edges"),
  );
  const nextRot = h('input', {
    type: 'number',
    id: 'next-rotation',
    step: '1',
    value: 0,
    title: 'rotation of the next obstacle (degrees)',
    style: 'width:60px',
    onchange: () =>
      cmd.set({ nextRotation: Number.isFinite(nextRot.valueAsNumber) ? nextRot.valueAsNumber : 0 }),
  });
  return { rings, setup, reading, next, edges, nextRot };
}

/** The hidden file input behind Import: a file chosen is imported, and kept in the Tables list. */
function importInput(store: AppStore, cmd: Commands, hooks: ControlHooks) {
  const file = h('input', {
    type: 'file',
    accept: '.json,application/json',
    id: 'import-file',
    style: 'display:none',
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    const replaced = store.getState().table;
    if (f)
      await importText(cmd, await f.text(), `the file ${f.name}`, (t) =>
        hooks.imported?.(t, replaced, f.name),
      );
    file.value = '';
  });
  return file;
}

/** The share link's box and its button. */
function shareControls(store: AppStore, cmd: Commands) {
  const link = h('input', {
    id: 'share-link',
    readonly: true,
    placeholder: 'share link',
    title: 'share link: the whole table',
  });
  const button = h(
    'button',
    {
      id: 'share',
      onclick: async () => {
        link.value = shareLink(store.getState().table);
        link.select();
        await shareOrCopy(link.value, 'Armada table', (t) => cmd.message('info', t), 'Share link');
      },
    },
    'Share link',
  );
  return { link, button };
}

export function buildToolbar(host: HTMLElement, store: AppStore, cmd: Commands, hooks: ControlHooks) {
  const { ruleset, cover, size } = tableSelects(store, cmd, hooks);
  const setupEls = setupInputs(cmd);
  const { rings, setup, reading, next, edges, nextRot } = setupEls;
  const file = importInput(store, cmd, hooks);
  const share = shareControls(store, cmd);
  const only = h('input', {
    type: 'checkbox',
    id: 'only-selected',
    onchange: () => {
      hooks.onlySelected.value = only.checked;
      hooks.refresh();
    },
  });
  host.append(
    h('strong', { class: 'brand' }, 'Armada table'),
    h('button', { id: 'undo', title: 'undo (Ctrl+Z)', onclick: () => cmd.undo() }, 'Undo'),
    h('button', { id: 'redo', title: 'redo (Ctrl+Y)', onclick: () => cmd.redo() }, 'Redo'),
    h('button', { id: 'fit', title: 'zoom to fit', onclick: () => hooks.fit() }, 'Fit'),
    size,
    ruleset,
    cover,
    h('label', {}, rings, ' rings 1-5'),
    h('label', {}, setup, ' setup'),
    reading,
    edges,
    next,
    nextRot,
    h('label', {}, only, ' selected attacker only'),
    h('button', { id: 'export', onclick: () => exportTable(store.getState().table) }, 'Export'),
    h('button', { id: 'import', onclick: () => file.click() }, 'Import'),
    file,
    share.button,
    share.link,
  );
  // what the bar shows, kept: while a piece is held (no hand on the bar) a drag step changes none of it,
  // and setting a select's value costs a style pass; at any other time it is written (a refused change
  // puts the select back)
  let shown: unknown[] = [];
  return (s: AppState) => {
    const now: unknown[] = [s.table.ruleset, s.table.readings, s.table.table, s.history, s.rings];
    now.push(s.setupMode, s.setupReading, s.nextObstacle, s.setupEdges, s.nextRotation);
    const same = now.length === shown.length && now.every((x, i) => x === shown[i]);
    shown = now;
    if (same && s.gestureStart) return;
    ruleset.value = s.table.ruleset;
    cover.value = s.table.readings?.cover ?? 'base';
    size.value = s.table.table;
    showSetup(setupEls, s);
    (host.querySelector('#undo') as HTMLButtonElement).disabled = !s.history.past.length;
    (host.querySelector('#redo') as HTMLButtonElement).disabled = !s.history.future.length;
  };
}

/** The setup inputs as the state has them; the setup mode's own shown only in it. */
function showSetup(els: ReturnType<typeof setupInputs>, s: AppState) {
  const { rings, setup, reading, next, edges, nextRot } = els;
  rings.checked = s.rings;
  setup.checked = s.setupMode;
  reading.value = s.setupReading;
  next.value = s.nextObstacle;
  edges.value = s.setupEdges;
  edges.style.display = s.setupMode && s.table.table === '3x3' ? '' : 'none';
  for (const el of [reading, next, nextRot]) el.style.display = s.setupMode ? '' : 'none';
  if (document.activeElement !== nextRot) nextRot.value = String(s.nextRotation);
}

/**
 * Switch the table's size. Pieces whose centre would be off the new table are named and the switch
 * is refused; pieces whose base would be partly off it are named after the switch (the sanity
 * report outlines them).
 */
function switchSize(store: AppStore, cmd: Commands, size: TableSize) {
  const t = store.getState().table;
  if (t.table === size) return;
  const off = piecesOffSize(t, size);
  if (off.length) {
    cmd.message('error', switchRefusedText(t, size, off));
    return;
  }
  const next = { ...t, table: size };
  cmd.change(next);
  const partly = offTableIds(next);
  if (partly.length) cmd.message('error', switchedPartlyText(next, partly));
}

function offTableIds(t: Table): string[] {
  return offTable(new World(t)).map((o) => o.piece);
}

const r2 = (v: number) => String(Math.round(v * 100) / 100);

function exportTable(t: Table) {
  const blob = new Blob([JSON.stringify(t, null, 2) + '\n'], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), download: 'armada-table.json' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** `near`: the table point new pieces should land nearest (the view's centre), from the render side. */
export function buildPalette(
  host: HTMLElement,
  cmd: Commands,
  near: () => { x: number; y: number } | undefined = () => undefined,
  table?: () => Table,
) {
  const p = new Palette(cmd, near, table);
  host.append(
    h('h3', {}, 'Add'),
    h('div', { class: 'row' }, p.who),
    h('div', { class: 'row' }, p.search, p.cls),
    h('div', { class: 'row' }, p.size, h('button', { id: 'add-ship', onclick: () => p.addShip() }, 'Ship')),
    h(
      'div',
      { class: 'row' },
      h(
        'button',
        { id: 'add-squadron', onclick: () => cmd.add({ kind: 'squadron', player: p.player }, near()) },
        'Squadron',
      ),
      h(
        'button',
        { id: 'add-token', onclick: () => cmd.add({ kind: 'token', radius: 12.5 }, near()) },
        'Round token',
      ),
      h(
        'button',
        {
          id: 'place-exogorth',
          title: 'propose placing an exogorth: shows whether it is legal',
          onclick: () =>
            cmd.add({ kind: 'exogorth-proposal', type: 'exogorth-1', placedBy: p.player }, near()),
        },
        'Place exogorth…',
      ),
    ),
    obstacleButtons(cmd, near),
  );
}

/** One button per obstacle type, each adding one. */
function obstacleButtons(cmd: Commands, near: () => { x: number; y: number } | undefined) {
  return h(
    'div',
    { class: 'obstacle-buttons' },
    ...OBSTACLE_TYPES.map((t) =>
      h(
        'button',
        {
          'data-add': t,
          title: CATALOG.obstacles[t].name,
          onclick: () => cmd.add({ kind: 'obstacle', type: t }, near()),
        },
        t,
      ),
    ),
  );
}

/** The classes matching a search, as option groups by faction (each sorted by name). */
function classGroups(matched: ReadonlySet<string>): HTMLOptGroupElement[] {
  return (Object.keys(CATALOG.factions) as Faction[])
    .map((f) => {
      const opts = Object.entries(CATALOG.shipClasses)
        .filter(([id, c]) => c.faction === f && matched.has(id))
        .sort((a, b) => a[1].name.localeCompare(b[1].name))
        .map(([id, c]) => option(id, `${c.name} (${c.size})`));
      return opts.length ? h('optgroup', { label: CATALOG.factions[f] }, ...opts) : null;
    })
    .filter((g): g is HTMLOptGroupElement => g !== null);
}

/** The Add panel's choices: the player, the class (searched) and the size of a ship to add. */
class Palette {
  player: Player = 1;
  readonly who = h(
    'select',
    {
      id: 'palette-player',
      onchange: () => {
        this.player = Number(this.who.value) as Player;
      },
    },
    option('1', 'player 1'),
    option('2', 'player 2'),
  );
  readonly size = h(
    'select',
    { id: 'palette-size', title: 'the size of a ship without a class' },
    ...SHIP_SIZES.map((s) => option(s)),
  );
  // every class by name, grouped by faction; the search box narrows the list (name, id, shorthand or card name)
  readonly search = h('input', {
    type: 'search',
    id: 'palette-class-search',
    placeholder: 'search classes',
    style: 'width:120px',
  });
  readonly cls = h('select', {
    id: 'palette-class',
    title: 'ship class (a class implies its size)',
    style: 'max-width:100%;min-width:0',
  });

  constructor(
    readonly cmd: Commands,
    readonly near: () => { x: number; y: number } | undefined,
    readonly table?: () => Table,
  ) {
    this.cls.addEventListener('change', () => this.classChosen());
    this.search.addEventListener('input', () => this.fillClasses());
    this.fillClasses();
  }

  fillClasses() {
    const q = this.search.value.trim();
    // every match, grouped by faction; the best match (model/class-search.ts) is the one chosen
    const ranked = searchClasses(q);
    const matched = new Set(ranked);
    const keep = this.cls.value;
    this.cls.replaceChildren(option('', '(no class: size default)'), ...classGroups(matched));
    // a search picks its best match; without one the class chosen stays
    if (q && ranked.length) this.cls.value = ranked[0];
    else if (keep && matched.has(keep)) this.cls.value = keep;
    else this.cls.value = '';
    this.classChosen();
  }

  /** A class chosen: the size is the class's, and the player the one whose fleet is of its faction. */
  classChosen() {
    const c = CATALOG.shipClasses[this.cls.value];
    if (c) this.size.value = c.size;
    this.size.disabled = !!c;
    this.autoPlayer();
  }

  /**
   * A class goes to the player whose fleet is of its faction: the one player whose ships include it,
   * else, when the chosen player's ships are all of another faction and the other player's are of
   * this one (or there are none yet), the other player (the select shows it; the player can switch back).
   */
  autoPlayer() {
    const t = this.table?.(),
      c = CATALOG.shipClasses[this.cls.value];
    if (!t || !c) return;
    const factions = (p: Player) =>
      new Set(
        t.ships.filter((s) => s.player === p && s.class).map((s) => CATALOG.shipClasses[s.class!]?.faction),
      );
    const player = this.player;
    const other: Player = player === 1 ? 2 : 1;
    const mine = factions(player),
      theirs = factions(other);
    const switchTo =
      !mine.has(c.faction) && theirs.has(c.faction)
        ? other
        : mine.size && !mine.has(c.faction) && [...theirs].every((f) => f === c.faction)
          ? other
          : player;
    if (switchTo !== player) {
      this.player = switchTo;
      this.who.value = String(switchTo);
    }
  }

  addShip() {
    const c = this.cls.value || undefined;
    this.cmd.add(
      {
        kind: 'ship',
        size: c ? (CATALOG.shipClasses[c].size as ShipSize) : (this.size.value as ShipSize),
        class: c,
        player: this.player,
      },
      this.near(),
    );
  }
}

type Found = NonNullable<ReturnType<typeof findPiece>>;

/** What the selected piece is, in words, for the inspector's title; `say` names the pieces it mentions. */
function pieceKindText(f: Found, say: (id: string) => string): string {
  const p = f.piece as unknown as Record<string, unknown>;
  return f.kind === 'ship'
    ? `${p.size} ship${p.class ? ` (${CATALOG.shipClasses[p.class as string]?.name ?? p.class})` : ''}`
    : f.kind === 'obstacle' || f.kind === 'exogorth-proposal'
      ? CATALOG.obstacles[p.type as ObstacleType].name +
        (f.kind === 'exogorth-proposal' ? ' — being placed' : '')
      : f.kind === 'displaced-spot'
        ? `where ${say(f.spot!.squadron.id)}, displaced by ` +
          `${f.plan ? `${say(f.plan.ship)}'s maneuver` : say(f.proposal!.obstacle.id)}, goes ` +
          `(${f.spot!.chosen ? 'placed by you' : 'proposed: drag or nudge it to choose'})`
        : f.kind;
}

/** `leadShown`: the card of a move under way shown for another piece (the panel brings it into view) */
export function buildInspector(
  host: HTMLElement,
  store: AppStore,
  cmd: Commands,
  leadShown?: (el: HTMLElement) => void,
) {
  const ins = new Inspector(host, store, cmd, leadShown);
  return {
    update: (s: AppState) => ins.update(s),
    /** the verdict of the move under way (a purrgil's, the selected exogorth's placement), from the overlays */
    lead: (l: Lead | null) => ins.setLead(l),
  };
}

const INSPECTOR_HINT =
  'Drag to move; drag the round handle to turn. Tap a hull zone or a squadron to see its attacks. ';
const KEYS_HINT =
  'With a mouse, Shift while turning: 15° steps. Keys: Q/E turn 15° (Shift: 1°), arrows nudge 5 mm ' +
  '(Shift: 0.5 mm), Delete removes, Ctrl+Z/Ctrl+Y undo/redo.';

/** a screen whose main pointer is a finger (a phone or tablet): its hints say tap, not click */
const touchFirst = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

const num = (id: string, step: string) => h('input', { type: 'number', id, step });
const lab = (text: string, input: HTMLElement) => h('label', {}, text, input);

/** The Selected panel: the selected piece's fields and buttons, each edit one change of the table. */
class Inspector {
  readonly x = num('insp-x', '0.01');
  readonly y = num('insp-y', '0.01');
  readonly rot = num('insp-rotation', '0.1');
  readonly speed = num('insp-speed', '1');
  readonly radius = num('insp-radius', '0.5');
  readonly player = h('select', { id: 'insp-player' }, option('1', 'player 1'), option('2', 'player 2'));
  readonly name = h('input', {
    type: 'text',
    id: 'insp-name',
    maxlength: '60',
    placeholder: '(none)',
    style: 'width:140px',
  });
  readonly title = h('div', { class: 'insp-title' });
  readonly fields = h('div', { class: 'fields' });
  readonly place = h('button', { id: 'commit-exogorth' }, 'Place it on the table');
  // an exogorth must be placed touching another obstacle: slide it straight to the nearest (the rules' snap)
  readonly snap = h(
    'button',
    { id: 'snap-exogorth', title: 'slide it straight until it touches the nearest obstacle' },
    'Snap to touching',
  );
  readonly del = h('button', { id: 'delete', class: 'danger' }, 'Delete');
  /**
   * Every piece by name, to select one without the pointer: a keyboard's way to an obstacle or a token (the
   * attack pickers hold ships and squadrons only), and a finger's to a squadron hidden under a ship
   */
  readonly pickPiece = h('select', {
    id: 'pick-piece',
    'aria-label': 'select a piece',
    title:
      'select a piece by name; Enter takes the keyboard to the table, where the arrows nudge it and Q/E turn it',
  });
  /** the pieces the list was last made for: their lists, then their ids and names */
  private pickedFor: { lists: unknown[]; key: string } = { lists: [], key: '' };
  // the class editor lives elsewhere in the panel: ask for it by an event main.ts wires
  readonly editClass = h(
    'button',
    { id: 'edit-class', title: "correct this class's arc lines and targeting points from the real token" },
    'Correct this class…',
  );
  readonly rows;
  /** the verdict of a move under way, with the buttons that finish it (an exogorth's Place it and Snap) */
  readonly card: LeadCard;
  private lead: Lead | null = null;

  constructor(
    readonly host: HTMLElement,
    readonly store: AppStore,
    readonly cmd: Commands,
    leadShown?: (el: HTMLElement) => void,
  ) {
    this.card = new LeadCard([this.place, this.snap], leadShown);
    this.listen();
    this.x.title = "mm from player 1's left corner, along player 1's edge";
    this.y.title = "mm from player 1's edge toward player 2";
    this.rot.title = 'degrees, counter-clockwise; 0 faces player 2';
    this.rows = {
      x: lab("x mm (from P1's left corner)", this.x),
      y: lab('y mm (toward P2)', this.y),
      rot: lab('rotation ° (counter-clockwise)', this.rot),
      speed: lab('speed', this.speed),
      radius: lab('radius mm', this.radius),
      player: lab('player', this.player),
      name: lab('name', this.name),
    };
    this.fields.append(...Object.values(this.rows));
    host.append(
      h('h3', {}, 'Selected'),
      this.title,
      this.card.el,
      // after the verdict card, which leads a phone's sheet
      h('div', { class: 'row' }, this.pickPiece),
      this.fields,
      h('div', { class: 'row' }, this.editClass, this.del),
      h('p', { class: 'hint' }, INSPECTOR_HINT, h('span', { class: 'keys-hint' }, KEYS_HINT)),
    );
  }

  /** the table's namer (src/model/names.ts), kept while the table is the same */
  private named: { t: Table | null; say: (id: string) => string } = { t: null, say: (id) => id };
  private namesFor(t: Table) {
    if (this.named.t !== t) this.named = { t, say: namer(t) };
    return this.named.say;
  }

  private selectedPiece() {
    const id = this.store.getState().selected;
    return id ? findPiece(this.store.getState().table, id) : null;
  }

  private listen() {
    const { x, y, rot, speed, radius, player, name, store, cmd } = this;
    this.snap.addEventListener('click', () => this.snapExogorth());
    this.editClass.addEventListener('click', () => {
      const f = this.selectedPiece();
      const cls = f?.kind === 'ship' ? (f.piece as { class?: string }).class : undefined;
      if (cls) this.host.dispatchEvent(new CustomEvent('edit-class', { detail: cls }));
    });
    x.addEventListener('change', () => this.apply('x', x.valueAsNumber, x));
    y.addEventListener('change', () => this.apply('y', y.valueAsNumber, y));
    rot.addEventListener('change', () => this.apply('rotation', rot.valueAsNumber));
    speed.addEventListener('change', () =>
      this.apply('speed', Math.max(0, Math.min(4, Math.round(speed.valueAsNumber)))),
    );
    radius.addEventListener('change', () =>
      this.apply('radius', Math.max(1, Math.min(100, radius.valueAsNumber))),
    );
    player.addEventListener('change', () => this.apply('player', Number(player.value)));
    this.pickPiece.addEventListener('change', () => cmd.select(this.pickPiece.value || null));
    // the list keeps the arrows (they choose a piece): Enter hands the keyboard to the table, whose keys nudge,
    // turn and remove the piece chosen (and Escape lets it go)
    this.pickPiece.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' || !store.getState().selected) return;
      const table = document.querySelector<HTMLCanvasElement>('canvas[data-layer="table"]');
      if (!table) return;
      ev.preventDefault();
      if (!table.hasAttribute('tabindex')) table.tabIndex = -1;
      table.focus({ preventScroll: true });
    });
    name.addEventListener('change', () => {
      const id = store.getState().selected;
      if (id) cmd.change(renamePiece(store.getState().table, id, name.value));
    });
    this.del.addEventListener('click', () => {
      const id = store.getState().selected;
      if (!id) return;
      cmd.remove(id);
      // the button hides with the piece: a keyboard player is left on Undo, which brings it back (enabled now,
      // as the next frame's controls would have it, so that it can take the focus)
      const undo = document.getElementById('undo') as HTMLButtonElement | null;
      const here = document.activeElement === this.del || document.activeElement === document.body;
      if (undo && here && store.getState().history.past.length) {
        undo.disabled = false;
        undo.focus();
      }
    });
    this.place.addEventListener('click', () => {
      const f = this.selectedPiece();
      // from the exogorth, or from one of its displaced squadrons' places
      if (f?.proposal) placeExogorth(store, cmd, f.proposal.obstacle.id);
    });
  }

  setLead(l: Lead | null) {
    this.lead = l;
    this.card.show(l, this.place.style.display !== 'none');
  }

  /** Slide the exogorth being placed straight until it touches the nearest obstacle (the rules' snap). */
  private snapExogorth() {
    const { store, cmd } = this;
    const id = store.getState().selected;
    const f = this.selectedPiece();
    if (f?.kind !== 'exogorth-proposal') return;
    const s = snapExogorthTouching(new World(store.getState().table), f.piece as Obstacle);
    if (!s) {
      cmd.message(
        'error',
        `${id} was not moved: it already overlaps an obstacle, or there is none to slide to.`,
      );
      return;
    }
    cmd.change(patchPiece(store.getState().table, id!, { x: s.x, y: s.y }));
    cmd.message('info', `${id} slid ${s.movedMm.toFixed(2)} mm and now touches ${s.touches}.`);
  }

  /** One field of the selected piece changed: a position the rules refuse is said, and the field put back. */
  private apply(field: string, value: number | string, input?: HTMLInputElement) {
    const { store, cmd } = this;
    const id = store.getState().selected;
    if (!id) return;
    if (typeof value === 'number' && !Number.isFinite(value)) return;
    const problem = positionProblem(store.getState().table, id, { [field]: value });
    if (problem) {
      cmd.message('error', `${problem}.`);
      const f = findPiece(store.getState().table, id);
      if (input && f) input.value = String((f.piece as unknown as Record<string, unknown>)[field]);
      return;
    }
    cmd.change(patchPiece(store.getState().table, id, { [field]: value }));
  }

  /** The piece list made again when the pieces or their names changed; the selected one chosen in it. */
  private showPicker(s: AppState) {
    const t = s.table;
    const lists = [t.ships, t.squadrons, t.obstacles, t.tokens];
    const was = this.pickedFor;
    // a drag moves pieces, it adds, removes and renames none: the list stands (its key is a string per piece)
    if (!(s.gestureStart && was.key) && lists.some((l, i) => l !== was.lists[i])) {
      const say = this.namesFor(t);
      const groups: [string, { id: string }[]][] = [
        ['Ships', t.ships],
        ['Squadrons', t.squadrons],
        ['Obstacles', t.obstacles],
        ['Tokens', t.tokens],
      ];
      const key = groups.map(([, l]) => l.map((p) => `${p.id}=${say(p.id)}`).join(',')).join('|');
      if (key !== was.key) {
        this.pickPiece.replaceChildren(
          option('', 'choose a piece…'),
          ...groups
            .filter(([, l]) => l.length)
            .map(([label, l]) => h('optgroup', { label }, ...l.map((p) => option(p.id, say(p.id))))),
        );
      }
      this.pickedFor = { lists, key };
    }
    // a piece of the lists (a proposal, an exogorth being placed, is not one: the list then asks)
    const value = s.selected && lists.some((l) => l.some((p) => p.id === s.selected)) ? s.selected : '';
    if (this.pickPiece.value !== value) this.pickPiece.value = value;
  }

  update(s: AppState) {
    const { title, fields, place, snap, del, editClass } = this;
    this.showPicker(s);
    const f = s.selected ? findPiece(s.table, s.selected) : null;
    this.host.classList.toggle('empty', !f);
    if (!f) {
      title.textContent = `Nothing selected: ${touchFirst() ? 'tap' : 'click'} a piece.`;
      fields.style.display = 'none';
      place.style.display = snap.style.display = del.style.display = editClass.style.display = 'none';
      this.card.show(this.lead, false);
      return;
    }
    editClass.style.display = f.kind === 'ship' && (f.piece as { class?: string }).class ? '' : 'none';
    fields.style.display = '';
    del.style.display = '';
    // pieces by the names the labels, the pair strip and the verdicts use, not their ids
    const say = this.namesFor(s.table);
    const kind = pieceKindText(f, say);
    const heading = `${say(s.selected!)}: ${kind}${s.attacker ? ` · attacker ${say(s.attacker)}` : ''}`;
    if (title.textContent !== heading) title.textContent = heading;
    this.showFields(f);
    place.style.display =
      f.kind === 'exogorth-proposal' || (f.kind === 'displaced-spot' && !f.plan) ? '' : 'none';
    snap.style.display = f.kind === 'exogorth-proposal' ? '' : 'none';
    // a proposed place is in the picture, not the table: its position is shown once the player moves it
    del.textContent = f.kind === 'displaced-spot' ? 'Proposed place' : 'Delete';
    const rows = this.rows;
    if (f.kind === 'displaced-spot') {
      title.textContent = `${say(f.spot!.squadron.id)}: ${kind}`;
      for (const k of ['rot', 'speed', 'radius', 'name', 'player'] as const) rows[k].style.display = 'none';
      rows.x.style.display = rows.y.style.display = f.spot!.chosen ? '' : 'none';
    } else rows.x.style.display = rows.y.style.display = '';
    this.card.show(this.lead, place.style.display !== 'none');
  }

  /** The piece's fields, each shown when the piece has it (a field being typed in is left alone). */
  private showFields(f: Found) {
    const { rows, x, y, rot, speed, radius, name, player } = this;
    const p = f.piece as unknown as Record<string, unknown>;
    const setVal = (el: HTMLInputElement | HTMLSelectElement, v: string) => {
      // the same value is not set again: a drag step changes x and y alone, and each set is a style pass
      if (document.activeElement !== el && el.value !== v) el.value = v;
    };
    // shown to 0.01 mm (a drag or a rule's placement may leave more digits than any hand can place)
    setVal(x, r2(p.x as number));
    setVal(y, r2(p.y as number));
    rows.rot.style.display = 'rotation' in p ? '' : 'none';
    if ('rotation' in p) setVal(rot, r2(p.rotation as number));
    rows.speed.style.display = f.kind === 'ship' ? '' : 'none';
    if (f.kind === 'ship') setVal(speed, String(p.speed));
    rows.radius.style.display = f.kind === 'token' ? '' : 'none';
    if (f.kind === 'token') setVal(radius, String(p.radius));
    rows.name.style.display = f.kind === 'ship' || f.kind === 'squadron' ? '' : 'none';
    if (f.kind === 'ship' || f.kind === 'squadron') setVal(name, String(p.name ?? ''));
    rows.player.style.display = 'player' in p ? '' : 'none';
    if ('player' in p) setVal(player, String(p.player));
  }
}
