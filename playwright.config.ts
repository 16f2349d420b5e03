// Browser tests in Chromium against the whole shop started as `npm start` would (embedded services and
// the back office on PORT+4, in-memory database). A second storefront with MAINTENANCE=on shares the first one's services.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);
const MAINT_PORT = PORT + 10;
// Decision (issue 27, CI time): Chromium's headless shell where it is installed (Debian: chromium-headless-shell,
// /usr/bin/chromium-headless-shell), the full browser otherwise. The shell is the build of Chromium that
// Playwright itself runs for headless tests: the same Blink and V8 of the same version, without the full
// browser's window and UI layer, which a headless test never shows. Measured on a quiet 2-core machine, four
// files (28 tests), two runs each: 173 and 166 busy CPU-seconds, 96 and 91 s with /usr/bin/chromium; 130 and 125
// CPU-s, 82 and 80 s with the shell. The whole browser suite on the shell: 507 s and 778 CPU-s, shop start
// included. The benches (test/bench/browser.ts) keep the full browser: they measure what a visitor's browser gets.
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const workers = Number(process.env.E2E_WORKERS ?? 2);
/** tests tagged CLOCK (e2e/fixtures.ts): they spend most of their time waiting on the machine's clock */
const CLOCK = /@clock/;
/** the longest of them: the step-up window's 2 minutes (STEP_UP_WINDOW_S below) */
const WINDOW = '**/step-up.pw.ts';
/** browsers for the CLOCK tests beside the E2E_WORKERS others: one for WINDOW, two for the rest */
const CLOCK_WORKERS = 3;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.pw.ts',
  fullyParallel: false,
  // E2E_WORKERS: test files run in that many browsers at once against the one shop (each test makes its
  // own customer, cart and order, and tolerates the 180 s recalculation, so files do not see each other);
  // 2 by default: CI's machines have two cores. 1 to follow a failure in order (everything in one browser).
  // Decision (issue 27, CI time): the tests that mostly wait on the machine's clock (tagged CLOCK: a step-up
  // window's 2 minutes, the simulated feed's next minute, an authenticator's next 30 s period) run in browsers of
  // their own beside the E2E_WORKERS others: their waits cost no core and hold neither of the two browsers the
  // rest of the suite shares. Measured on CI: at first those waits were about 5 of the suite's 25 minutes; later
  // the two waiting files in one browser (387-411 s) outlasted all the other files (373-378 s), while the cart's
  // price change, the forced recalculation and the authenticator tests still waited in the shared browsers (59,
  // up to 60, 28 and 15 s). Three browsers: the step-up test has one from the start (a project of its own, first:
  // Playwright hands out the projects' tests in this order; as the fifth tagged file it started at 59 s, and the
  // waits ended at 367 s, after the shared browsers' 337 s), the others share two.
  workers: workers === 1 ? 1 : workers + CLOCK_WORKERS,
  projects: [
    { name: 'window', testMatch: WINDOW, grep: CLOCK, workers: 1 },
    { name: 'waits', testIgnore: WINDOW, grep: CLOCK, workers: CLOCK_WORKERS - 1 },
    { name: 'shop', grepInvert: CLOCK, workers },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://ch.localhost:${PORT}`,
    // Decision (issue 27, CI time): no trace under CI. Playwright's retain-on-failure records a trace of every
    // test (screenshots and DOM snapshots of each step) and deletes those of the tests that pass: measured on
    // four files (32 tests, a quiet 2-core machine), 227-228 busy CPU-seconds and 120 s with it against
    // 185-193 and 102 s without; without screenshots, 216. A CI run keeps its log, not its files. Locally a
    // failed test keeps its trace (npx playwright show-trace); E2E_TRACE=on|off decides either way.
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'on')) === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: [
    {
      command: 'tsx src/main.ts',
      url: `http://127.0.0.1:${PORT}/builds/latest.json`,
      // the browser tests send everything from one address on a busy machine: per-client limits and
      // event-loop load shedding off (they have their own tap tests); scrypt at 2^10 as in test/tap.env
      env: { PORT: String(PORT), DATABASE_URL: 'memory', LOG_LEVEL: 'warn', NODE_ENV: 'test', PRICE_RECALC_INTERVAL_S: '180', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', PASSWORD_HASH_LOG_N: '10', STEP_UP_WINDOW_S: '120' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'tsx src/main.ts',
      url: `http://127.0.0.1:${MAINT_PORT}/builds/latest.json`,
      env: {
        PORT: String(MAINT_PORT),
        MAINTENANCE: 'on',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMITS: 'off',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        COMMERCE_API_URL: `http://127.0.0.1:${PORT + 1}`,
        PRICE_SERVICE_URL: `http://127.0.0.1:${PORT + 2}`,
        CMS_API_URL: `http://127.0.0.1:${PORT + 3}/v2`,
        BACKOFFICE_URL: `http://127.0.0.1:${PORT + 4}`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

