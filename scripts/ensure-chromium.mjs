// Before the browser tests: make sure Debian's chromium is there (Playwright cannot download a
// browser on these machines). Uses CHROMIUM_PATH when set; otherwise installs the Debian package
// when running as root, or says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is ${path}, which does not exist.`);
  process.exit(1);
}
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.error("chromium is missing: installing Debian's chromium (apt-get) for the browser tests...");
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    { stdio: 'inherit', shell: '/bin/bash' },
  );
  process.exit(existsSync(path) ? 0 : 1);
}
console.error(
  "The browser tests need Debian's chromium: run `sudo apt-get install -y chromium`, or set CHROMIUM_PATH.",
);
process.exit(1);
