/// <reference lib="webworker" />
import { BUILD_ID } from '../build';
import type { Table } from '../model/table';
import { plainReport } from '../model/report';
import type { Analysis } from '../rules/report/incremental';
import { judgeWhole } from './whole-analysis';
import { splitReport } from './report-parts';

/*
 * The full report (every attack pair) off the main thread: on a big table it takes longer than
 * a frame, and the table must stay responsive while it is judged. While a piece is dragged the
 * main thread judges only what it draws; this worker judges the whole table once it rests.
 */
/** budgetMs: work past it is left out and the report marked `partial` (rules/budget.ts) */
export interface FullRequest {
  seq: number;
  table: Table;
  budgetMs: number;
}
/**
 * build: the worker's own build (src/build.ts), which the page checks against its own;
 * incremental: judged from the worker's previous analysis (only what the moved pieces change);
 * parts: how many messages follow with the report's attacks (src/state/report-parts.ts)
 */
export type FullReply =
  | {
      seq: number;
      build: string;
      report: import('../model/report').Report;
      parts: number;
      ms: number;
      incremental: boolean;
    }
  | { seq: number; build: string; part: number; attacks: import('../model/report').Report['attacks'] }
  | { seq: number; build: string; error: string };

/** the last whole analysis this worker made: a move from it is judged again in a few milliseconds */
let previous: Analysis | null = null;

self.onmessage = (ev: MessageEvent<FullRequest>) => {
  const { seq, table, budgetMs } = ev.data;
  const t0 = performance.now();
  try {
    const { analysis, incremental } = judgeWhole(previous, table, budgetMs);
    previous = analysis.report.partial ? null : analysis;
    // plain data: a structured clone keeps own fields only, and each attack's explanation is written on first read
    const { head, parts } = splitReport(plainReport(analysis.report));
    const post = (m: FullReply) => (self as unknown as Worker).postMessage(m);
    post({ seq, build: BUILD_ID, ...head, ms: performance.now() - t0, incremental });
    parts.forEach((attacks, part) => post({ seq, build: BUILD_ID, part, attacks }));
  } catch (e) {
    previous = null;
    (self as unknown as Worker).postMessage({
      seq,
      build: BUILD_ID,
      error: String((e as Error)?.message ?? e),
    } satisfies FullReply);
  }
};
