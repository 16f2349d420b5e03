// npm's postinstall: applies the patches in patches/ to installed packages with patch-package, the maintained tool
// for a fix a package has not shipped (it checks each patch against the installed version and fails the install
// when one no longer applies, instead of leaving the package half changed).
// The one patch today is for the test runner (patches/@tapjs+processinfo+*.dev.patch, issue 27, CI time; .taprc
// says what it does and what it saved): a dev dependency, so an install without them (npm ci --omit=dev) has
// neither it nor patch-package, and nothing to do. Plain JavaScript: it runs on whatever Node runs npm.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const bin = 'node_modules/patch-package/index.js';
if (existsSync(bin)) {
  const run = spawnSync(process.execPath, [bin, '--error-on-fail'], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
