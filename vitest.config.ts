import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the command lines the tests start, bundled once (test/cli-bundle.ts)
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // every core (vitest leaves one free by default: on two cores that is one worker, 170 s against 125 s)
    maxWorkers: '100%',
    // the test files share each worker's modules instead of importing the source again for every file
    // (about 50 s of imports across the suite, 24 s shared; the whole suite 168 s against 211 s): no test
    // mocks a module, and the one that stubs a global (fleet-read) and the one that spies (bounded-work)
    // put them back after each test
    isolate: false,
  },
});
