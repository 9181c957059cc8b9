/// <reference lib="webworker" />
import { CATALOG } from '../model/catalog';
import type { Table } from '../model/table';
import {
  type CellData,
  type EndData,
  type GridData,
  type OpportunityData,
  PracticeJob,
  type PracticeOptions,
} from '../rules/practice/maps';
import { World } from '../rules/world';

/*
 * The practice maps of one ship off the main thread, sent as they are worked: the reach (both
 * rounds) and the grid first, then the threat cells coarse to fine in batches, then the
 * opportunity of every reach end. A synchronous loop: the page cancels by terminating the worker
 * (src/state/practice.ts), at once, whatever it was doing.
 */
export interface PracticeRequest {
  seq: number;
  table: Table;
  ship: string;
  opts: PracticeOptions;
}
export type PracticeReply =
  | { seq: number; kind: 'reach'; ends: EndData[]; grid: GridData; ms: number }
  | { seq: number; kind: 'cells'; cells: CellData[]; done: number; ms: number }
  | { seq: number; kind: 'opportunities'; items: OpportunityData[]; done: number; ms: number }
  | { seq: number; kind: 'done'; ms: number }
  | { seq: number; kind: 'error'; error: string };

/** How long a batch of cells runs before it is sent, ms: the picture fills in four times a second (each a redraw). */
const BATCH_MS = 250;

self.onmessage = (ev: MessageEvent<PracticeRequest>) => {
  const { seq, table, ship, opts } = ev.data;
  const post = (r: PracticeReply) => (self as unknown as Worker).postMessage(r);
  const t0 = performance.now();
  try {
    const job = new PracticeJob(new World(table, CATALOG), ship, opts);
    post({ seq, kind: 'reach', ends: job.ends, grid: job.gridData(), ms: performance.now() - t0 });
    // the first pass (every 4th cell each way) at once: the first picture covers the whole region
    post({
      seq,
      kind: 'cells',
      cells: job.threatStep(Infinity, 0),
      done: job.cellsDone,
      ms: performance.now() - t0,
    });
    while (!job.threatDone) {
      const cells: CellData[] = [];
      const b0 = performance.now();
      while (!job.threatDone && performance.now() - b0 < BATCH_MS) cells.push(...job.threatStep(8));
      post({ seq, kind: 'cells', cells, done: job.cellsDone, ms: performance.now() - t0 });
    }
    while (!job.opportunityDone) {
      const items: OpportunityData[] = [];
      const b0 = performance.now();
      while (!job.opportunityDone && performance.now() - b0 < BATCH_MS) items.push(...job.opportunityStep(4));
      post({ seq, kind: 'opportunities', items, done: job.endsDone, ms: performance.now() - t0 });
    }
    post({ seq, kind: 'done', ms: performance.now() - t0 });
  } catch (e) {
    post({ seq, kind: 'error', error: String((e as Error)?.message ?? e) });
  }
};
