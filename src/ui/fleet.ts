import { CATALOG, type Faction } from '../model/catalog';
import { checkFleet, statedLimit } from '../model/fleet-check';
import { cardIndex, cardKey, type Card, pointsOf } from '../model/cards';
import {
  type Builder,
  BUILDERS,
  type Fixes,
  fleetJson,
  fleetPieces,
  type FleetReading,
} from '../model/fleet-list';
import { MAX_FLEET_ITEMS as MAX_KEPT, MAX_FLEET_TEXT, type TableFleet } from '../model/fleets';
import type { Player, Table } from '../model/table';
import { placeFleetSliced, playerForFleet } from '../state/fleet';
import { FleetReader } from '../state/fleet-read';
import type { AppStore, Commands } from '../state/store';
import { h, option } from './dom';

const BUILDER_NAMES: Record<Builder, string> = {
  kingston: "Ryan Kingston's builder",
  starforge: 'Star Forge',
  warlords: 'Armada Warlords',
  'afd-old': 'Armada Fleets Designer (old)',
  'afd-new': 'Armada Fleets Designer (new)',
  fabs: "Fab's builder",
  plain: 'a plain list',
};
/** How many unrecognised lines the panel lists one by one (the rest are counted). */
const SHOWN_LINES = 30;
/** How many ships (and squadron cards) the panel lists one by one. */
const SHOWN_ROWS = 60;

const li = (attrs: Record<string, string | number>, ...kids: (Node | string)[]) => h('li', attrs, ...kids);
const s_ = (n: number) => (n === 1 ? '' : 's');

/** The reading's first line: the builder, name, faction, counts and points (or why nothing was read). */
function headText(r: FleetReading, text: string): string {
  const ships = r.ships,
    squadrons = r.squadrons;
  return !ships.length && !squadrons.length
    ? text.trim()
      ? "No Armada ship or squadron recognised. Is this a fleet builder's text export (not a list of another game)?"
      : ''
    : `${BUILDER_NAMES[r.builder]}${r.name ? ` · "${r.name}"` : ''}${r.faction ? ` · ${r.faction}` : ''}: ` +
        `${ships.length} ship${s_(ships.length)}, ` +
        `${squadrons.reduce((n, q) => n + q.count, 0)} squadrons, ` +
        `${r.readPoints} points${
          r.statedPoints !== null && r.statedPoints !== r.readPoints
            ? ` (the list says ` + `${r.statedPoints})`
            : ''
        }`;
}

/** The fleet-building rules the list keeps or breaks, each by its rule's name (model/fleet-check.ts). */
function checkList(r: FleetReading, text: string): HTMLElement {
  // the list's own limit when it states one ("Points: 398/400"), else 400
  const c = checkFleet(r, statedLimit(text) ?? undefined);
  if (!c.problems.length)
    return h(
      'p',
      { id: 'fleet-check', class: 'hint', 'data-ok': 'true' },
      `Fleet checks: ${c.points} of ${c.limit} points, commander ${c.commanders[0] ?? '(none)'}, ` +
        `squadrons ${c.squadronPoints} of ${c.squadronLimit}, ${c.flotillas.length} flotilla` +
        `${c.flotillas.length === 1 ? '' : 's'}.`,
    );
  return h(
    'ul',
    { id: 'fleet-check', 'data-ok': 'false' },
    ...c.problems.map((p) => h('li', { 'data-rule': p.rule }, p.text)),
  );
}

// a real fleet has under 30 pieces: a paste of thousands is shown by its first ones and counted
/** The ships read, one a row (name, card, points, upgrades, total), the first SHOWN_ROWS of them. */
function shipRows(ships: FleetReading['ships']): HTMLElement[] {
  if (!ships.length) return [];
  const kids: HTMLElement[] = [
    h(
      'ul',
      { id: 'fleet-ships', class: 'fleet-lines' },
      ...ships
        .slice(0, SHOWN_ROWS)
        .map((s, i) =>
          li(
            { 'data-ship': i, 'data-line': s.line },
            h('b', {}, s.name),
            s.name !== s.card ? ` (${s.card})` : '',
            ` · ${s.points}`,
            s.upgrades.length ? ` + ${s.upgrades.join(', ')}` : '',
            ` = ${s.total}`,
          ),
        ),
    ),
  ];
  if (ships.length > SHOWN_ROWS)
    kids.push(
      h('p', { class: 'hint', id: 'fleet-ships-more' }, `and ${ships.length - SHOWN_ROWS} more ships`),
    );
  return kids;
}

/** The squadron cards read, one a row (count, card, points), the first SHOWN_ROWS of them. */
function squadronRows(squadrons: FleetReading['squadrons']): HTMLElement[] {
  if (!squadrons.length) return [];
  const kids: HTMLElement[] = [
    h(
      'ul',
      { id: 'fleet-squadrons', class: 'fleet-lines' },
      ...squadrons
        .slice(0, SHOWN_ROWS)
        .map((q, i) =>
          li(
            { 'data-squadron': i, 'data-line': q.lines[0] },
            `${q.count} × `,
            h('b', {}, q.card),
            ` · ${q.points}`,
          ),
        ),
    ),
  ];
  if (squadrons.length > SHOWN_ROWS)
    kids.push(h('p', { class: 'hint' }, `and ${squadrons.length - SHOWN_ROWS} more squadron cards`));
  return kids;
}

/** Why a list cannot be kept with the table (the table file's limits on `fleets`), or null. */
function unkeepable(r: FleetReading, text: string): string | null {
  const why =
    text.length > MAX_FLEET_TEXT
      ? `its text is ${text.length} characters (at most ${MAX_FLEET_TEXT})`
      : r.ships.length > MAX_KEPT || r.squadrons.length > MAX_KEPT
        ? `it has ${r.ships.length} ships and ${r.squadrons.length} squadron cards (at most ${MAX_KEPT} each)`
        : null;
  return why && `The list is not kept with the table: ${why}.`;
}

type Placed = NonNullable<Awaited<ReturnType<typeof placeFleetSliced>>>;

/** What setting the fleet down did, in one sentence. */
function placedSummary(pieces: number, placed: Placed, changed: boolean, player: Player): string {
  const ships = placed.added.filter((a) => a.kind === 'ship').length,
    squadrons = placed.added.length - ships;
  return !pieces
    ? 'No ship or squadron was recognised in the list.'
    : !changed && placed.added.length
      ? 'The fleet was not added (see the message below the table).'
      : `Added ${ships} ship${s_(ships)} and ${squadrons} squadron${s_(squadrons)} for ` +
        `player ${player}` +
        `${placed.added.length ? ' (one undo step)' : ''}.`;
}

/** A titled list (nothing when it has no items), with how many more were left unlisted. */
function titledList(id: string, title: string, items: HTMLElement[], more = 0): HTMLElement[] {
  return items.length
    ? [
        h('p', { class: 'hint' }, title),
        h('ul', { id, class: 'fleet-lines' }, ...items),
        ...(more ? [h('p', { class: 'hint' }, `and ${more} more`)] : []),
      ]
    : [];
}

/** The pieces not set down, those set down but not legally, and what was assumed (a rift's speed 0). */
function placedLists(placed: Placed, changed: boolean): HTMLElement[] {
  return [
    ...titledList(
      'fleet-unplaced',
      'Not set down:',
      placed.unplaced
        .slice(0, SHOWN_LINES)
        .map((u) => h('li', { 'data-line': u.line }, h('code', {}, `${u.line}: ${u.name}`), ' — ', u.why)),
      Math.max(0, placed.unplaced.length - SHOWN_LINES),
    ),
    ...titledList(
      'fleet-not-legal',
      'Set down, but not a legal deployment (move them):',
      changed
        ? placed.notLegal.map((n) => h('li', { 'data-piece': n.id }, `${n.name} (${n.id}) — ${n.why}`))
        : [],
    ),
    ...titledList(
      'fleet-notes',
      'Assumed:',
      changed
        ? placed.riftSpeed.map((id) =>
            h('li', {}, `${id}: speed 0 (deployed at distance 1-2 of a gravity rift)`),
          )
        : [],
    ),
  ];
}

/**
 * "Paste a fleet list": a text box, the builder (recognised from the text unless named) and the
 * player. What was read is shown as it is typed (read in a worker, src/state/fleet-read.ts): ship by
 * ship (its title as its name, the card, its points and upgrades) and squadron by squadron, with the
 * total. Each unrecognised line is settled on the spot: search the cards and pick one, or leave it
 * out (listed as left out, and put back with one click); nothing is dropped unseen. "Set down"
 * places the fleet in the player's deployment zone (in slices that keep the page responsive; a list
 * sets down at most MAX_LIST_PIECES pieces, the others named), "Deploy with the guide" keeps the
 * list with the table and starts the guided setup, which deploys it piece by piece. Either way the
 * list is kept with the table (its `fleets` field).
 */
export function buildFleet(host: HTMLElement, store: AppStore, cmd: Commands, startGuide: () => boolean) {
  new FleetPanel(host, store, cmd, startGuide);
}

/** The fleet list panel: its controls and the reading under way as fields, each step a method. */
class FleetPanel {
  readonly reader = new FleetReader();
  readonly text = h('textarea', {
    id: 'fleet-text',
    rows: 7,
    spellcheck: 'false',
    style: 'width:100%;font:12px/1.3 ui-monospace,monospace',
    placeholder:
      "Paste a list from a fleet builder (Kingston, Star Forge, Warlords, Fleets Designer, Fab's) or type one ship " +
      'or squadron a line:\nVictory II-class Star Destroyer (85)\n2 x TIE Fighter Squadron',
  });
  readonly builder = h(
    'select',
    { id: 'fleet-builder', title: 'the fleet builder the list comes from' },
    option('', 'builder: from the text'),
    ...BUILDERS.map((b) => option(b, BUILDER_NAMES[b])),
  );
  readonly who = h(
    'select',
    { id: 'fleet-player', title: "whose fleet: set down in this player's deployment zone" },
    option('1', 'player 1'),
    option('2', 'player 2'),
  );
  readonly readView = h('div', { id: 'fleet-read', 'aria-live': 'polite' });
  readonly result = h('div', { id: 'fleet-result' });
  readonly addBtn = h(
    'button',
    { id: 'fleet-add', onclick: () => void this.add() },
    'Set down in the deployment zone',
  );
  readonly guideBtn = h(
    'button',
    {
      id: 'fleet-guide',
      title: 'keep the list with the table and deploy it piece by piece in the guided setup',
      onclick: () => void this.guide(),
    },
    'Deploy with the guide',
  );
  readonly form = h(
    'div',
    { id: 'fleet-form', hidden: true },
    this.text,
    h('div', { class: 'row' }, this.builder, this.who),
    this.readView,
    h('div', { class: 'row' }, this.addBtn, this.guideBtn),
    this.result,
  );
  readonly toggle = h(
    'button',
    { id: 'fleet-toggle', 'aria-expanded': 'false', onclick: () => this.toggleForm() },
    'Paste a fleet list…',
  );

  fixes: Fixes = {};
  reading: FleetReading | null = null;
  readFor = '';
  timer: ReturnType<typeof setTimeout> | null = null;
  busy: AbortController | null = null;

  constructor(
    host: HTMLElement,
    readonly store: AppStore,
    readonly cmd: Commands,
    readonly startGuide: () => boolean,
  ) {
    host.append(h('h3', {}, 'Fleet list'), h('div', { class: 'row' }, this.toggle), this.form);
    this.text.addEventListener('input', () => {
      this.fixes = {};
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reread(), 250);
    });
    this.builder.addEventListener('change', () => void this.reread());
    this.who.addEventListener('change', () => {
      // the player's own choice stands until a list of another faction is read
      this.autoFaction = this.reading?.faction ?? null;
      this.playerNote = '';
      this.loadKept();
      if (this.reading) this.show(this.reading);
    });
  }

  private toggleForm() {
    const form = this.form;
    form.hidden = !form.hidden;
    this.toggle.setAttribute('aria-expanded', String(!form.hidden));
    if (!form.hidden) {
      this.loadKept();
      this.text.focus();
    }
  }

  /** The list the table keeps for the player, shown when the box is empty. */
  private loadKept() {
    if (this.text.value.trim()) return;
    const kept = this.store.getState().table.fleets?.find((f) => f.player === Number(this.who.value));
    if (!kept) return;
    this.text.value = kept.text;
    this.builder.value = kept.builder ?? '';
    this.fixes = Object.fromEntries(Object.entries(kept.fixes ?? {}).map(([k, v]) => [Number(k), v]));
    void this.reread();
  }

  async reread(): Promise<FleetReading | null> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const { text, builder, fixes, readView } = this;
    const key = JSON.stringify([text.value.length, builder.value, fixes]) + text.value;
    if (this.reading && key === this.readFor) return this.reading;
    readView.dataset.state = 'reading';
    const r = await this.reader.read(text.value, (builder.value || undefined) as Builder | undefined, fixes);
    if (!r) return null; // a newer request superseded this one
    this.reading = r;
    this.readFor = key;
    this.choosePlayer(r);
    this.show(r);
    readView.dataset.state = 'read';
    return r;
  }

  /** A line settled (a card's id, or null: left out) or put back (undefined), and the list read again. */
  private fix(line: number, card: string | null | undefined) {
    if (card === undefined) delete this.fixes[line];
    else this.fixes[line] = card;
    void this.reread();
  }

  /** the faction whose list last chose the player (a list of the same faction read again leaves the choice) */
  private autoFaction: string | null = null;
  /** why the player was chosen for the list, shown under its head line */
  private playerNote = '';

  /**
   * A list of a faction read for the first time: set down for the player whose side is of its faction
   * (playerForFleet), said under the list's head; the select shows it and the player can switch back.
   */
  private choosePlayer(r: FleetReading) {
    if (!r.faction || r.faction === this.autoFaction) return;
    this.autoFaction = r.faction;
    const chosen = Number(this.who.value) as Player;
    const { player, because } = playerForFleet(this.store.getState().table, r.faction, chosen);
    if (player === chosen || !because) {
      this.playerNote = '';
      return;
    }
    this.who.value = String(player);
    const named = because.factions.map((f) => CATALOG.factions[f as Faction] ?? f).join(', ');
    this.playerNote =
      (because.player === player
        ? `For player ${player}, whose side of the table is ${named}. `
        : `For player ${player}: player ${because.player}'s side of the table is ${named}. `) +
      `Choose the player above to change it.`;
  }

  private show(r: FleetReading) {
    const { ships, squadrons } = r;
    const kids: HTMLElement[] = [h('p', { id: 'fleet-head' }, headText(r, this.text.value))];
    if (this.playerNote) kids.push(h('p', { class: 'hint', id: 'fleet-player-note' }, this.playerNote));
    if (ships.length || squadrons.length) kids.push(checkList(r, this.text.value));
    for (const n of r.notes) kids.push(h('p', { class: 'hint fleet-note' }, n));
    kids.push(...shipRows(ships), ...squadronRows(squadrons));
    if (r.objectives.length)
      kids.push(h('p', { class: 'hint', id: 'fleet-objectives' }, `Objectives: ${r.objectives.join(', ')}`));
    kids.push(...this.unrecognisedRows(r), ...this.leftOutRows(r));
    this.readView.replaceChildren(...kids);
    this.addBtn.disabled = this.guideBtn.disabled = !ships.length && !squadrons.length;
  }

  /** The lines not recognised, each with a card search and Leave out; past SHOWN_LINES, one button for the rest. */
  private unrecognisedRows(r: FleetReading): HTMLElement[] {
    if (!r.unrecognised.length) return [];
    const n = r.unrecognised.length;
    const kids: HTMLElement[] = [
      h(
        'p',
        { class: 'hint' },
        `${n} line${n === 1 ? '' : 's'} not recognised: pick the card each ` + `means, or leave it out.`,
      ),
      h(
        'ul',
        { id: 'fleet-unrecognised', class: 'fleet-lines' },
        ...r.unrecognised.slice(0, SHOWN_LINES).map((u) => this.fixRow(u)),
      ),
    ];
    if (n > SHOWN_LINES) {
      const rest = r.unrecognised.slice(SHOWN_LINES).map((u) => u.line);
      kids.push(
        h(
          'p',
          { class: 'hint', id: 'fleet-unrecognised-more' },
          `and ${rest.length} more lines not recognised. `,
          h(
            'button',
            {
              id: 'fleet-leave-rest',
              onclick: () => {
                for (const line of rest) this.fixes[line] = null;
                void this.reread();
              },
            },
            `Leave those ${rest.length} out`,
          ),
        ),
      );
    }
    return kids;
  }

  /** The lines left out, each with a button to put it back. */
  private leftOutRows(r: FleetReading): HTMLElement[] {
    if (!r.leftOut.length) return [];
    return [
      h('p', { class: 'hint' }, 'Left out:'),
      h(
        'ul',
        { id: 'fleet-left-out', class: 'fleet-lines' },
        ...r.leftOut
          .slice(0, SHOWN_LINES)
          .map((u) =>
            li(
              { 'data-line': u.line },
              h('code', {}, `${u.line}: ${u.text}`),
              ' ',
              h(
                'button',
                { 'data-put-back': u.line, onclick: () => this.fix(u.line, undefined) },
                'put back',
              ),
            ),
          ),
      ),
    ];
  }

  private fixRow(u: FleetReading['unrecognised'][number]): HTMLElement {
    const search = h('input', {
      type: 'search',
      'data-fix-search': u.line,
      placeholder: 'search the cards…',
      style: 'width:12em',
      'aria-label': `the card line ${u.line} means`,
    });
    const found = h('span', { class: 'fleet-found' });
    const near = /"([^"]+)"/.exec(u.hint)?.[1];
    const fill = () => {
      const hits = searchCards(search.value || near || '', this.reading?.faction ?? null);
      found.replaceChildren(
        ...hits.map((c) =>
          h(
            'button',
            { 'data-fix-card': c.id, title: c.id, onclick: () => this.fix(u.line, c.id) },
            `${c.name} (${c.kind}${c.kind !== 'objective' ? `, ${pointsOf(c)[0]}` : ''})`,
          ),
        ),
      );
    };
    search.addEventListener('input', fill);
    fill();
    return li(
      { 'data-line': u.line },
      h('code', {}, `${u.line}: ${u.text}`),
      ' — ',
      u.hint,
      h('br'),
      search,
      ' ',
      h('button', { 'data-leave-out': u.line, onclick: () => this.fix(u.line, null) }, 'Leave out'),
      ' ',
      found,
    );
  }

  /**
   * The fleet list kept with the table for this player (replacing the player's earlier one); unchanged when
   * it cannot be kept.
   */
  private kept(t: Table, player: Player, r: FleetReading): Table {
    const { text, builder, fixes } = this;
    if (unkeepable(r, text.value)) return t;
    const entry: TableFleet = {
      player,
      text: text.value.slice(0, MAX_FLEET_TEXT),
      read: fleetJson(r),
      ...(builder.value ? { builder: builder.value as Builder } : {}),
      ...(Object.keys(fixes).length
        ? { fixes: Object.fromEntries(Object.entries(fixes).map(([k, v]) => [String(k), v])) }
        : {}),
    };
    return {
      ...t,
      fleets: [...(t.fleets ?? []).filter((f) => f.player !== player), entry].sort(
        (a, b) => a.player - b.player,
      ),
    };
  }

  private async add() {
    const { store, result, addBtn } = this;
    this.busy?.abort();
    const ctl = new AbortController();
    this.busy = ctl;
    const player = Number(this.who.value) as Player;
    const r = await this.reread();
    if (!r || ctl.signal.aborted) return;
    const pieces = fleetPieces(r, this.text.value);
    const before = store.getState().table;
    addBtn.disabled = true;
    result.replaceChildren(h('p', { id: 'fleet-summary' }, `Setting down ${pieces.length} pieces…`));
    const placed = await placeFleetSliced(before, pieces, player, {
      signal: ctl.signal,
      onProgress: (done, total) => {
        result.firstElementChild!.textContent = `Setting down… ${done} of ${total} steps`;
      },
    });
    addBtn.disabled = false;
    if (!placed || ctl.signal.aborted) return;
    if (store.getState().table !== before) {
      result.replaceChildren(
        h(
          'p',
          { id: 'fleet-summary' },
          'The table changed while the fleet was being set down: set it down again.',
        ),
      );
      return;
    }
    if (placed.added.length) this.cmd.change(this.kept(placed.table, player, r));
    const changed = store.getState().table !== before;
    const notKept = unkeepable(r, this.text.value);
    result.replaceChildren(
      h('p', { id: 'fleet-summary' }, placedSummary(pieces.length, placed, changed, player)),
      ...(notKept && changed ? [h('p', { class: 'hint', id: 'fleet-not-kept' }, notKept)] : []),
      ...placedLists(placed, changed),
    );
  }

  private async guide() {
    const player = Number(this.who.value) as Player;
    const r = await this.reread();
    if (!r) return;
    const notKept = unkeepable(r, this.text.value);
    if (notKept) {
      this.result.replaceChildren(
        h('p', { id: 'fleet-summary' }, `${notKept} The guide deploys a list kept with the table.`),
      );
      return;
    }
    this.cmd.change(this.kept(this.store.getState().table, player, r));
    const started = this.startGuide();
    this.result.replaceChildren(
      h(
        'p',
        { id: 'fleet-summary' },
        `Player ${player}'s list is kept with the table; the guided setup deploys it piece by piece` +
          (started ? '.' : ' once you answer its question (the table has pieces on it).'),
      ),
    );
  }
}

/** Cards whose name holds the words searched (official first, the list's faction first), at most eight. */
function searchCards(q: string, faction: string | null): Card[] {
  const key = cardKey(q);
  if (key.length < 2) return [];
  const idx = cardIndex();
  const score = (c: Card) => {
    const k = cardKey(c.name);
    const at = k.indexOf(key);
    if (at < 0) return -1;
    const f = c.kind === 'objective' || c.kind === 'upgrade' ? true : c.faction === faction;
    return (
      (at === 0 ? 4 : 0) +
      (c.official ? 2 : 0) +
      (f ? 1 : 0) +
      (c.kind === 'ship' || c.kind === 'squadron' ? 1 : 0)
    );
  };
  const hits = idx.cards.map((c) => [c, score(c)] as const).filter(([, s]) => s >= 0);
  if (!hits.length) {
    const near = idx.nearest(q);
    return near ? [near] : [];
  }
  return hits
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([c]) => c);
}
