import { createStore } from 'zustand/vanilla';
import type { HullZoneName, ObstacleType } from '../model/catalog';
import { type Table, validateTable } from '../model/table';
import { type History, record, redo as redoStep, undo as undoStep } from './history';
import { type MeasureKey, overrideOf, withOverride } from './measurements';
import { addPiece, type NewPiece, removePiece } from './pieces';

export interface Message { kind: 'error' | 'info'; text: string }

export interface AppState {
  table: Table;
  history: History<Table>;
  /** the table as it was when the current gesture (a drag) began */
  gestureStart: Table | null;
  selected: string | null;
  /** the attacker whose lines are drawn: `ship.zone` or a squadron id */
  attacker: string | null;
  rings: boolean;
  setupMode: boolean;
  setupReading: 'core' | 'erratum';
  /** on 3'x3', which edges the setup rule counts: all four, or only the players' */
  setupEdges: 'all' | 'player';
  nextObstacle: ObstacleType;
  nextRotation: number;
  message: Message | null;
}

export function createAppStore(table: Table) {
  return createStore<AppState>()(() => ({
    table,
    history: { past: [], future: [] },
    gestureStart: null,
    selected: null,
    attacker: null,
    rings: false,
    setupMode: false,
    setupReading: 'core',
    setupEdges: 'all',
    nextObstacle: 'asteroid-a',
    nextRotation: 0,
    message: null,
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;

/** Commands over the store. One call of `change` is one undo step, unless a gesture is open. */
export function commands(store: AppStore) {
  const get = store.getState, set = store.setState;
  const keepSelection = (t: Table, s: AppState) => {
    const exists = (id: string | null) =>
      id !== null && (t.ships.some((e) => e.id === id) || t.squadrons.some((e) => e.id === id) || t.obstacles.some((e) => e.id === id) ||
        t.tokens.some((e) => e.id === id) || t.proposals.some((p) => p.kind === 'place-exogorth' && p.obstacle.id === id));
    const attackerPiece = s.attacker?.split('.')[0] ?? null;
    return { selected: exists(s.selected) ? s.selected : null, attacker: exists(attackerPiece) ? s.attacker : null };
  };
  const refuse = (e: unknown) => set({ message: { kind: 'error', text: `That change was not made: ${(e as Error).message}.` } });
  return {
    /** Apply a change; a change that would make the table unreadable is refused and explained. */
    change(next: Table) {
      const s = get();
      if (next === s.table) return;
      try {
        validateTable(JSON.parse(JSON.stringify(next)));
      } catch (e) {
        refuse(e);
        return;
      }
      if (s.gestureStart) set({ table: next });
      else set({ table: next, history: record(s.history, s.table), ...keepSelection(next, s) });
    },
    /** Override one uncertain catalog figure (a number) or return it to the catalog (null): one undo step. */
    setMeasurement(key: MeasureKey, value: number | null) {
      if (overrideOf(get().table.measurements, key) === (value ?? undefined)) return;
      const next = withOverride(get().table, key, value);
      try {
        validateTable(JSON.parse(JSON.stringify(next)));
      } catch (e) {
        refuse(e);
        return;
      }
      this.change(next);
    },
    /** Every figure back to the catalog: one undo step. */
    clearMeasurements() {
      const t = get().table;
      if (!t.measurements) return;
      const next = { ...t };
      delete next.measurements;
      this.change(next);
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
    /** Replace the whole table (import, link): one undo step. */
    load(next: Table, text?: string) {
      const s = get();
      set({ table: next, history: record(s.history, s.table), selected: null, attacker: null, gestureStart: null, message: text ? { kind: 'info', text } : null });
    },
    undo() {
      const s = get();
      if (s.gestureStart) this.endGesture();
      const r = undoStep(get().history, get().table);
      if (r) set({ table: r.value, history: r.history, ...keepSelection(r.value, get()) });
    },
    redo() {
      const r = redoStep(get().history, get().table);
      if (r) set({ table: r.value, history: r.history, ...keepSelection(r.value, get()) });
    },
    select(id: string | null, zone?: HullZoneName | null) {
      const s = get();
      const piece = id ? s.table.ships.find((e) => e.id === id) ?? s.table.squadrons.find((e) => e.id === id) : undefined;
      // selecting an obstacle or token keeps the attacker, so its lines follow the obstacle's moves
      let attacker: string | null = id ? s.attacker : null;
      if (piece && 'size' in piece) attacker = `${id}.${zone ?? (s.attacker?.startsWith(`${id}.`) ? s.attacker.split('.')[1] : 'front')}`;
      else if (piece) attacker = id;
      set({ selected: id, attacker });
    },
    setAttacker(attacker: string | null) {
      set({ attacker });
    },
    add(n: NewPiece, at?: { x: number; y: number }) {
      const r = addPiece(get().table, n, at);
      this.change(r.table);
      this.select(r.id);
      return r.id;
    },
    remove(id: string) {
      this.change(removePiece(get().table, id));
    },
    message(kind: Message['kind'], text: string) {
      set({ message: { kind, text } });
    },
    clearMessage() {
      set({ message: null });
    },
    set(p: Partial<Pick<AppState, 'rings' | 'setupMode' | 'setupReading' | 'setupEdges' | 'nextObstacle' | 'nextRotation'>>) {
      set(p);
    },
  };
}

export type Commands = ReturnType<typeof commands>;
