import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // every core (vitest leaves one free by default: on two cores that is one worker, 170 s against 125 s)
    maxWorkers: '100%',
  },
});
