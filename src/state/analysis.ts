import { CATALOG } from '../model/catalog';
import type { Report } from '../model/report';
import type { Table } from '../model/table';
import { analyzeWorld } from '../rules/analyze';
import { attacksFrom } from '../rules/attacks';
import { analyzeIncremental, type AttackIndex, judgesIncrementally } from '../rules/incremental';
import { exogorths } from '../rules/exogorth';
import { overlaps } from '../rules/overlaps';
import { proposals } from '../rules/proposals';
import { rift } from '../rules/rift';
import { collisions, offTable } from '../rules/sanity';
import { World } from '../rules/world';

export interface Analysis {
  table: Table;
  world: World;
  report: Report;
  /**
   * A partial report: only what the moving picture needs (overlaps, rift, exogorths, proposals
   * and the selected attacker's attacks), while the full report is judged in a worker. Moves of
   * pieces from a full report are judged in full at once instead (analyzeIncremental), so this
   * is for other changes: pieces added or removed, a new setting, the first report.
   */
  live: boolean;
  /** what the next move's re-judge scans, kept from the last (see rules/incremental.ts) */
  index?: AttackIndex;
  /** the attacker whose attacks a live analysis holds */
  attacker: string | null;
  /** milliseconds the analysis took */
  ms: number;
}

/** Build the world and its report, reusing the previous world's unchanged shapes. */
export function analyse(table: Table, previous?: Analysis, live?: { attacker: string | null }): Analysis {
  const t0 = performance.now();
  // Pieces moved from a full report: the whole table is judged again from it, in a few
  // milliseconds (only what the move can change; checked equal to a full analysis).
  if (previous && !previous.live && judgesIncrementally(previous, table)) {
    const next = analyzeIncremental(previous, table);
    return { table, world: next.world, report: next.report, index: next.index, live: false, attacker: null, ms: performance.now() - t0 };
  }
  const world = new World(table, CATALOG, previous?.world);
  if (!live) return { table, world, report: analyzeWorld(world), live: false, attacker: null, ms: performance.now() - t0 };
  const attacker = live.attacker;
  let attacks: Report['attacks'] = [];
  try {
    if (attacker) attacks = attacksFrom(world, attacker);
  } catch {
    attacks = []; // the attacker was removed mid-gesture
  }
  const report: Report = {
    format: 'armada-report/1', ruleset: world.ruleset, shapes: {}, distances: [],
    overlaps: overlaps(world), attacks, rift: rift(world), exogorths: exogorths(world), proposals: proposals(world),
    collisions: collisions(world), offTable: offTable(world),
  };
  return { table, world, report, live: true, attacker, ms: performance.now() - t0 };
}
