// The static checks of `npm test`, run side by side (each is single-threaded; one after another they took
// about 40 s of the suite's time): the type check, ESLint and Prettier. Each one's output is printed when it
// ends; the exit code is non-zero when any of them failed.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['type check', 'node', ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['eslint', 'npx', ['eslint', '.']],
  ['prettier', 'npx', ['prettier', '--check', '.']],
];

const runs = CHECKS.map(
  ([name, cmd, args]) =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        process.stdout.write(`--- ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}\n${out}`);
        resolve(code === 0);
      });
      child.on('error', (e) => {
        process.stdout.write(`--- ${name}: could not start (${e.message})\n`);
        resolve(false);
      });
    }),
);
const ok = (await Promise.all(runs)).every(Boolean);
process.exit(ok ? 0 : 1);
