/// <reference lib="webworker" />
import { BUILD_ID } from '../build';
import { CATALOG } from '../model/catalog';
import type { Table } from '../model/table';
import { plainReport } from '../model/report';
import { analyzeWorld } from '../rules/report/analyze';
import { Budget } from '../rules/report/budget';
import { World } from '../rules/world';

/*
 * The full report (every attack pair) off the main thread: on a big table it takes longer than
 * a frame, and the table must stay responsive while it is judged.
 */
/** budgetMs: work past it is left out and the report marked `partial` (rules/budget.ts) */
export interface FullRequest {
  seq: number;
  table: Table;
  budgetMs: number;
}
/** build: the worker's own build (src/build.ts), which the page checks against its own */
export type FullReply =
  | { seq: number; build: string; report: import('../model/report').Report; ms: number }
  | { seq: number; build: string; error: string };

self.onmessage = (ev: MessageEvent<FullRequest>) => {
  const { seq, table, budgetMs } = ev.data;
  const t0 = performance.now();
  try {
    // plain data: a structured clone keeps own fields only, and each attack's explanation is written on first read
    const report = plainReport(analyzeWorld(new World(table, CATALOG), new Budget(budgetMs)));
    (self as unknown as Worker).postMessage({
      seq,
      build: BUILD_ID,
      report,
      ms: performance.now() - t0,
    } satisfies FullReply);
  } catch (e) {
    (self as unknown as Worker).postMessage({
      seq,
      build: BUILD_ID,
      error: String((e as Error)?.message ?? e),
    } satisfies FullReply);
  }
};
