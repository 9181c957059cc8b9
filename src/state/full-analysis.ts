import type { Report } from '../model/report';
import type { Table } from '../model/table';
import type { FullReply, FullRequest } from './analysis-worker';
import { ReportAssembler } from './report-parts';

/**
 * What the worker may spend on one table before it answers with a partial report: a player
 * waits at most this long (plus writing the explanations and handing the report over) for a
 * verdict on any table. Shorter than the CLI's 10 s: an answer within 5 s of the first picture.
 * The stress table (50 ships, 120 squadrons, 60 obstacles) takes about 2-3 s.
 */
export const WORKER_BUDGET_MS = 3000;

/**
 * Asks a worker for the full report of a table; only the answer for the latest table asked is
 * delivered. A newer table supersedes an older one still being judged: the busy worker is
 * terminated and a fresh one started, so an abandoned heavy table never delays the next answer.
 * `available` is false where workers cannot start: the caller then judges in place.
 */
export class FullAnalysis {
  private worker: Worker | null = null;
  private seq = 0;
  private asked: Table | null = null;
  /** the answer being put together from its parts, and how long the worker took */
  private arriving: { seq: number; parts: ReportAssembler; ms: number } | null = null;
  /** workers terminated because a newer table superseded the one they were judging */
  cancelled = 0;
  /** the build (src/build.ts) the worker that answered last says it is */
  workerBuild: string | null = null;

  constructor(
    private onReport: (table: Table, report: Report, ms: number) => void,
    private onError: (table: Table, error: string) => void,
  ) {
    this.worker = this.start();
  }

  private start(): Worker | null {
    let w: Worker;
    try {
      w = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return null;
    }
    w.onmessage = (ev: MessageEvent<FullReply>) => {
      const r = ev.data;
      this.workerBuild = r.build;
      if (r.seq !== this.seq || !this.asked) return; // an answer for a table since replaced
      const table = this.asked;
      let report: Report | null = null;
      let ms = 0;
      try {
        if ('error' in r) {
          this.asked = null;
          this.onError(table, r.error);
          return;
        }
        if ('report' in r) {
          const parts = new ReportAssembler({ report: r.report, parts: r.parts });
          report = parts.whole();
          ms = r.ms;
          if (!report) this.arriving = { seq: r.seq, parts, ms };
        } else if (this.arriving?.seq === r.seq) {
          report = this.arriving.parts.add(r.part, r.attacks);
          ms = this.arriving.ms;
        }
      } catch (e) {
        this.arriving = null;
        this.asked = null;
        this.onError(table, String((e as Error).message));
        return;
      }
      if (!report) return; // more parts to come
      this.asked = null;
      this.arriving = null;
      this.onReport(table, report, ms);
    };
    w.onerror = () => {
      if (this.worker !== w) return;
      const table = this.asked;
      w.terminate();
      this.worker = null;
      this.asked = null;
      if (table) this.onError(table, 'the analysis worker stopped');
    };
    return w;
  }

  get available() {
    return this.worker !== null;
  }

  /** Ask for the table's full report, unless it is the table already being judged. */
  request(table: Table) {
    if (!this.worker || this.asked === table) return;
    // an answer whose parts are still arriving is from a worker done judging: it is kept, with its analysis
    if (this.arriving) this.arriving = null;
    else if (this.asked) {
      // still judging a table no longer wanted: a synchronous analysis cannot be interrupted, so the worker goes
      this.worker.terminate();
      this.cancelled++;
      this.worker = this.start();
      if (!this.worker) return;
    }
    this.asked = table;
    const msg: FullRequest = { seq: ++this.seq, table, budgetMs: WORKER_BUDGET_MS };
    this.worker.postMessage(msg);
  }
}
