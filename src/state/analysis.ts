import { CATALOG } from '../model/catalog';
import type { Report, TouchReport } from '../model/report';
import type { Table } from '../model/table';
import { analyzeWorld } from '../rules/report/analyze';
import { attacksFrom } from '../rules/attacks/attacks';
import { attackContext, builtContext, builtContexts, movedShipContext } from '../rules/attacks/context';
import { Budget } from '../rules/report/budget';
import {
  type Analysis,
  analyzeIncremental,
  judgesIncrementally,
  movedSince,
  updateOverlaps,
} from '../rules/report/incremental';
import { exogorths } from '../rules/campaign/exogorth';
import { overlaps } from '../rules/overlaps';
import { rift, riftNear } from '../rules/campaign/rift';
import { collisions, offTable, updateCollisions } from '../rules/sanity';
import { World } from '../rules/world';

/**
 * What the main thread may spend on the selected attacker's attacks in a live analysis (every
 * attack of a piece on a 200-piece pile takes some 10 ms): the rest follow from the worker.
 */
export const LIVE_ATTACKS_MS = 150;
/**
 * A table with more attacks than this is not judged again on the main thread at each step of a
 * drag (analyzeIncremental judges again the attacks near the moved piece, often a quarter of them:
 * on the stress table's 51,200 a stall): the moving picture shows the selected attacker's instead.
 * The tournament table has 2,048.
 */
export const HEAVY_ATTACKS = 20_000;
/**
 * A live picture of a table with more pieces than this leaves overlaps and collisions (every
 * pair) to the worker as well: a pile of 200 pieces on one spot takes seconds to judge pair by
 * pair. A crowded four-player table has about 130 pieces; the tournament table 46.
 */
export const LIVE_PIECES = 100;

/** The app's analysis of the table on screen: the rules' Analysis, and how it was judged. */
export interface LiveAnalysis extends Analysis {
  table: Table;
  /**
   * A partial report: only what the moving picture needs (overlaps, rift, exogorths and the
   * selected attacker's attacks), while the full report is judged in a worker. Moves of pieces
   * from a full report are judged in full at once instead (analyzeIncremental), so this is for
   * other changes: pieces added or removed, a new setting, the first report. Proposals are never
   * judged here (one can take a second or two): they come with the worker's report.
   */
  live: boolean;
  /**
   * A move judged from a full report whose proposals it could not keep: they are left out (never
   * judged on the main thread) until the worker answers, asked once the pieces are still.
   */
  proposalsPending?: boolean;
  /** the attacker whose attacks a live analysis holds */
  attacker: string | null;
  /** milliseconds the analysis took */
  ms: number;
}

/**
 * Build the world and its report, reusing the previous world's unchanged shapes. `live`: a worker
 * judges the whole table, so this judges only the moving picture; with `frameOnly` (a drag step,
 * the worker judging the whole table once the piece rests) never more, even where the whole
 * table could be judged again from the previous report.
 */
export function liveAnalysis(
  table: Table,
  previous?: LiveAnalysis,
  live?: { attacker: string | null; frameOnly?: boolean },
): LiveAnalysis {
  const t0 = performance.now();
  // Pieces moved from a full report: the whole table is judged again from it, in a few
  // milliseconds (only what the move can change; checked equal to a full analysis). Not from a
  // partial report (a budget ran out), nor on a heavy table.
  if (
    !live?.frameOnly &&
    previous &&
    !previous.live &&
    !previous.report.partial &&
    previous.report.attacks.length <= HEAVY_ATTACKS &&
    judgesIncrementally(previous, table)
  ) {
    // with a worker (live), proposals the move touches are left to it
    const next = analyzeIncremental(previous, table, { proposals: !live });
    return {
      table,
      world: next.world,
      report: next.report,
      live: false,
      attacker: null,
      ms: performance.now() - t0,
      ...(next.proposalsPending ? { proposalsPending: true } : {}),
    };
  }
  const world = new World(table, CATALOG, previous?.world);
  if (!live)
    return {
      table,
      world,
      report: analyzeWorld(world),
      live: false,
      attacker: null,
      ms: performance.now() - t0,
    };
  const attacker = live.attacker;
  // from a live step, or from a whole picture whose attack context was built (primeDrag): the moved ship's
  // parts of it worked out again, not the whole context
  if (attacker && previous && (previous.live || builtContext(previous.world)))
    keepContext(previous.world, world);
  let attacks: Report['attacks'] = [];
  try {
    if (attacker) attacks = attacksFrom(world, attacker, { budget: new Budget(LIVE_ATTACKS_MS) });
  } catch {
    attacks = []; // the attacker was removed mid-gesture
  }
  // pair sections of a crowded table wait for the worker too (on a 200-piece pile they take seconds)
  const crowded = world.all.length > LIVE_PIECES;
  // a drag step from a whole picture of the pairs (live, or the worker's uncut report): only the moved
  // pieces' pairs are judged again
  const prev = previous && !crowded && !previous.report.partial ? previous.report : null;
  const moved = prev && movedSince(previous!.world, world);
  const movedIds = moved && new Set(moved.map((e) => e.id));
  // overlaps and the pairs touching without overlapping (a drag step from a picture without the touching
  // pairs, one written before there were, judges them whole)
  let laid: { overlaps: Report['overlaps']; touching: TouchReport[] } = { overlaps: [], touching: [] };
  if (!crowded && moved && prev!.touching)
    laid = updateOverlaps(world, prev!.overlaps, moved, prev!.touching);
  else if (!crowded) laid.overlaps = overlaps(world, undefined, world, laid.touching);
  const report: Report = {
    format: 'armada-report/1',
    ruleset: world.ruleset,
    shapes: {},
    distances: [],
    overlaps: laid.overlaps,
    attacks,
    rift: rift(world),
    exogorths: exogorths(world),
    proposals: keptProposals(table, previous),
    collisions: crowded
      ? []
      : movedIds && prev!.collisions
        ? updateCollisions(world, prev!.collisions, movedIds, { lazyDepth: true })
        : collisions(world),
    offTable: offTable(world),
    touching: laid.touching,
  };
  const nearRift = riftNear(world);
  if (nearRift) report.riftNear = nearRift;
  return { table, world, report, live: true, attacker, ms: performance.now() - t0 };
}

/**
 * A drag step of one ship, from a live picture (whose attack context its own step built): the new
 * world's context is the previous one with that ship's sides, covers and dials worked out again
 * (movedShipContext), not every obstacle's coverers and every dial afresh. attacksFrom then reads it.
 */
function keepContext(prev: World, world: World) {
  const [a, b] = [prev.table, world.table];
  if (prev.all.length !== world.all.length || prev.catalog !== world.catalog) return;
  if (a.readings !== b.readings || a.ruleset !== b.ruleset || a.measurements !== b.measurements) return;
  let moved: string | null = null;
  for (let i = 0; i < world.all.length; i++) {
    if (world.all[i] === prev.all[i]) continue;
    if (moved !== null || world.all[i].kind !== 'ship' || world.all[i].id !== prev.all[i].id) return;
    moved = world.all[i].id;
  }
  if (moved === null) return;
  movedShipContext(attackContext(prev), world, moved);
  // the other cover reading's context too, where the previous step built one (the readings' alternatives ask
  // which ships cover an obstacle under it)
  for (const ctx of builtContexts(prev)) if (ctx !== attackContext(prev)) movedShipContext(ctx, world, moved);
}

/**
 * Setup checks look at obstacles only: while ships and squadrons move, the previous picture's
 * verdicts on them stand (as analyzeIncremental keeps them). Anything else waits for the worker.
 */
function keptProposals(table: Table, previous?: LiveAnalysis): Report['proposals'] {
  const t = previous?.table;
  if (!t || !table.proposals.length) return [];
  const same =
    t.obstacles === table.obstacles &&
    t.proposals === table.proposals &&
    t.ruleset === table.ruleset &&
    t.table === table.table &&
    t.readings === table.readings &&
    t.measurements === table.measurements &&
    table.proposals.every((q) => q.kind === 'setup');
  return same ? previous.report.proposals : [];
}

/**
 * Ready a drag of the selected attacker's piece, between frames: its attacks judged once on the picture's
 * world (answers thrown away), so that the world's attack context and kernel are built. A drag's first step
 * then works out the moved ship's parts of them (keepContext) instead of building them whole in the step's
 * frame. Nothing when the attacker is not on the table.
 */
export function primeDrag(analysis: LiveAnalysis, attacker: string) {
  if (analysis.world.all.length > LIVE_PIECES) return;
  try {
    attacksFrom(analysis.world, attacker, { budget: new Budget(LIVE_ATTACKS_MS) });
  } catch {
    // a piece gone since: nothing to ready
  }
}
