import { createStore } from 'zustand/vanilla';
import type { Guide } from './guide';
import { type ArcSource, type HullZoneName, type ObstacleType, zonesOf } from '../model/catalog';
import { checkPhotoFit, type Table, validateTable } from '../model/table';
import { type History, record, redo as redoStep, undo as undoStep } from './history';
import { type MeasureKey, overrideOf, withOverride } from './measurements';
import { withClassEdit } from './class-edit';
import type { ClassEdit } from '../model/catalog';
import { addPieceAtFreeSpot, findPiece, type NewPiece, patchPiece, removePiece } from './pieces';
import type { KeptSource } from './kept-records';
import { facingAttacker, facingZone } from '../rules/attacks/facing';
import type { World } from '../rules/world';

export interface Message {
  kind: 'error' | 'info';
  text: string;
}

/** A defender's hull zone chosen for the attack, not for the finger: see AppState.tapFacing. */
export interface TapFacing {
  attacker: string;
  defender: string;
  under: string | null;
  table: Table;
}

/**
 * The hull zones of the ship tapped that lie within a fingertip of the tap (render/interaction.ts), in the
 * ship's zone order, and the world of the table to judge them in (and the attacker's zone facing the defender).
 */
export interface TapNear {
  zones: readonly HullZoneName[];
  world: World;
}

/**
 * The pair as it was before a tap (what `tap` returns): the press that tapped may become a drag, which gives it
 * to `dragged`.
 */
export type PairWas = Pick<AppState, 'attacker' | 'defender' | 'pairFollows' | 'draggedAlone'>;

/** What a whole-table load is, for the Tables list (src/state/tab-tables.ts): a new entry, or one of the list's. */
export type OpenAs = { source: KeptSource; name: string } | { entry: string };

export interface AppState {
  table: Table;
  history: History<Table>;
  /** the table as it was when the current gesture (a drag) began */
  gestureStart: Table | null;
  selected: string | null;
  /** the attacker whose lines are drawn: `ship.zone` or a squadron id */
  attacker: string | null;
  /** the defender of the attack under dispute: `ship.zone` or a squadron id (null: none chosen) */
  defender: string | null;
  /**
   * the pair was chosen by dragging its pieces into place: its hull zones follow the pieces (the
   * zones that face each other, rules/attacks/facing.ts) until a tap or a picker chooses them
   */
  pairFollows: boolean;
  /**
   * the piece a drag alone moved, as the side the press on it tapped (`ship.zone` or a squadron id), while no
   * tap nor picker chose an attacker since: not the attacker (a drag moves a piece, it does not pick the
   * attacker: nothing is drawn or listed as its attacks, and the next tap is a first tap), but a second drag,
   * of an enemy, makes the pair with it (pairCommands.dragged)
   */
  draggedAlone: string | null;
  /**
   * the defender's hull zone a tap chose because the attacker's attack is best against it, not the zone
   * under the finger (`under`; null: the tap was off the ship's hull zones): said on the card while this
   * pair stands on this table
   */
  tapFacing: TapFacing | null;
  /** pieces locked: taps select, nothing moves (a dispute being looked at) */
  locked: boolean;
  /** the pickers list every attack, not only possible ones (in arc and in range) */
  allAttacks: boolean;
  /** placement precision, mm: a deciding margin below it is a close call */
  precisionMm: number;
  rings: boolean;
  setupMode: boolean;
  setupReading: 'core' | 'erratum';
  /** on 3'x3', which edges the setup rule counts: all four, or only the players' */
  setupEdges: 'all' | 'player';
  nextObstacle: ObstacleType;
  nextRotation: number;
  message: Message | null;
  /** the guided setup under way (src/state/guide.ts), or null */
  guide: Guide | null;
  /** a purrgil move under way: the table before it began, kept until the move is finished or put back */
  purrgilFrom: { id: string; table: Table } | null;
  /** the last whole-table load (a link, a file, a table from the list): the Tables list keeps the table it replaced */
  opened: { n: number; as: OpenAs } | null;
}

export function createAppStore(table: Table) {
  return createStore<AppState>()(() => ({
    table,
    history: { past: [], future: [] },
    gestureStart: null,
    selected: null,
    attacker: null,
    defender: null,
    pairFollows: false,
    draggedAlone: null,
    tapFacing: null,
    locked: false,
    allAttacks: false,
    precisionMm: 1,
    rings: false,
    setupMode: false,
    setupReading: 'core',
    setupEdges: 'all',
    nextObstacle: 'asteroid-a',
    nextRotation: 0,
    message: null,
    guide: null,
    purrgilFrom: null,
    opened: null,
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;

/** What every group of commands works over: the store, and the checks a change goes through. */
interface Ctx {
  get: AppStore['getState'];
  set: AppStore['setState'];
  /** the selection and pair kept where their pieces are still on table `t` */
  keepSelection(t: Table, s: AppState): Pick<AppState, 'selected' | 'attacker' | 'defender' | 'draggedAlone'>;
  /** true (and said why) when the pieces are locked and `t` would move them */
  lockedOut(t: Table): boolean;
  /** a change refused, with the reason, on the message line */
  refuse(e: unknown): void;
}

function context(store: AppStore): Ctx {
  const get = store.getState,
    set = store.setState;
  const keepSelection = (t: Table, s: AppState) => {
    const exists = (id: string | null) => id !== null && findPiece(t, id) !== null;
    const attacker = exists(s.attacker?.split('.')[0] ?? null) ? s.attacker : null;
    const defender = attacker && exists(s.defender?.split('.')[0] ?? null) ? s.defender : null;
    const draggedAlone = exists(s.draggedAlone?.split('.')[0] ?? null) ? s.draggedAlone : null;
    return { selected: exists(s.selected) ? s.selected : null, attacker, defender, draggedAlone };
  };
  const lockedOut = (t: Table) => {
    const s = get();
    if (!s.locked || !piecesDiffer(s.table, t)) return false;
    set({
      message: {
        kind: 'info',
        text: 'The pieces are locked: unlock them (the "lock pieces" switch) to move anything.',
      },
    });
    return true;
  };
  const refuse = (e: unknown) =>
    set({ message: { kind: 'error', text: `That change was not made: ${(e as Error).message}.` } });
  return { get, set, keepSelection, lockedOut, refuse };
}

/** The commands called on: `change` is the one way a table edit goes in. */
type Changer = { change(next: Table): void };

/** A table edit, and the gesture that makes several edits one undo step. */
function changeCommands({ get, set, keepSelection, lockedOut, refuse }: Ctx) {
  return {
    /** Apply a change; a change that would make the table unreadable is refused and explained. */
    change(next: Table) {
      const s = get();
      if (next === s.table || lockedOut(next)) return;
      const text = JSON.stringify(next);
      // a change that changes nothing (a click past the tool's limit) is no undo step
      if (!s.gestureStart && text === JSON.stringify(s.table)) return;
      try {
        // the photo's fit checked on the table itself, whose marks are the ones fitted before (reused)
        const file = JSON.parse(text);
        // a photo the change kept is the one read before: given as it is, it is not read again (parsePhoto)
        if (next.photo && next.photo === s.table.photo) file.photo = next.photo;
        validateTable(file, { photoFit: false });
        checkPhotoFit(next);
      } catch (e) {
        refuse(e);
        return;
      }
      if (s.gestureStart) set({ table: next });
      else set({ table: next, history: record(s.history, s.table), ...keepSelection(next, s) });
    },
    /**
     * One step of a drag: a piece moved or turned while a gesture is open. A step puts finite,
     * clamped numbers on a piece the table holds, which cannot make the table unreadable, so it
     * is not validated again as a whole (a photo's fit, which follows the pieces, still is).
     * Outside a gesture it is an ordinary change.
     */
    dragStep(this: Changer, id: string, p: { x?: number; y?: number; rotation?: number }) {
      const s = get();
      if (!s.gestureStart) return this.change(patchPiece(s.table, id, p));
      const step: { x?: number; y?: number; rotation?: number } = {};
      for (const k of ['x', 'y', 'rotation'] as const) {
        const v = p[k];
        if (v === undefined) continue;
        if (!Number.isFinite(v)) return;
        step[k] = v;
      }
      const next = patchPiece(s.table, id, step);
      if (next === s.table || lockedOut(next)) return;
      try {
        checkPhotoFit(next);
      } catch (e) {
        refuse(e);
        return;
      }
      set({ table: next });
    },
    beginGesture() {
      if (!get().gestureStart) set({ gestureStart: get().table });
    },
    endGesture() {
      const s = get();
      if (!s.gestureStart) return;
      if (s.gestureStart === s.table) set({ gestureStart: null });
      else set({ gestureStart: null, history: record(s.history, s.gestureStart) });
    },
  };
}

/** The table's measurements: catalog figures overridden, arc lines chosen, class tokens corrected. */
function measurementCommands({ get, refuse }: Ctx) {
  return {
    /** Override one uncertain catalog figure (a number) or return it to the catalog (null): one undo step. */
    setMeasurement(this: Changer, key: MeasureKey, value: number | null) {
      if (overrideOf(get().table.measurements, key) === (value ?? undefined)) return;
      const next = withOverride(get().table, key, value);
      try {
        validateTable(JSON.parse(JSON.stringify(next)), { photoFit: false }); // change() fits the photo
      } catch (e) {
        refuse(e);
        return;
      }
      this.change(next);
    },
    /** Which dataset's arc lines every class uses (null: each class's own default): one undo step. */
    setArcSource(this: Changer, source: ArcSource | null) {
      const t = get().table;
      if ((t.measurements?.arcSource ?? null) === source) return;
      const m = { ...(t.measurements ?? {}) };
      if (source) m.arcSource = source;
      else delete m.arcSource;
      const next: Table = { ...t, measurements: m };
      if (!Object.keys(m).length) delete next.measurements;
      this.change(next);
    },
    /**
     * Correct a class's token (its arc lines and targeting points, `measurements.classes`), or clear it
     * (null): one undo step.
     */
    setClassEdit(this: Changer, id: string, edit: ClassEdit | null) {
      const t = get().table;
      const next = withClassEdit(t, id, edit);
      if (JSON.stringify(next.measurements ?? null) === JSON.stringify(t.measurements ?? null)) return;
      this.change(next);
    },
    /** Every figure back to the catalog: one undo step. */
    clearMeasurements(this: Changer) {
      const t = get().table;
      if (!t.measurements) return;
      const next = { ...t };
      delete next.measurements;
      this.change(next);
    },
  };
}

/** A whole table loaded, and the undo history walked. */
function historyCommands({ get, set, keepSelection, lockedOut }: Ctx) {
  return {
    /** Replace the whole table (import, link, the list): one undo step; `as` says what it is for the Tables list. */
    load(next: Table, text?: string, as: OpenAs = { source: 'file', name: 'a table loaded' }) {
      const s = get();
      const opened = { n: (s.opened?.n ?? 0) + 1, as };
      set({
        table: next,
        history: record(s.history, s.table),
        selected: null,
        attacker: null,
        defender: null,
        pairFollows: false,
        draggedAlone: null,
        gestureStart: null,
        message: text ? { kind: 'info', text } : null,
        opened,
      });
    },
    undo(this: { endGesture(): void }) {
      const s = get();
      if (s.gestureStart) this.endGesture();
      const r = undoStep(get().history, get().table);
      if (r && !lockedOut(r.value))
        set({ table: r.value, history: r.history, ...keepSelection(r.value, get()) });
    },
    redo() {
      const r = redoStep(get().history, get().table);
      if (r && !lockedOut(r.value))
        set({ table: r.value, history: r.history, ...keepSelection(r.value, get()) });
    },
  };
}

/** The selected piece and the attack pair under dispute. */
function selectionCommands({ get, set }: Ctx) {
  return {
    /**
     * Select a piece (inspector, turn handle) and leave the attack pair as it is: a piece moved by
     * press-and-hold, a piece added.
     */
    selectOnly(id: string | null) {
      set({ selected: id });
    },
    select(id: string | null, zone?: HullZoneName | null) {
      const s = get();
      const piece = id
        ? (s.table.ships.find((e) => e.id === id) ?? s.table.squadrons.find((e) => e.id === id))
        : undefined;
      // selecting an obstacle or token keeps the attacker, so its lines follow the obstacle's moves
      let attacker: string | null = id ? s.attacker : null;
      if (piece && 'size' in piece)
        attacker = `${id}.${zone ?? (s.attacker?.startsWith(`${id}.`) ? s.attacker.split('.')[1] : 'front')}`;
      else if (piece) attacker = id;
      set({
        selected: id,
        attacker,
        defender: attacker === s.attacker ? s.defender : null,
        pairFollows: false,
        draggedAlone: id && !piece ? s.draggedAlone : null,
      });
    },
    /**
     * A tap on a piece: the first tap on a hull zone or squadron picks the attacker; a tap on an
     * enemy of the attacker then picks the defender (the attacker stays); a tap on the attacker's
     * own side picks a new attacker. Obstacles and tokens are only selected.
     *
     * A tap that brings in a new defender ship with other hull zones `near` it (a finger is wider than
     * the zones of a ship seen whole on a phone) picks, of those zones, the one the attack is best
     * against (rules/attacks/facing.ts facingZone); a tap on the ship already defending picks the zone
     * under the finger, so a second tap reaches the zone the first one passed over.
     *
     * While a pair its drags chose follows the pieces, no finger chose the attacker's hull zone: a tap that
     * picks the defender has it attacked from the attacker's zone that faces it (rules/attacks/facing.ts
     * facingAttacker), as a player tapping that pair would have chosen it; the tap fixes the zones.
     *
     * After a drag of a piece alone there is no attacker (`draggedAlone`), so the tap is a first tap: a player
     * who moved the MC80, then taps the Imperial's front, means the Imperial to attack (in Armada a ship
     * attacks before it moves), not the MC80 with the zone the finger grabbed. Returns the pair as it was, for
     * `dragged` if the press becomes a drag.
     */
    tap(id: string, zone?: HullZoneName | null, near?: TapNear): PairWas {
      const s = get();
      const was = {
        attacker: s.attacker,
        defender: s.defender,
        pairFollows: s.pairFollows,
        draggedAlone: s.draggedAlone,
      };
      const pair = { attacker: s.attacker, defender: s.defender };
      const next = tapPair(s.table, pair, id, zone ?? null);
      const under = next.defender;
      const world = near && near.world.table === s.table ? near.world : null;
      const picksDefender = !!next.attacker && !!under && under.split('.')[0] === id;
      // the attacker's zone as the pieces chose it, not a finger: the one that faces the defender picked
      const refaces = !!world && picksDefender && s.pairFollows && next.attacker === s.attacker;
      const faced = (d: string) => (refaces && facingAttacker(world!, next.attacker!, d)) || next.attacker;
      if (refaces) next.attacker = faced(under!);
      const newDefender = picksDefender && s.defender?.split('.')[0] !== id;
      let tapFacing: TapFacing | null = null;
      if (newDefender && world && near!.zones.length > 1) {
        const best = facingZone(
          world,
          next.attacker!,
          near!.zones.map((z) => `${id}.${z}`),
          zone ? under : null,
        );
        if (best && best !== under) {
          next.defender = best;
          next.attacker = faced(best);
          tapFacing = {
            attacker: next.attacker!,
            defender: best,
            under: zone ? under : null,
            table: s.table,
          };
        }
      }
      // an obstacle or a token is only selected: a pair its drags chose still follows them, and a piece
      // dragged alone is still the first of two drags
      set({
        selected: id,
        ...next,
        pairFollows: next === pair && s.pairFollows,
        draggedAlone: next === pair ? s.draggedAlone : null,
        tapFacing,
      });
      return was;
    },
    ...pairCommands({ get, set }),
  };
}

/** The pair followed while its pieces are dragged, or chosen outright. */
function pairCommands({ get, set }: Pick<Ctx, 'get' | 'set'>) {
  return {
    /**
     * A drag began on piece `id`, picked by the press that began it: when it is one of the pair, the
     * pair's hull zones follow the pieces from now on (the zones that face each other, not the zone
     * the finger grabbed). `was`: the pair before that press's tap (`tap`'s answer; none when the press was on
     * the piece selected, which it did not tap). A press that made the piece a new attacker by itself, with no
     * defender, began a drag alone: it picks no attacker (`draggedAlone`). After a drag alone, the press was a
     * first tap; as a drag, it is the second piece dragged into place, which joins the first as a tap on it
     * would have (an enemy defends): two drags pick the pair.
     */
    dragged(id: string, was?: PairWas) {
      const s = get();
      const of = (side: string | null) => side?.split('.')[0];
      let pair = { attacker: s.attacker, defender: s.defender };
      if (was?.draggedAlone) {
        const zone = s.attacker?.startsWith(`${id}.`) ? (s.attacker.split('.')[1] as HullZoneName) : null;
        pair = tapPair(s.table, { attacker: was.draggedAlone, defender: null }, id, zone);
      }
      if (pair.defender && (of(pair.attacker) === id || of(pair.defender) === id))
        set({ ...pair, pairFollows: true, draggedAlone: null });
      else if (was && !pair.defender && of(pair.attacker) === id && of(was.attacker) !== id)
        set({ attacker: null, defender: null, pairFollows: false, draggedAlone: pair.attacker });
    },
    /** The pair's hull zones as the pieces now face each other (the frame loop, while `pairFollows`). */
    follow(attacker: string, defender: string) {
      const s = get();
      if (s.attacker !== attacker || s.defender !== defender) set({ attacker, defender });
    },
    /** Choose the attack under dispute (the pickers, a link, a row of the list). */
    setPair(attacker: string | null, defender: string | null) {
      set({
        attacker,
        defender: attacker ? defender : null,
        selected: attacker ? attacker.split('.')[0] : get().selected,
        pairFollows: false,
        draggedAlone: null,
      });
    },
    setAttacker(attacker: string | null) {
      set({ attacker, defender: null, pairFollows: false, draggedAlone: null });
    },
  };
}

/** Pieces added and removed, the message line, and the app's switches. */
function pieceCommands({ get, set }: Ctx) {
  return {
    /**
     * Add a piece at the free spot nearest `near` (the view's centre, from the ui; default the
     * table's centre): never on another piece. Refused, and said why, when the table has no room.
     */
    add(
      this: Changer & { selectOnly(id: string | null): void },
      n: NewPiece,
      near?: { x: number; y: number },
    ) {
      const r = addPieceAtFreeSpot(get().table, n, near);
      if ('refused' in r) {
        set({ message: { kind: 'error', text: `Nothing was added: ${r.refused}.` } });
        return null;
      }
      this.change(r.table);
      // selected, not made the attacker: the pair is chosen by taps (and a new piece never inverts it)
      this.selectOnly(r.id);
      return r.id;
    },
    remove(this: Changer, id: string) {
      this.change(removePiece(get().table, id));
    },
    message(kind: Message['kind'], text: string) {
      set({ message: { kind, text } });
    },
    clearMessage() {
      set({ message: null });
    },
    set(
      p: Partial<
        Pick<
          AppState,
          | 'locked'
          | 'allAttacks'
          | 'precisionMm'
          | 'rings'
          | 'setupMode'
          | 'setupReading'
          | 'setupEdges'
          | 'nextObstacle'
          | 'nextRotation'
          | 'guide'
          | 'purrgilFrom'
        >
      >,
    ) {
      set(p);
    },
  };
}

/** Commands over the store. One call of `change` is one undo step, unless a gesture is open. */
export function commands(store: AppStore) {
  const ctx = context(store);
  return {
    ...changeCommands(ctx),
    ...measurementCommands(ctx),
    ...historyCommands(ctx),
    ...selectionCommands(ctx),
    ...pieceCommands(ctx),
  };
}

export type Commands = ReturnType<typeof commands>;

const piecesDiffer = (a: Table, b: Table) =>
  a.ships !== b.ships || a.squadrons !== b.squadrons || a.obstacles !== b.obstacles || a.tokens !== b.tokens;

/** The player a `ship.zone` or squadron id belongs to (undefined: no such ship or squadron). */
export function playerOf(t: Table, side: string): number | undefined {
  const id = side.split('.')[0];
  return (t.ships.find((e) => e.id === id) ?? t.squadrons.find((e) => e.id === id))?.player;
}

/** The attacker and defender after a tap on piece `id` (in hull zone `zone` for a ship); see `tap`. */
export function tapPair(
  t: Table,
  pair: { attacker: string | null; defender: string | null },
  id: string,
  zone: HullZoneName | null,
) {
  const ship = t.ships.find((e) => e.id === id);
  const squadron = ship ? undefined : t.squadrons.find((e) => e.id === id);
  if (!ship && !squadron) return pair;
  const { attacker, defender } = pair;
  const zoneOf = (side: string | null) => (side?.startsWith(`${id}.`) ? side.split('.')[1] : null);
  const side = ship ? `${id}.${zone ?? zoneOf(defender) ?? zoneOf(attacker) ?? 'front'}` : id;
  const player = (ship ?? squadron)!.player;
  if (
    attacker &&
    attacker.split('.')[0] !== id &&
    playerOf(t, attacker) !== undefined &&
    playerOf(t, attacker) !== player
  ) {
    return { attacker, defender: side };
  }
  // the attacker's own side (or another hull zone of the attacker): a new attacker
  const keep =
    defender && playerOf(t, defender) !== undefined && playerOf(t, defender) !== player ? defender : null;
  return { attacker: side, defender: attacker?.split('.')[0] === id ? keep : null };
}

/** What is wrong with an attacker and defender pair on this table (null: it is an attack the report judges). */
export function pairProblem(t: Table, attacker: string, defender: string): string | null {
  const side = (key: string, role: string) => {
    const [id, zone] = key.split('.');
    const ship = t.ships.find((e) => e.id === id),
      squadron = t.squadrons.find((e) => e.id === id);
    if (!ship && !squadron) return `no ship or squadron "${id}" on the table (the ${role})`;
    const zones = ship && zonesOf(ship.size);
    if (zones && !zones.includes(zone as HullZoneName)) {
      const names = zones.map((z) => `${id}.${z}`);
      return `the ${role} "${key}" should name a hull zone: ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
    }
    if (squadron && zone !== undefined) return `the ${role} "${key}" is a squadron: it has no hull zones`;
    return null;
  };
  const p = side(attacker, 'attacker') ?? side(defender, 'defender');
  if (p) return p;
  if (playerOf(t, attacker) === playerOf(t, defender))
    return `${attacker} and ${defender} belong to the same player`;
  return null;
}
