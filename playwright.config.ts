import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

// The suite runs against the production build (what players load, service worker included), so
// edits made elsewhere in the tree while it runs cannot reload the page under a test.
// E2E_DEV=1 runs against the dev server instead.
const DEV = !!process.env.E2E_DEV;
// E2E_PORT sets the server's port; without it, the default (4173, or 5173 for the dev server) when it
// is free, else any free port. The choice goes into the environment, so the test workers (which
// load this file again) use the same one.
function freePort(preferred: number): number {
  const probe =
    `const s=require('net').createServer();s.once('error',()=>{const t=require('net').createServer();` +
    `t.listen(0,'127.0.0.1',()=>{console.log(t.address().port);t.close()})});` +
    `s.listen(${preferred},'127.0.0.1',()=>{console.log(${preferred});s.close()})`;
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim());
}
process.env.E2E_PORT ??= String(freePort(DEV ? 5173 : 4173));
const PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: 'e2e',
  // the screenshot refresh writes docs/screenshots; only on request (SCREENSHOTS=1)
  // and the frame-time measurement (perf-drag) is the benchmark's (`npm run bench -- --browser`, which sets
  // PERF_OUT; PERF=1 runs it here): it times, it does not judge, and it takes 45 s of the suite
  testIgnore: [
    ...(process.env.SCREENSHOTS ? [] : ['**/screenshots.spec.ts']),
    ...(process.env.PERF || process.env.PERF_OUT ? [] : ['**/perf-drag.spec.ts']),
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The browsers mostly wait (page loads, frames, polls): on two cores two workers nearly halve the
  // suite's time (12.6 min with one). A file's tests stay in order in one worker. E2E_WORKERS sets it.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // one retry: a test that fails twice fails the run; one that passes on its second try is listed as
  // flaky in the report (two workers on two cores make timing-sensitive waits the usual suspect)
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: DEV
      ? `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`
      : `npx vite build --logLevel warn && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
