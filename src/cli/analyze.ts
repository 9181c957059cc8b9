/**
 * npm run --silent analyze -- FILE   (FILE may be - for standard input)
 * Prints the armada-report/1 JSON on standard output and exits 0; a file that is not a valid
 * table prints one line on standard error naming the problem and exits 2.
 */
import { readFileSync } from 'node:fs';
import { roundNumbers } from '../model/report';
import { parseTableText, TableError } from '../model/table';
import { analyze } from '../rules/analyze';

function fail(message: string, code: number): never {
  process.stderr.write(message.replace(/\s+/g, ' ').trim() + '\n');
  process.exit(code);
}

function main(argv: string[]): void {
  const file = argv[0];
  if (!file || argv.length > 1) fail('usage: npm run --silent analyze -- FILE (a table file, or - for standard input)', 2);
  let text: string;
  try {
    text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (e) {
    fail(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, 2);
  }
  let table;
  try {
    table = parseTableText(text);
  } catch (e) {
    if (e instanceof TableError) fail(e.message, 2);
    fail(`(file): cannot be read as a table (${(e as Error).message})`, 2);
  }
  let report;
  try {
    report = analyze(table);
  } catch (e) {
    fail(`analysis failed: ${(e as Error).message}`, 1);
  }
  process.stdout.write(JSON.stringify(roundNumbers(report)) + '\n');
}

main(process.argv.slice(2));
