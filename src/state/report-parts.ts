import type { Report } from '../model/report';

/*
 * A whole report handed from the worker to the page in parts. A message's structured clone is
 * read on the page's main thread in one task: a crowded table's 20,000 attacks (some 11 MB
 * cloned) took about 170 ms there in one piece. In parts of PART_ATTACKS, each part is its own
 * short task, and the page draws between them.
 */

/** attacks per message: about 2 MB cloned, some 20 ms to read on a laptop */
export const PART_ATTACKS = 2000;

/** The report without its attacks and how many messages follow with them. */
export interface ReportHead {
  report: Report;
  /** how many attack parts follow (0: `report` is whole) */
  parts: number;
}

/** The report as the first message's report and the attack parts that follow it, in order. */
export function splitReport(
  report: Report,
  size = PART_ATTACKS,
): { head: ReportHead; parts: Report['attacks'][] } {
  if (!(size >= 1)) throw new Error(`a report part holds at least one attack, not ${size}`);
  const all = report.attacks;
  if (all.length <= size) return { head: { report, parts: 0 }, parts: [] };
  const parts: Report['attacks'][] = [];
  for (let i = 0; i < all.length; i += size) parts.push(all.slice(i, i + size));
  return { head: { report: { ...report, attacks: [] }, parts: parts.length }, parts };
}

/**
 * Puts a report together from its head and parts as they arrive. `add` answers the whole report
 * once the last part is in, and null until then; a part out of order is refused, naming it.
 */
export class ReportAssembler {
  private attacks: Report['attacks'] = [];
  private got = 0;

  constructor(private readonly head: ReportHead) {}

  get done() {
    return this.got === this.head.parts;
  }

  /** the whole report when `head` came alone */
  whole(): Report | null {
    return this.head.parts === 0 ? this.head.report : null;
  }

  add(part: number, attacks: Report['attacks']): Report | null {
    if (part !== this.got) throw new Error(`report part ${part} came where part ${this.got} was due`);
    for (const a of attacks) this.attacks.push(a);
    this.got++;
    if (!this.done) return null;
    return { ...this.head.report, attacks: this.attacks };
  }
}
