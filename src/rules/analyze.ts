import { CATALOG, type Catalog } from '../model/catalog';
import type { Report } from '../model/report';
import type { Table } from '../model/table';
import { attacks } from './attacks';
import type { Budget } from './budget';
import { distances } from './distances';
import { overlaps } from './overlaps';
import { exogorths, exogorthTargets } from './exogorth';
import { proposals } from './proposals';
import { rift } from './rift';
import { collisions, offTable } from './sanity';
import { shapesReport } from './shapes-report';
import { World } from './world';

/** The full analysis of a table: every section of armada-report/1, unrounded. */
export function analyze(table: Table, catalog: Catalog = CATALOG): Report {
  return analyzeWorld(new World(table, catalog));
}

/**
 * With a budget (milliseconds), attacks and proposals not judged by its end are left out and
 * the report carries `partial` saying what is missing (see rules/budget.ts).
 */
export function analyzeWorld(world: World, budget?: Budget): Report {
  const report: Report = {
    format: 'armada-report/1',
    ruleset: world.ruleset,
    shapes: shapesReport(world),
    distances: distances(world),
    overlaps: overlaps(world),
    attacks: attacks(world, { budget }),
    rift: rift(world),
    exogorths: exogorths(world),
    proposals: proposals(world, budget),
    collisions: collisions(world),
    offTable: offTable(world),
  };
  // optional addition: per exogorth, what it would attack, and the recorded choice judged
  const targets = exogorthTargets(world, report.exogorths);
  if (targets) report.exogorthTargets = targets;
  const partial = budget?.note();
  if (partial) report.partial = partial;
  return report;
}
