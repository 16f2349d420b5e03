// The Node.js the shop needs (issue 27): under an older one the parts fail in ways that say nothing about
// the cause (under Node 20 the price service crash-loops on a TypeError inside undici, and nothing answers).
// The supervisor checks first and, when the Node running it is older, says so in one line and exits 1.
//
// Decision: the minimum is written here, not read from package.json at run time: the Docker image ships
// dist/ without package.json. test/supervisor/node-version.test.ts keeps it equal to package.json's
// engines (and the project's own node devDependency satisfies it).
export const MINIMUM_NODE = '24.0.0';

/** -1, 0 or 1 as version a is older, equal or newer than b (major.minor.patch; a leading v is ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/, '').split(/[.-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1;
  return 0;
}

/** null when `version` is new enough; else the one line that says what is wrong and what to do. */
export function nodeVersionProblem(version: string = process.versions.node, minimum = MINIMUM_NODE): string | null {
  if (compareVersions(version, minimum) >= 0) return null;
  const major = minimum.split('.')[0];
  return `Node.js ${version.replace(/^v/, '')} is older than this shop needs (${minimum} or newer, package.json "engines"): install Node.js ${major} and start again.`;
}
