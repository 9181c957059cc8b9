/** Before any test file: bundle the command lines the tests start (test/cli-bundle.ts). */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CLI_BUNDLE_DIR, CLI_NAMES } from './cli-bundle';

// packages written for CommonJS (clipper-lib, jpeg-js) call require
const REQUIRE =
  "import { createRequire as cliBundleRequire } from 'node:module'; " +
  'const require = cliBundleRequire(import.meta.url);';

export async function setup(): Promise<void> {
  // removed first, never written over: node_modules may be hard links shared with another checkout
  rmSync(CLI_BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: CLI_NAMES.map((n) => join(__dirname, '..', 'src/cli', `${n}.ts`)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: CLI_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    banner: { js: REQUIRE },
    logLevel: 'warning',
  });
}
