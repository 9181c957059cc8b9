import { CATALOG } from '../model/catalog';
import type { Table } from '../model/table';
import { analyzeWorld } from '../rules/report/analyze';
import { Budget } from '../rules/report/budget';
import { type Analysis, analyzeIncremental, judgesIncrementally } from '../rules/report/incremental';
import { World } from '../rules/world';
import { HEAVY_ATTACKS } from './analysis';

/**
 * The table's whole analysis: from the previous one when only pieces moved (analyzeIncremental,
 * held equal to a full analysis by its tests), unless a moved obstacle leaves proposals to judge
 * again (those can take seconds: the budgeted full analysis takes them).
 */
export function judgeWhole(
  prev: Analysis | null,
  table: Table,
  budgetMs: number,
): { analysis: Analysis; incremental: boolean } {
  if (
    prev &&
    !prev.report.partial &&
    prev.report.attacks.length <= HEAVY_ATTACKS &&
    judgesIncrementally(prev, table)
  ) {
    const next = analyzeIncremental(prev, table, { proposals: false });
    if (!next.proposalsPending) return { analysis: next, incremental: true };
  }
  const world = new World(table, CATALOG);
  return { analysis: { world, report: analyzeWorld(world, new Budget(budgetMs)) }, incremental: false };
}
