import { CATALOG, type Catalog } from '../../model/catalog';
import type { Report, TouchReport } from '../../model/report';
import type { Table } from '../../model/table';
import { attacks } from '../attacks/attacks';
import type { Budget } from './budget';
import { distances } from '../distances';
import { overlaps } from '../overlaps';
import { exogorths, exogorthTargets } from '../campaign/exogorth';
import { proposals } from './proposals';
import { rift, riftNear } from '../campaign/rift';
import { collisions, offTable } from '../sanity';
import { shapesReport } from './shapes-report';
import { classEditsReport } from '../attacks/class-edits';
import { photoReport } from './photo';
import { World } from '../world';

/** The full analysis of a table: every section of armada-report/1, unrounded. */
export function analyze(table: Table, catalog: Catalog = CATALOG): Report {
  return analyzeWorld(new World(table, catalog));
}

/**
 * With a budget (milliseconds), work not done by its end is left out and the report carries
 * `partial` saying which sections are cut and how far each got (see rules/budget.ts). The pair
 * sections (distances, overlaps, collisions: at most 19,900 pairs of pieces, a second or two on
 * a pile of 200) are judged first, then attacks (up to 100,000, the long pole), then proposals
 * (one can take a second or two): on a heavy table the sections that say what lies on what are
 * whole, and attacks and proposals take what time is left. The report's keys keep the format's
 * order, and without a budget (or within it) the report is the same, byte for byte.
 */
export function analyzeWorld(world: World, budget?: Budget): Report {
  const shapes = shapesReport(world);
  const distanceList = distances(world, budget);
  const touchList: TouchReport[] = [];
  const overlapList = overlaps(world, budget, world, touchList);
  const collisionList = collisions(world, budget);
  const attackList = attacks(world, { budget });
  const report: Report = {
    format: 'armada-report/1',
    ruleset: world.ruleset,
    shapes,
    distances: distanceList,
    overlaps: overlapList,
    attacks: attackList,
    rift: rift(world),
    exogorths: exogorths(world),
    proposals: proposals(world, budget),
    collisions: collisionList,
    offTable: offTable(world),
    touching: touchList,
  };
  // optional addition: per exogorth, what it would attack, and the recorded choice judged
  const targets = exogorthTargets(world, report.exogorths);
  if (targets) report.exogorthTargets = targets;
  // optional addition: the ships beyond distance 2 of a rift, near that band's end
  const nearRift = riftNear(world);
  if (nearRift) report.riftNear = nearRift;
  const edits = classEditsReport(world, attackList);
  if (edits) report.classEdits = edits;
  const photo = photoReport(world);
  if (photo) report.photo = photo;
  const partial = budget?.note();
  if (partial) report.partial = partial;
  return report;
}
