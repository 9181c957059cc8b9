/**
 * Setup practice (#setup-bar over the table, started from the Table menu or the Practice panel): the
 * player (player 1, the near edge) and the app take turns placing the six obstacles, then deploying
 * their ships, within the setup rules. The player picks a piece, taps the table (the piece goes to the
 * nearest legal spot), turns it if they like and places it; the app then rates the placement against
 * the best spot its search finds (drawn in gold) and makes its own move. At the end: the summary and a
 * replay placement by placement. The rules decide everything (src/rules/practice/setup-*.ts); the
 * search runs in a worker (src/state/setup-worker.ts). Tables is paused while it runs and the
 * player's table and undo come back at the end.
 */
import { CATALOG, type ObstacleType } from '../model/catalog';
import { obstacleOutline, shipShapes } from '../model/pieces';
import { PRACTICE_DEFAULTS, REFERENCE_FLEETS } from '../model/reference-fleets';
import { emptyTable, type Table } from '../model/table';
import { deploymentZone } from '../rules/setup/deploy';
import { setupLegalRegion } from '../rules/setup/setup';
import {
  applyMove,
  nextTurn,
  type Placement,
  type SetupGame,
  type SetupMove,
} from '../rules/practice/setup-game';
import type { SetupRating } from '../rules/practice/setup-rating';
import type { SearchResult } from '../rules/practice/setup-search';
import { World } from '../rules/world';
import {
  APP_BUDGET,
  fleetShips,
  nearestLegal,
  readSetupKept,
  type SetupKept,
  SetupSearchClient,
  startSetup,
} from '../state/setup-practice';
import { type FoundPractice, type PracticeShelf, readFound } from '../state/practice-kept';
import type { AppState, AppStore, Commands } from '../state/store';
import type { TabTables } from '../state/tab-tables';
import { practiceTableState } from '../state/practice-table';
import { h } from './dom';

const STYLE = `
#setup-bar { position: absolute; left: 8px; right: 8px; top: 8px; z-index: 6; max-width: 560px; margin: 0 auto;
  background: #1b2027f2; border: 1px solid #3a434e; border-radius: 8px; padding: 8px 10px; box-shadow: 0 4px 16px #0008;
  max-height: calc(100% - 16px); overflow-y: auto; font-size: 14px; }
#setup-bar[hidden] { display: none; }
#setup-bar .setup-head { display: flex; justify-content: space-between; align-items: center; gap: 8px;
  color: var(--muted); font-size: 12px; }
#setup-bar .setup-ask { font-weight: 600; margin: 4px 0; }
#setup-bar .setup-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
#setup-bar button { min-height: 44px; min-width: 44px; }
#setup-bar button[aria-pressed="true"] { outline: 2px solid #74c0fc; }
#setup-bar select, #setup-bar textarea { min-height: 36px; max-width: 100%; }
#setup-bar textarea { width: 100%; min-height: 80px; }
#setup-bar .setup-note { color: var(--muted); font-size: 12px; }
#setup-bar .setup-rated { margin: 2px 0; }
#setup-bar .setup-why { color: var(--muted); font-size: 12px; margin-top: 2px; }
#setup-bar .good { color: #51cf66; } #setup-bar .short { color: #ffa94d; }
#setup-bar table { border-collapse: collapse; font-size: 13px; margin: 4px 0; }
@media (max-width: 700px) and (orientation: portrait) {
  body.setup-practising aside { display: none; } body.setup-practising main { margin-bottom: 0; } }
#setup-bar td { padding: 1px 8px 1px 0; vertical-align: top; }
#setup-bar tr.mine { color: #e9ecef; } #setup-bar tr:not(.mine) { color: var(--muted); }
`;

export interface SetupMarks {
  best: number[] | null;
  zone: [number, number, number, number] | null;
  /** where the centre of the obstacle being placed may go (outlines, mm): drawn by render/setup-layer.ts */
  region?: number[][] | null;
}

export interface SetupHooks {
  fit: () => void;
  /** the table's setup area (where every piece of the practice goes) in view below the bar's `topPx` pixels */
  frameBelow: (topPx: number) => void;
  mark: (m: SetupMarks) => void;
  /** the canvas sized again to its host (the phone's sheet is hidden while the practice runs) */
  relayout: () => void;
  /** a tap on the table (mm) goes to `f` while set */
  onTap: (f: ((x: number, y: number) => void) | null) => void;
}

type Phase = 'choose' | 'play' | 'done' | 'replay';
type Choice = { kind: 'obstacle' | 'deploy'; piece: string };
interface Rated {
  rating: SetupRating;
  best: SearchResult | null;
  /** from the tap on Place to the answer on screen, ms */
  ms: number;
}

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(1)}`;

/**
 * What a rating is made of, in words: its scale, then the two sides' first two rounds as the rating counts them
 * (docs/readings.md, "Setup rating"): the reach ends with a safe first shot, and those on an obstacle.
 */
export function ratingWhy(r: SetupRating, mine: string, theirs: string): string {
  const pct = (n: number, of: number) => `${of ? Math.round((100 * n) / of) : 0}%`;
  const { own, enemy } = r;
  return (
    `(from −100 to +100: ${mine} first two rounds against ${theirs}; a safe first shot from ` +
    `${pct(own.safeShots, own.ends)} of ${mine} ships' reach ends, against ${pct(enemy.safeShots, enemy.ends)}; ` +
    `on an obstacle ${pct(own.onObstacles, own.ends)} against ${pct(enemy.onObstacles, enemy.ends)}; ` +
    'and the dice each side rolls against those it faces)'
  );
}
const typeName = (t: string) => t.replace(/-([a-c])$/, ' $1').replace(/^./, (c) => c.toUpperCase());

/** The outline of a placement, x0, y0, x1, y1, ... (mm), for the marks. */
function outlineOf(
  g: SetupGame,
  p: { piece: string; type?: string; x: number; y: number; rotation: number },
) {
  if (p.type) {
    const o = obstacleOutline(CATALOG, { type: p.type as never, x: p.x, y: p.y, rotation: p.rotation });
    return o.pairs().flat();
  }
  const s = [...g.pending, ...g.table.ships].find((x) => x.id === p.piece);
  return s
    ? shipShapes(CATALOG, { ...s, x: p.x, y: p.y, rotation: p.rotation })
        .base.pairs()
        .flat()
    : null;
}

/** The game's table with the player's candidate piece on it. */
function tableWith(g: SetupGame, c: Placement | null): Table {
  if (!c) return g.table;
  if (c.type) {
    const o = { id: c.piece, type: c.type, x: c.x, y: c.y, rotation: c.rotation };
    return { ...g.table, obstacles: [...g.table.obstacles, o] };
  }
  const s = g.pending.find((x) => x.id === c.piece)!;
  return { ...g.table, ships: [...g.table.ships, { ...s, x: c.x, y: c.y, rotation: c.rotation }] };
}

/** The table after the first `k` moves of a finished game (for the replay). */
function tableAfter(g: SetupGame, k: number): Table {
  const ids = new Set(g.moves.slice(0, k).map((m) => m.piece));
  return {
    ...g.table,
    obstacles: g.table.obstacles.filter((o) => ids.has(o.id)),
    ships: g.table.ships.filter((s) => ids.has(s.id)),
  };
}

export class SetupPracticePanel {
  readonly bar = h('div', { id: 'setup-bar', hidden: true, role: 'dialog', 'aria-label': 'Setup practice' });
  private phase: Phase | null = null;
  private game: SetupGame | null = null;
  private client: SetupSearchClient | null = null;
  private before: Pick<AppState, 'table' | 'history' | 'locked'> | null = null;
  /** what had the keyboard's focus when the practice started: it has it back at the end */
  private opener: Element | null = null;
  /** the bar's first control takes the focus at the next draw (the practice just started) */
  private focusDue = false;
  private pick: Choice | null = null;
  private cand: Placement | null = null;
  private rated: Rated | null = null;
  private lastApp: SetupMove | null = null;
  private busy: string | null = null;
  private note: string | null = null;
  private final: SetupRating | null = null;
  private replayAt = 0;
  private framedAt = -100;
  private seed = 1;
  /** the choices of the first screen */
  private choice = {
    mine: PRACTICE_DEFAULTS.mine,
    theirs: PRACTICE_DEFAULTS.theirs,
    /** the pasted texts, yours and the one to face */
    pasted: { mine: '', theirs: '' },
    first: true,
  };

  constructor(
    private readonly store: AppStore,
    private readonly cmd: Commands,
    private readonly tables: TabTables,
    private readonly hooks: SetupHooks,
    /** where the practice is kept at every step, for a reload of the tab */
    private readonly practices: PracticeShelf,
  ) {
    document.head.append(h('style', {}, STYLE));
  }

  running(): boolean {
    return this.phase !== null;
  }

  private show(t: Table) {
    this.store.setState(practiceTableState(t));
  }

  /** The player's table, history and lock, put back at the end; Tables keeps nothing meanwhile. */
  private keepBefore() {
    if (this.before !== null) return;
    const { table, history, locked } = this.store.getState();
    this.before = { table, history, locked };
    this.tables.pause();
    this.opener = document.activeElement;
    // a keyboard's start (a tap or a click leaves the focus where the pointer put it)
    this.focusDue = !!this.opener?.matches(':focus-visible');
  }

  start() {
    this.keepBefore();
    this.phase = 'choose';
    this.game = null;
    this.note = null;
    this.show(emptyTable('3x6'));
    this.hooks.fit();
    this.hooks.onTap((x, y) => this.tap(x, y));
    this.draw();
  }

  /** What a reload of the tab takes the practice up from (src/state/setup-practice.ts, SetupKept). */
  private kept(): SetupKept {
    return {
      phase: this.phase!,
      choice: this.choice,
      game: this.game,
      seed: this.seed,
      pick: this.pick,
      cand: this.cand,
      rated: this.rated,
      lastApp: this.lastApp,
      final: this.final,
      replayAt: this.replayAt,
      note: this.note,
    };
  }

  /**
   * The practice a reload of the tab found under way, taken up where it was: the fleets being chosen, the
   * player's turn with the piece they had put down, the app's turn (its search asked again), the summary or
   * the replay. One that cannot be read ends, and says so; the table on screen is the player's own either
   * way.
   */
  resume(found: FoundPractice) {
    const read = readFound(found, readSetupKept);
    if ('problem' in read) {
      this.practices.drop('setup');
      this.cmd.message(
        'error',
        `Setup practice ended with the reload: it could not be taken up again (${read.problem}). ` +
          'Your table is as it was.',
      );
      return;
    }
    const k = read.value;
    this.keepBefore();
    this.opener = null;
    this.focusDue = false;
    this.phase = k.phase;
    this.choice = k.choice;
    this.game = k.game;
    this.seed = k.seed;
    this.pick = k.pick;
    this.cand = k.cand;
    this.rated = k.rated;
    this.lastApp = k.lastApp;
    this.final = k.final;
    this.replayAt = k.replayAt;
    this.note = k.note;
    this.busy = null;
    this.framedAt = -100;
    this.hooks.onTap((x, y) => this.tap(x, y));
    const g = this.game;
    if (!g) {
      this.show(emptyTable('3x6'));
      this.hooks.fit();
      return this.draw();
    }
    this.client = new SetupSearchClient();
    if (k.phase === 'replay') return this.replay(k.replayAt);
    if (k.phase === 'done') {
      if (!this.final) return void this.finish();
      return this.toSummary();
    }
    const t = nextTurn(g);
    if (!t) return void this.finish();
    if (t.player === 2) return void this.turn();
    // the player's turn: the piece they chose, and where they had put it, as they left them
    void this.client.ask({ kind: 'prepare', game: g });
    this.show(tableWith(g, this.cand));
    this.markZone();
    this.draw();
  }

  /** Back to the player's own table and undo history; Tables keeps going. */
  end() {
    const before = this.before;
    const inBar = this.bar.contains(document.activeElement);
    this.client?.stop();
    this.client = null;
    this.phase = null;
    this.game = null;
    this.before = null;
    this.hooks.onTap(null);
    this.hooks.mark({ best: null, zone: null });
    this.draw();
    // the focus back where it was, or on the "Table" whose menu, closed now, held the button pressed
    const back = this.opener;
    this.opener = null;
    if (
      (inBar || document.activeElement === document.body) &&
      back instanceof HTMLElement &&
      back.isConnected
    ) {
      back.focus({ preventScroll: true });
      if (document.activeElement !== back)
        back.closest('details')?.querySelector('summary')?.focus({ preventScroll: true });
    }
    if (before) {
      this.store.setState({ ...before, selected: null, attacker: null, defender: null, gestureStart: null });
      this.tables.resume();
    }
    this.hooks.fit();
  }

  private fleetText(which: 'mine' | 'theirs'): string {
    const id = this.choice[which];
    return id === 'paste'
      ? this.choice.pasted[which]
      : (REFERENCE_FLEETS.find((f) => f.id === id)?.text ?? '');
  }

  /** The game from the first screen's choices, or a note saying what is missing. */
  private begin() {
    const mine = fleetShips(this.fleetText('mine'), 1);
    const theirs = fleetShips(this.fleetText('theirs'), 2);
    if (!mine.ships.length || !theirs.ships.length) {
      const which = !mine.ships.length ? 'your list' : 'the list to face';
      this.note = `No ship with a known class was read from ${which}: paste a fleet builder's text export.`;
      return this.draw();
    }
    const skipped = [...mine.skipped, ...theirs.skipped];
    this.note = skipped.length ? `Left out (no speed chart known): ${skipped.join(', ')}.` : null;
    this.game = startSetup(mine.ships, theirs.ships, this.choice.first);
    this.client = new SetupSearchClient();
    this.seed = (Date.now() % 100000) + 1;
    this.phase = 'play';
    this.framedAt = -100;
    this.rated = null;
    this.lastApp = null;
    this.final = null;
    this.show(this.game.table);
    void this.turn();
  }

  /** Whose turn: the app moves at once; the player's position is evaluated while they choose. */
  private async turn() {
    const g = this.game;
    if (!g || !this.client) return;
    const t = nextTurn(g);
    if (!t) return void this.finish();
    if (t.player === 2) {
      this.busy = 'The app is choosing its move…';
      this.draw();
      const r = await this.client.ask({
        kind: 'app',
        game: g,
        seed: this.seed++,
        budget: APP_BUDGET[t.kind],
      });
      if (this.game !== g) return;
      this.busy = null;
      if (r.kind !== 'app') return this.fail(r);
      this.lastApp = r.move;
      this.game = applyMove(g, r.move);
      this.show(this.game.table);
      return void this.turn();
    }
    void this.client.ask({ kind: 'prepare', game: g });
    this.pick = null;
    this.cand = null;
    this.markZone();
    this.draw();
  }

  private fail(r: { kind: string; error?: string }) {
    this.note = `The search stopped: ${r.error ?? r.kind}. End and start again.`;
    this.busy = null;
    this.draw();
  }

  private markZone() {
    const g = this.game;
    const t = g && nextTurn(g);
    const best = this.rated?.best ? outlineOf(g!, this.rated.best) : null;
    let zone: SetupMarks['zone'] = null;
    if (t && t.kind === 'deploy' && t.player === 1) {
      const z = deploymentZone(new World(g!.table), 1);
      zone = [z.x0, z.y0, z.x1, z.y1];
    }
    // the player's obstacle chosen: where its centre may go, at the candidate's turn (the rules' region, for
    // drawing; placing still asks the rules for the nearest legal spot)
    let region: SetupMarks['region'] = null;
    const p = this.pick;
    if (t && t.kind === 'obstacle' && t.player === 1 && p?.kind === 'obstacle') {
      const rotation = this.cand?.piece === p.piece ? this.cand.rotation : 0;
      const was = this.regionFor;
      if (!was || was.obstacles !== g!.table.obstacles || was.type !== p.piece || was.rotation !== rotation) {
        const type = p.piece as ObstacleType;
        const polygons = setupLegalRegion(new World(g!.table), { type, rotation });
        this.regionFor = {
          obstacles: g!.table.obstacles,
          type,
          rotation,
          region: polygons.map((P) => [...P.xy]),
        };
      }
      region = this.regionFor!.region;
    }
    this.hooks.mark({ best, zone, region });
    // how many outlines the region drawn has (the browser tests read it: the canvas is not theirs to read)
    this.bar.dataset.region = String(region?.length ?? 0);
  }

  /** the last region drawn: for the obstacles placed, the type and the turn it is for */
  private regionFor: { obstacles: unknown; type: string; rotation: number; region: number[][] } | null = null;

  private choose(p: Choice) {
    this.pick = p;
    // another piece chosen: the candidate placed so far leaves the table
    if (this.cand && this.game) this.show(this.game.table);
    this.cand = null;
    this.note = null;
    this.markZone();
    this.draw();
  }

  /** A tap on the table: the chosen piece there, or at the nearest legal spot. */
  private tap(x: number, y: number) {
    const g = this.game;
    if (this.phase !== 'play' || !g || !this.pick || this.busy) return;
    // a ship faces the enemy's edge (player 1: heading 0); a turn given to the candidate is kept
    const rotation = this.pick.piece === this.cand?.piece ? this.cand.rotation : 0;
    this.placeAt({
      piece: this.pick.piece,
      ...(this.pick.kind === 'obstacle' ? { type: this.pick.piece as never } : {}),
      x,
      y,
      rotation,
    });
  }

  private placeAt(p: Placement) {
    const g = this.game!;
    const near = nearestLegal(g, p);
    if (!near) {
      this.note = 'No legal spot within 20 cm of there: tap nearer the middle of the area you may place in.';
      return this.draw();
    }
    this.note = near === p ? null : 'Moved to the nearest legal spot.';
    this.cand = near;
    this.show(tableWith(g, near));
    // a turn given to the candidate turns the region its centre may go in
    this.markZone();
    this.draw();
  }

  private turnBy(deg: number) {
    if (!this.cand) return;
    this.placeAt({ ...this.cand, rotation: (this.cand.rotation + deg + 360) % 360 });
  }

  /** The placement made: rated against the best spot found, then the app's turn. */
  private async place() {
    const g = this.game,
      c = this.cand;
    if (!g || !c || !this.client || this.busy) return;
    const t = nextTurn(g)!;
    // a note of an earlier tap (no legal spot there) is no word on the placement made
    this.note = null;
    this.busy = 'Rating your placement…';
    this.rated = null;
    this.lastApp = null;
    this.draw();
    const t0 = performance.now();
    const r = await this.client.ask({
      kind: 'rate',
      game: g,
      placement: c,
      seed: this.seed++,
      budget: APP_BUDGET[t.kind],
    });
    if (this.game !== g) return;
    this.busy = null;
    if (r.kind !== 'rated') return this.fail(r);
    this.rated = { rating: r.rating, best: r.best, ms: performance.now() - t0 };
    const move: SetupMove = { by: 1, kind: t.kind, ...c, rating: r.rating, best: r.best, app: false };
    this.game = applyMove(g, move);
    this.lastApp = null;
    this.pick = null;
    this.cand = null;
    this.show(this.game.table);
    this.markZone();
    void this.turn();
  }

  private async finish() {
    const g = this.game!;
    this.phase = 'done';
    this.busy = 'Rating the whole setup…';
    this.hooks.mark({ best: null, zone: null });
    this.draw();
    const r = await this.client!.ask({ kind: 'final', game: g });
    if (this.game !== g) return;
    this.busy = null;
    if (r.kind === 'final') this.final = r.rating;
    this.draw();
  }

  private replay(k: number) {
    const g = this.game!;
    this.phase = 'replay';
    this.replayAt = Math.max(1, Math.min(g.moves.length, k));
    const m = g.moves[this.replayAt - 1];
    this.show(tableAfter(g, this.replayAt));
    this.hooks.mark({ best: m.best && !m.app ? outlineOf(g, m.best) : null, zone: null });
    this.draw();
  }

  private toSummary() {
    this.phase = 'done';
    this.show(this.game!.table);
    this.hooks.mark({ best: null, zone: null });
    this.draw();
  }

  /** The table framed below the bar, again only when the bar's height changed by more than 24 px. */
  private reframe() {
    const top = this.bar.offsetHeight + 16;
    if (Math.abs(top - this.framedAt) <= 24) return;
    this.framedAt = top;
    this.hooks.frameBelow(top);
  }

  private draw() {
    const was = document.body.classList.contains('setup-practising');
    document.body.classList.toggle('setup-practising', this.phase !== null);
    if (was !== (this.phase !== null)) {
      this.hooks.relayout();
      this.framedAt = -100;
    }
    this.bar.hidden = this.phase === null;
    if (this.phase === null) {
      this.practices.drop('setup');
      return this.bar.replaceChildren();
    }
    this.practices.keep('setup', this.kept());
    const body =
      this.phase === 'choose'
        ? chooseView(this)
        : this.phase === 'play'
          ? playView(this)
          : this.phase === 'done'
            ? doneView(this)
            : replayView(this);
    const close = h(
      'button',
      { id: 'setup-close', title: 'end and return to your table', onclick: () => this.end() },
      'End',
    );
    const head = h(
      'div',
      { class: 'setup-head' },
      h('span', { id: 'setup-progress' }, progressOf(this)),
      close,
    );
    const note = this.note ? [h('div', { class: 'setup-note', id: 'setup-note' }, this.note)] : [];
    const busy = this.busy ? [h('div', { class: 'setup-note', id: 'setup-busy' }, this.busy)] : [];
    // the bar is made again at every draw: a keyboard's focus in it stays on the control of the same id, or
    // goes to the bar's first control (the button pressed is gone or hidden, and would leave it at the top)
    const active = document.activeElement;
    const focused =
      active && this.bar.contains(active) && active.matches(':focus-visible') ? active.id : null;
    this.bar.replaceChildren(head, ...body, ...busy, ...note);
    if (focused !== null || this.focusDue) this.focusIn(focused);
    this.focusDue = false;
    this.bar.dataset.phase = this.phase;
    this.bar.dataset.busy = this.busy ? 'true' : 'false';
    if (this.phase !== 'choose') this.reframe();
  }

  /** The control of that id in the bar, or else its first control past the head's End, takes the focus. */
  private focusIn(id: string | null) {
    const same = id ? this.bar.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
    const first = this.bar.querySelector<HTMLElement>(
      ':scope > :not(.setup-head) :is(button, select, textarea, input):not([disabled])',
    );
    (same && !same.hasAttribute('disabled')
      ? same
      : (first ?? this.bar.querySelector('#setup-close'))
    )?.focus({
      preventScroll: true,
    });
  }

  /** the views read the run through this */
  view() {
    return {
      phase: this.phase,
      game: this.game,
      pick: this.pick,
      cand: this.cand,
      rated: this.rated,
      lastApp: this.lastApp,
      busy: this.busy,
      final: this.final,
      replayAt: this.replayAt,
      choice: this.choice,
      act: {
        begin: () => this.begin(),
        choose: (p: Choice) => this.choose(p),
        turnBy: (d: number) => this.turnBy(d),
        place: () => void this.place(),
        replay: (k: number) => this.replay(k),
        summary: () => this.toSummary(),
        again: () => this.start(),
        end: () => this.end(),
        redraw: () => this.draw(),
        /** a list being pasted is kept as it is typed, for a reload */
        keep: () => this.practices.keep('setup', this.kept()),
      },
    };
  }

  startButton(id: string): HTMLButtonElement {
    const onclick = (ev: Event) => {
      (ev.currentTarget as HTMLElement).closest('details')?.removeAttribute('open');
      this.start();
    };
    const title =
      'place the obstacles and deploy against the app, each placement rated against the best found';
    return h('button', { id, title, onclick }, 'Setup practice…');
  }
}

type Panel = SetupPracticePanel;

function progressOf(p: Panel): string {
  const v = p.view();
  if (v.phase === 'choose') return 'Setup practice: choose the fleets';
  if (v.phase === 'done') return 'Setup practice: the summary';
  if (v.phase === 'replay') return `Setup practice: replay ${v.replayAt} of ${v.game!.moves.length}`;
  const g = v.game!;
  const t = nextTurn(g);
  const placed = g.table.obstacles.length;
  const where =
    t?.kind === 'deploy' ? `deploying, ${g.pending.length} ships left` : `obstacle ${placed + 1} of 6`;
  return `Setup practice · ${where} · ${t?.player === 1 ? 'your turn' : "the app's turn"}`;
}

/** The bundled lists grouped by faction (in the order the lists first name them), then a pasted one. */
function fleetSelect(id: string, value: string, onchange: (v: string) => void): HTMLSelectElement {
  const factions = [...new Set(REFERENCE_FLEETS.map((f) => f.faction))];
  const s = h(
    'select',
    { id, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) },
    ...factions.map((faction) =>
      h(
        'optgroup',
        { label: CATALOG.factions[faction] },
        ...REFERENCE_FLEETS.filter((f) => f.faction === faction).map((f) =>
          h('option', { value: f.id }, f.label),
        ),
      ),
    ),
    h('option', { value: 'paste' }, 'Paste a list…'),
  ) as HTMLSelectElement;
  s.value = value;
  return s;
}

function chooseView(p: Panel): Node[] {
  const v = p.view();
  const c = v.choice;
  const paste = (which: 'mine' | 'theirs') =>
    c[which] === 'paste'
      ? [
          h('textarea', {
            id: which === 'mine' ? 'setup-paste' : 'setup-paste-theirs',
            placeholder: `${which === 'mine' ? 'your' : 'the'} fleet builder's text export`,
            value: c.pasted[which],
            oninput: (e: Event) => {
              c.pasted[which] = (e.target as HTMLTextAreaElement).value;
              v.act.keep();
            },
          }),
        ]
      : [];
  const firstButton = (id: string, label: string, first: boolean) =>
    h(
      'button',
      { id, 'aria-pressed': String(c.first === first), onclick: () => ((c.first = first), v.act.redraw()) },
      label,
    );
  return [
    h(
      'div',
      { class: 'setup-row' },
      'Your fleet',
      fleetSelect('setup-mine', c.mine, (x) => ((c.mine = x), v.act.redraw())),
    ),
    ...paste('mine'),
    h(
      'div',
      { class: 'setup-row' },
      'Facing',
      fleetSelect('setup-theirs', c.theirs, (x) => ((c.theirs = x), v.act.redraw())),
    ),
    ...paste('theirs'),
    h(
      'div',
      { class: 'setup-row' },
      firstButton('setup-first-me', 'I go first', true),
      firstButton('setup-first-app', 'The app goes first', false),
    ),
    h('div', { class: 'setup-row' }, h('button', { id: 'setup-start', onclick: v.act.begin }, 'Start')),
    h(
      'div',
      { class: 'setup-note' },
      'You set up from the near edge. The first player deploys first; the other places the first obstacle.',
    ),
  ];
}

/** The rating's make-up, folded: the bar lies over the table, and on a phone every line of it hides some. */
const whyBox = (r: SetupRating): Node =>
  h('details', { class: 'setup-why' }, h('summary', {}, 'what it counts'), ratingWhy(r, 'your', "the app's"));

function ratedLine(r: Rated): Node {
  const best = r.best?.rating.rating;
  const ok = best === undefined || r.rating.rating >= best - 0.05;
  const text =
    `Your placement rates ${signed(r.rating.rating)}` +
    (best !== undefined ? `; the best spot found rates ${signed(best)} (gold outline)` : '') +
    ` · ${(r.ms / 1000).toFixed(1)} s`;
  return h(
    'div',
    {
      class: `setup-rated ${ok ? 'good' : 'short'}`,
      id: 'setup-rated',
      'data-rating': String(r.rating.rating),
      'data-best': best === undefined ? '' : String(best),
      'data-ms': String(Math.round(r.ms)),
    },
    text,
    whyBox(r.rating),
  );
}

function pieceButtons(p: Panel): Node[] {
  const v = p.view();
  const g = v.game!;
  const t = nextTurn(g);
  if (!t || t.player !== 1) return [];
  const buttons =
    t.kind === 'obstacle'
      ? t.types.map((type) => ({ piece: type, label: typeName(type) }))
      : t.ships.map((id) => ({ piece: id, label: g.pending.find((s) => s.id === id)?.name ?? id }));
  return [
    h('div', { class: 'setup-ask' }, t.kind === 'obstacle' ? 'Place an obstacle:' : 'Deploy a ship:'),
    h(
      'div',
      { class: 'setup-row' },
      ...buttons.map((b) =>
        h(
          'button',
          {
            'data-piece': b.piece,
            'aria-pressed': String(v.pick?.piece === b.piece),
            onclick: () => v.act.choose({ kind: t.kind, piece: b.piece }),
          },
          b.label,
        ),
      ),
    ),
  ];
}

function playView(p: Panel): Node[] {
  const v = p.view();
  const out: Node[] = [];
  if (v.rated) out.push(ratedLine(v.rated));
  if (v.lastApp) {
    const m = v.lastApp;
    const what = m.type
      ? typeName(m.type)
      : (v.game!.table.ships.find((s) => s.id === m.piece)?.name ?? m.piece);
    out.push(
      h(
        'div',
        { class: 'setup-note', id: 'setup-app-move' },
        `The app placed ${what} (for it: ${signed(m.rating.rating)} of ±100).`,
      ),
    );
  }
  if (v.busy) return out;
  out.push(...pieceButtons(p));
  if (v.pick && !v.cand)
    out.push(
      h('div', { class: 'setup-note' }, 'Tap the table where it goes (it moves to the nearest legal spot).'),
    );
  if (v.cand) {
    out.push(
      h(
        'div',
        { class: 'setup-row' },
        h(
          'button',
          { id: 'setup-turn-left', title: 'turn 15° anticlockwise', onclick: () => v.act.turnBy(15) },
          '⟲',
        ),
        h(
          'button',
          { id: 'setup-turn-right', title: 'turn 15° clockwise', onclick: () => v.act.turnBy(-15) },
          '⟳',
        ),
        h('button', { id: 'setup-place', onclick: v.act.place }, 'Place'),
        h('span', { class: 'setup-note' }, 'or tap elsewhere to move it'),
      ),
    );
  }
  return out;
}

function moveRow(g: SetupGame, m: SetupMove, i: number): Node {
  const what = m.type ? typeName(m.type) : (g.table.ships.find((s) => s.id === m.piece)?.name ?? m.piece);
  const text = m.app
    ? `App: ${what}, for it ${signed(m.rating.rating)}`
    : `You: ${what}, ${signed(m.rating.rating)}` +
      (m.best ? ` (best found ${signed(m.best.rating.rating)})` : '');
  return h(
    'tr',
    { 'data-move': String(i + 1), class: m.app ? '' : 'mine' },
    h('td', {}, `${i + 1}.`),
    h('td', {}, text),
  );
}

function doneView(p: Panel): Node[] {
  const v = p.view();
  const g = v.game!;
  const mine = g.moves.filter((m) => !m.app);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const got = mean(mine.map((m) => m.rating.rating)),
    best = mean(mine.map((m) => m.best?.rating.rating ?? m.rating.rating));
  const fin = v.final;
  return [
    h(
      'div',
      { class: 'setup-ask', id: 'setup-summary', 'data-rating': fin ? String(fin.rating) : '' },
      fin ? `Your setup rates ${signed(fin.rating)} (the app's: ${signed(-fin.rating)})` : 'Your setup',
    ),
    ...(fin ? [whyBox(fin)] : []),
    h(
      'div',
      { class: 'setup-note' },
      `Your ${mine.length} placements: ${signed(got)} on average, the best found ${signed(best)}.`,
    ),
    h(
      'div',
      { class: 'setup-row' },
      h('button', { id: 'setup-replay', onclick: () => v.act.replay(1) }, 'Replay'),
      h('button', { id: 'setup-again', onclick: v.act.again }, 'Again'),
      h('button', { id: 'setup-end', onclick: v.act.end }, 'Back to my table'),
    ),
    h('table', {}, ...g.moves.map((m, i) => moveRow(g, m, i))),
  ];
}

function replayView(p: Panel): Node[] {
  const v = p.view();
  const g = v.game!;
  const m = g.moves[v.replayAt - 1];
  const what = m.type ? typeName(m.type) : (g.table.ships.find((s) => s.id === m.piece)?.name ?? m.piece);
  const text = m.app
    ? `The app placed ${what} (for it ${signed(m.rating.rating)}).`
    : `You placed ${what}: ${signed(m.rating.rating)}` +
      (m.best ? `; the best found ${signed(m.best.rating.rating)} (gold).` : '.');
  return [
    h('div', { class: 'setup-ask', id: 'setup-replay-move' }, `${v.replayAt}. ${text}`),
    h(
      'div',
      { class: 'setup-row' },
      h(
        'button',
        { id: 'setup-prev', onclick: () => v.act.replay(v.replayAt - 1), disabled: v.replayAt <= 1 },
        '◀',
      ),
      h(
        'button',
        {
          id: 'setup-next',
          onclick: () => v.act.replay(v.replayAt + 1),
          disabled: v.replayAt >= g.moves.length,
        },
        '▶',
      ),
      h('button', { id: 'setup-summary-back', onclick: v.act.summary }, 'Summary'),
      h('button', { id: 'setup-end', onclick: v.act.end }, 'Back to my table'),
    ),
  ];
}
