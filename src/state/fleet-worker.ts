/// <reference lib="webworker" />
import { type Builder, type Fixes, readFleetList, type FleetReading } from '../model/fleet-list';

/*
 * A pasted fleet list read off the main thread: a real list reads in a millisecond, but a paste of
 * a megabyte or of thousands of lines must not hold the page (src/state/fleet-read.ts).
 */
export interface FleetReadRequest {
  seq: number;
  text: string;
  builder?: Builder;
  fixes?: Fixes;
}
export type FleetReadReply =
  | { seq: number; reading: FleetReading; ms: number }
  | { seq: number; error: string };

self.onmessage = (ev: MessageEvent<FleetReadRequest>) => {
  const { seq, text, builder, fixes } = ev.data;
  const t0 = performance.now();
  try {
    const reading = readFleetList(text, { builder, fixes });
    (self as unknown as Worker).postMessage({
      seq,
      reading,
      ms: performance.now() - t0,
    } satisfies FleetReadReply);
  } catch (e) {
    (self as unknown as Worker).postMessage({
      seq,
      error: String((e as Error)?.message ?? e),
    } satisfies FleetReadReply);
  }
};
