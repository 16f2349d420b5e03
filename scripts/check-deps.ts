// The dependency-direction check of `npm test` (rules: .dependency-cruiser.cjs, direction: ARCHITECTURE.md).
// dependency-cruiser parses the files given by name (it cannot find .ts files in folders by itself while
// no TypeScript 7 API exists), so this walks the source folders and hands it every module.
// Usage: npm run check:deps   (exit 1 and one line per violation when an import goes against the direction)
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SOURCE_DIRS = ['src', 'client', 'views', 'workers'];
const SOURCE = /\.(ts|tsx|mts)$/;

export function sourceFiles(base: string, dirs = SOURCE_DIRS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(base, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

export function rules(): IConfiguration {
  return createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
}

/** Cruises the files below base with the project's rules; returns one line per violation. */
export async function violations(base: string, files = sourceFiles(base)): Promise<string[]> {
  const config = rules();
  const cwd = process.cwd();
  process.chdir(base);
  try {
    const result = await cruise(files, { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, outputType: 'json' });
    const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const found = await violations(root);
  for (const line of found) console.error(line);
  console.log(found.length ? `${found.length} imports against the direction of ARCHITECTURE.md` : `dependency direction: ok (${sourceFiles(root).length} modules)`);
  process.exit(found.length ? 1 : 0);
}
