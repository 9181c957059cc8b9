/**
 * Files of ../shared (the reference and the example tables beside the repository). A test that
 * needs one and finds it absent is skipped, and says so loudly on the console: a green run that
 * skipped the reference checks must not pass for one that made them.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

export const SHARED = join(__dirname, '..', '..', '..', 'shared');

/** Whether ../shared/<rel> is there; when it is not, one SKIPPED line on standard error naming the test. */
export function sharedFile(rel: string, what: string): boolean {
  const path = join(SHARED, rel);
  if (existsSync(path)) return true;
  console.error(
    `SKIPPED ${what}: ${relative(process.cwd(), path)} is absent (../shared belongs beside the repository)`,
  );
  return false;
}
