/**
 * Which build this is: `VITE_BUILD_ID` when it was built (`VITE_BUILD_ID=2026-12-01 npm run
 * build`), "local" otherwise. The page and its analysis worker each carry it, so a test can show
 * that a page never runs one build's code with another's worker (e2e/update.spec.ts).
 */
export const BUILD_ID: string =
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_BUILD_ID || 'local';
