/**
 * `npx tsx scripts/bench-tables.ts`: write the benchmark's tournament table (seed 1) to
 * e2e/fixtures/tournament-table.json for the browser frame-time run (e2e/perf-drag.spec.ts).
 * test/scripts/bench-fast-paths.test.ts checks the file still equals the generator's output.
 */
import { writeFileSync } from 'node:fs';
import { tournamentTable } from './bench/tables';

const file = new URL('../e2e/fixtures/tournament-table.json', import.meta.url);
writeFileSync(file, JSON.stringify(tournamentTable(1), null, 1) + '\n');
console.log(`wrote ${file.pathname}`);
