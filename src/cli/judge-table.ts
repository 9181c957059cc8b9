/**
 * What `npm run analyze` does between reading a table file and writing its report (src/cli/analyze.ts):
 * the photo's marks refined on `photo.image`, the photo's fit judged under the budget, the table analysed,
 * and the refined marks added to the report's photo. Apart from analyze.ts so the tests can run it in
 * process, on a photo already decoded.
 */
import type { Catalog } from '../model/catalog';
import type { Report } from '../model/report';
import { photoFitCheckSteps, type Table, TableError } from '../model/table';
import { analyzeWorld } from '../rules/report/analyze';
import type { Budget } from '../rules/report/budget';
import { World } from '../rules/world';
import { fail } from './input';
import { type ReadPhoto, refinePhoto, withMarks } from './refine-photo';

/**
 * The photo's marks fitted a piece at a time while the budget lasts (the fits are kept for the report
 * and the dispute cards). A bad field found is refused as reading refuses (exit 2); a photo the budget
 * cut is left out of the analysis, and `partial` says how many of its marked pieces were fitted.
 */
function fitPhoto(table: Table, budget: Budget): Table {
  if (!table.photo) return table;
  budget.photoAsked = table.photo.marks.length;
  let fitted = 0; // each step comes before a marked piece's fit: at step i, i are fitted
  try {
    for (const _step of photoFitCheckSteps(table)) {
      if (budget.over()) {
        budget.photoFitted = fitted;
        return { ...table, photo: undefined };
      }
      fitted++;
    }
  } catch (e) {
    if (e instanceof TableError) fail(e.message, 2);
    throw e;
  }
  budget.photoFitted = fitted;
  budget.newStep();
  return table;
}

/**
 * The report of the table `read` from `file`, judged under `budget`; `warn` takes the line standard error
 * gets when the photo cannot be read. `readPhoto` decodes `photo.image` (the command line reads the file).
 */
export function judgeTable(
  read: Table,
  file: string,
  cat: Catalog,
  budget: Budget,
  warn: (line: string) => void,
  readPhoto?: ReadPhoto,
): Report {
  // with `photo.image`, the marks are refined on the image first (the fit then takes the refined pixels)
  const refined = refinePhoto(read, file, cat, budget, readPhoto);
  if (refined?.refinement.problem) warn(`${refined.refinement.problem}; the marks are used as given\n`);
  const table = fitPhoto(refined?.table ?? read, budget);
  let report: Report;
  try {
    report = analyzeWorld(new World(table), budget);
  } catch (e) {
    fail(`analysis failed: ${(e as Error).message}`, 1);
  }
  if (refined && report.photo) withMarks(report.photo, refined.refinement);
  return report;
}
