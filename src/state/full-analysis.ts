import type { Report } from '../model/report';
import type { Table } from '../model/table';
import type { FullReply, FullRequest } from './analysis-worker';

/**
 * Asks a worker for the full report of a table; only the answer for the latest table asked is
 * delivered. `available` is false where workers cannot start: the caller then judges in place.
 */
export class FullAnalysis {
  private worker: Worker | null = null;
  private seq = 0;
  private asked: Table | null = null;

  constructor(private onReport: (table: Table, report: Report, ms: number) => void, private onError: (table: Table, error: string) => void) {
    try {
      this.worker = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (ev: MessageEvent<FullReply>) => {
        const r = ev.data;
        if (r.seq !== this.seq || !this.asked) return; // an answer for a table since replaced
        const table = this.asked;
        this.asked = null;
        if ('error' in r) this.onError(table, r.error);
        else this.onReport(table, r.report, r.ms);
      };
      this.worker.onerror = () => {
        const table = this.asked;
        this.worker?.terminate();
        this.worker = null;
        if (table) this.onError(table, 'the analysis worker stopped');
      };
    } catch {
      this.worker = null;
    }
  }

  get available() {
    return this.worker !== null;
  }

  /** Ask for the table's full report, unless it is the table already being judged. */
  request(table: Table) {
    if (!this.worker || this.asked === table) return;
    this.asked = table;
    const msg: FullRequest = { seq: ++this.seq, table };
    this.worker.postMessage(msg);
  }
}
