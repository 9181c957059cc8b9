/**
 * A newer paste always replaces an older one (src/state/fleet-read.ts): a worker still reading an
 * older paste is stopped and a fresh one reads the newer, so a paste that takes long never holds the
 * answer to the one after it. The worker here is a stand-in that answers when told to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFleetList } from '../../src/model/fleet-list';
import { FleetReader, ON_PAGE_CHARS } from '../../src/state/fleet-read';
import type { FleetReadRequest } from '../../src/state/fleet-worker';

class StandIn {
  static made: StandIn[] = [];
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  got: FleetReadRequest[] = [];
  stopped = false;
  constructor() {
    StandIn.made.push(this);
  }
  postMessage(m: FleetReadRequest) {
    this.got.push(m);
  }
  terminate() {
    this.stopped = true;
  }
  /** answer the oldest request received (a worker answers in order) */
  answer() {
    const m = this.got.shift()!;
    if (!this.stopped)
      this.onmessage?.({ data: { seq: m.seq, reading: readFleetList(m.text), ms: 0 } } as MessageEvent);
  }
}

const paste = (line: string) => `${line}\n${'#'.repeat(ON_PAGE_CHARS)}`; // long enough for the worker

afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
  StandIn.made = [];
});

describe('fleet reader: the newest paste', () => {
  it('a paste made while the worker reads an older one is read by a fresh worker at once; the older answer is dropped', async () => {
    (globalThis as { Worker?: unknown }).Worker = StandIn;
    const reader = new FleetReader();
    const older = reader.read(paste('2 x TIE Fighter Squadron (16)'));
    const newer = reader.read(paste('3 x TIE Fighter Squadron (24)'));
    expect(StandIn.made.length, 'a fresh worker for the newer paste').toBe(2);
    const [first, second] = StandIn.made;
    expect(first.stopped, 'the worker reading the older paste is stopped').toBe(true);
    expect(second.got.map((m) => m.text.split('\n')[0])).toEqual(['3 x TIE Fighter Squadron (24)']);
    expect(await older).toBeNull();
    second.answer();
    expect((await newer)?.squadrons.map((q) => q.count)).toEqual([3]);
    expect(reader.restarted).toBe(1);
    // an idle worker is kept: the next paste goes to it
    const third = reader.read(paste('1 x TIE Fighter Squadron (8)'));
    expect(StandIn.made.length).toBe(2);
    second.answer();
    expect((await third)?.squadrons.map((q) => q.count)).toEqual([1]);
  });
});
