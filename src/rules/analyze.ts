import { CATALOG, type Catalog } from '../model/catalog';
import type { Report } from '../model/report';
import type { Table } from '../model/table';
import { attacks } from './attacks';
import { distances } from './distances';
import { overlaps } from './overlaps';
import { exogorths } from './exogorth';
import { proposals } from './proposals';
import { rift } from './rift';
import { shapesReport } from './shapes-report';
import { World } from './world';

/** The full analysis of a table: every section of armada-report/1, unrounded. */
export function analyze(table: Table, catalog: Catalog = CATALOG): Report {
  return analyzeWorld(new World(table, catalog));
}

export function analyzeWorld(world: World): Report {
  return {
    format: 'armada-report/1',
    ruleset: world.ruleset,
    shapes: shapesReport(world),
    distances: distances(world),
    overlaps: overlaps(world),
    attacks: attacks(world),
    rift: rift(world),
    exogorths: exogorths(world),
    proposals: proposals(world),
  };
}
