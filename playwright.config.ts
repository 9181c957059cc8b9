import { defineConfig } from '@playwright/test';

// The suite runs against the production build (what players load, service worker included), so
// edits made elsewhere in the tree while it runs cannot reload the page under a test.
// E2E_DEV=1 runs against the dev server instead.
const DEV = !!process.env.E2E_DEV;
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? (DEV ? 5173 : 4173));

export default defineConfig({
  testDir: 'e2e',
  // the screenshot refresh writes docs/screenshots; only on request (SCREENSHOTS=1)
  testIgnore: process.env.SCREENSHOTS ? [] : ['**/screenshots.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  webServer: {
    command: DEV ? `npx vite --host 127.0.0.1 --port ${PORT} --strictPort` : `npx vite build --logLevel warn && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
