import type { Table } from '../model/table';
import type { CellData, EndData, GridData, OpportunityData, PracticeOptions } from '../rules/practice/maps';
import type { PracticeReply, PracticeRequest } from './practice-worker';

/** How many finished maps a table keeps (ships and cell sizes): a few, each a grid of up to some 100,000 cells. */
const KEEP = 6;

/** What the page knows of one ship's practice maps so far (filled in as the worker sends it). */
export interface PracticeMaps {
  table: Table;
  ship: string;
  opts: PracticeOptions;
  ends: EndData[] | null;
  grid: GridData | null;
  /** threat cells judged so far, by cell index (i + j * nx) */
  cells: Map<number, CellData>;
  cellsDone: number;
  /** opportunity by reach end */
  opportunities: (OpportunityData | undefined)[];
  endsDone: number;
  done: boolean;
  /** ms from the request to the first picture (reach and first pass), and to the end */
  firstMs: number | null;
  ms: number | null;
  error: string | null;
}

/** The maps of `ship` on `table` as asked, before the worker has sent anything. */
export function freshMaps(table: Table, ship: string, opts: PracticeOptions): PracticeMaps {
  return {
    table,
    ship,
    opts,
    ends: null,
    grid: null,
    cells: new Map(),
    cellsDone: 0,
    opportunities: [],
    endsDone: 0,
    done: false,
    firstMs: null,
    ms: null,
    error: null,
  };
}

/**
 * Asks a worker for a ship's practice maps; only the latest request's answers are delivered. A
 * new table (or ship, or cell size) cancels the work at once: the busy worker is terminated and a
 * fresh one started. `available` is false where workers cannot start.
 */
export class PracticeClient {
  private worker: Worker | null = null;
  private seq = 0;
  private busy = false;
  current: PracticeMaps | null = null;
  /** workers terminated because the table changed under them */
  cancelled = 0;
  /** requests sent to a worker (a map shown again from those kept sends none) */
  asked = 0;
  /**
   * Finished maps kept per table (at most KEEP a table, the latest first): switching maps, ships or
   * cell sizes back and forth shows a kept one at once instead of working it out again.
   */
  private kept = new WeakMap<Table, PracticeMaps[]>();

  constructor(private onUpdate: (m: PracticeMaps) => void) {
    this.worker = this.start();
  }

  get available() {
    return this.worker !== null;
  }

  private start(): Worker | null {
    let w: Worker;
    try {
      w = new Worker(new URL('./practice-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return null;
    }
    w.onmessage = (ev: MessageEvent<PracticeReply>) => this.take(ev.data);
    w.onerror = () => {
      if (this.worker !== w) return;
      w.terminate();
      this.worker = null;
      this.busy = false;
      if (this.current) this.onUpdate({ ...this.current, error: 'the practice worker stopped', done: true });
    };
    return w;
  }

  private take(r: PracticeReply) {
    const m = this.current;
    if (!m || r.seq !== this.seq) return; // an answer for a request since replaced
    if (r.kind === 'reach') {
      m.ends = r.ends;
      m.grid = r.grid;
      m.opportunities = new Array(r.ends.length);
    } else if (r.kind === 'cells') {
      for (const c of r.cells) m.cells.set(c.k, c);
      if (m.cellsDone === 0) m.firstMs = r.ms;
      m.cellsDone = r.done;
    } else if (r.kind === 'opportunities') {
      for (const o of r.items) m.opportunities[o.end] = o;
      m.endsDone = r.done;
    } else if (r.kind === 'done') {
      m.done = true;
      m.ms = r.ms;
      this.busy = false;
      const list = [m, ...(this.kept.get(m.table) ?? []).filter((x) => x !== m)].slice(0, KEEP);
      this.kept.set(m.table, list);
    } else {
      m.error = r.error;
      m.done = true;
      this.busy = false;
    }
    this.onUpdate(m);
  }

  /** Ask for the maps of `ship` on `table`, unless they are the ones asked last. */
  request(table: Table, ship: string, opts: PracticeOptions) {
    const same = (c: PracticeMaps | null | undefined): c is PracticeMaps =>
      !!c &&
      c.table === table &&
      c.ship === ship &&
      c.opts.cellMm === opts.cellMm &&
      c.opts.over === opts.over;
    if (same(this.current)) return;
    const kept = this.kept.get(table)?.find(same);
    this.cancel();
    if (kept) {
      this.current = kept;
      this.onUpdate(kept);
      return;
    }
    if (!this.worker) this.worker = this.start();
    if (!this.worker) return;
    this.current = freshMaps(table, ship, opts);
    this.busy = true;
    this.asked++;
    const msg: PracticeRequest = { seq: ++this.seq, table, ship, opts };
    this.worker.postMessage(msg);
  }

  /** Stop the work in hand (the worker is terminated, a fresh one started). */
  cancel() {
    if (this.busy && this.worker) {
      this.worker.terminate();
      this.cancelled++;
      this.worker = this.start();
    }
    this.busy = false;
    this.current = null;
    this.seq++;
  }
}
