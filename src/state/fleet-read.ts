/**
 * Reading a pasted fleet list for the app: a real list (under ON_PAGE_CHARS) on the page, anything
 * longer in a worker (src/state/fleet-worker.ts) so that a paste of any size leaves the page
 * responsive; where no worker can start, on the page (the reader stops after MAX_LINES lines). A
 * newer request supersedes an older one: only the latest is answered, and a worker still reading an
 * older paste is stopped and a fresh one reads the newer (it never waits behind the older).
 */
import { type Builder, type Fixes, type FleetReading, readFleetList } from '../model/fleet-list';
import type { FleetReadReply, FleetReadRequest } from './fleet-worker';

/** Texts up to this long are read on the page; longer ones in the worker. */
export const ON_PAGE_CHARS = 20_000;

export class FleetReader {
  private worker: Worker | null | undefined;
  private seq = 0;
  private waiting = new Map<number, (r: FleetReading) => void>();
  /** workers stopped because a newer paste came while they read an older one */
  restarted = 0;

  private start(): Worker | null {
    try {
      const w = new Worker(new URL('./fleet-worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (ev: MessageEvent<FleetReadReply>) => {
        const r = ev.data;
        const done = this.waiting.get(r.seq);
        this.waiting.delete(r.seq);
        if (!done || r.seq !== this.seq) return;
        done('error' in r ? failed(r.error) : r.reading);
      };
      w.onerror = () => {
        w.terminate();
        if (this.worker === w) this.worker = null;
        for (const [seq, done] of this.waiting)
          if (seq === this.seq) done(failed('the fleet reader stopped'));
        this.waiting.clear();
      };
      return w;
    } catch {
      return null;
    }
  }

  /** The reading of `text` (null when a newer request came first). */
  read(text: string, builder?: Builder, fixes?: Fixes): Promise<FleetReading | null> {
    const seq = ++this.seq;
    // a real list (a few kilobytes) reads in a millisecond or two: on the page, at once
    if (text.length <= ON_PAGE_CHARS) {
      for (const [s, done] of this.waiting) {
        this.waiting.delete(s);
        done(null as unknown as FleetReading);
      }
      return Promise.resolve(readFleetList(text, { builder, fixes }));
    }
    if (this.worker && this.waiting.size) {
      // the worker is still reading an older paste: stopped, and a fresh one started for this one
      this.worker.terminate();
      this.worker = undefined;
      this.restarted++;
    }
    if (this.worker === undefined) this.worker = typeof Worker === 'undefined' ? null : this.start();
    for (const [s, done] of this.waiting)
      if (s !== seq) {
        this.waiting.delete(s);
        done(null as unknown as FleetReading);
      }
    if (!this.worker) return Promise.resolve(readFleetList(text, { builder, fixes }));
    return new Promise<FleetReading | null>((resolve) => {
      this.waiting.set(seq, resolve as (r: FleetReading) => void);
      this.worker!.postMessage({ seq, text, builder, fixes } satisfies FleetReadRequest);
    });
  }
}

function failed(why: string): FleetReading {
  return {
    builder: 'plain',
    name: null,
    faction: null,
    points: 0,
    statedPoints: null,
    readPoints: 0,
    ships: [],
    squadrons: [],
    objectives: [],
    unrecognised: [],
    leftOut: [],
    notes: [`The list could not be read: ${why}.`],
  };
}
