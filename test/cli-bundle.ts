/**
 * The command lines as the tests start them: each bundled once per test run by esbuild
 * (test/global-setup.ts), the same source and the same transform `npm run` gives tsx, without tsx
 * compiling every module again at each start (about 0.3 s a start against 1.3 s; the suite starts
 * them about a hundred times). The tests that type `npm run ...` as a user does still go through
 * the npm script and tsx.
 */
import { join } from 'node:path';

export const CLI_NAMES = ['analyze', 'fleet', 'practice'] as const;
export type CliName = (typeof CLI_NAMES)[number];

/** where test/global-setup.ts put this run's bundles */
export const CLI_BUNDLE_ENV = 'ARMADA_CLI_BUNDLE_DIR';

/** The arguments after `node` that start the command line `name`. */
export function cliArgs(name: CliName): string[] {
  const dir = process.env[CLI_BUNDLE_ENV];
  if (!dir)
    throw new Error(`${CLI_BUNDLE_ENV} is not set: run the tests through vitest (test/global-setup.ts)`);
  return [join(dir, `${name}.mjs`)];
}
