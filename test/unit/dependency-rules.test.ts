// The dependency direction of ARCHITECTURE.md holds in the repository, and the rules catch imports against
// it (planted in a throw-away tree, type-only imports included).
import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sourceFiles, violations } from '../../scripts/check-deps.ts';

t.test('no import in src, views, client or workers goes against the direction', async (t) => {
  const found = await violations(process.cwd());
  t.same(found, [], found.join('\n'));
});

t.test('imports against the direction are reported, also type-only ones', async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'deps-'));
  t.teardown(() => rmSync(base, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'src/storefront/session.ts': 'export const x = 1;\n',
    'src/storefront/app.ts': "import { Page } from '../../views/pages/home/Page.tsx';\nimport { render } from '../../views/server.tsx';\nexport { Page, render };\n",
    'src/commerce/carts.ts': "import type { X } from '../storefront/session.ts';\nexport type Y = X;\n",
    'src/pricing/engine.ts': "import { carts } from '../commerce/carts.ts';\nexport { carts };\n",
    'src/contracts/cart.ts': "import { x } from '../storefront/session.ts';\nexport { x };\n",
    'src/stores.ts': 'export const stores = {};\n',
    'src/lib/errors.ts': "import { carts } from '../commerce/carts.ts';\nexport { carts };\n",
    'views/server.tsx': 'export const render = 1;\n',
    'views/pages/home/Page.tsx': "import type { x } from '../../../src/storefront/session.ts';\nimport { stores } from '../../../src/stores.ts';\nexport const Page = [stores] as unknown as typeof x;\n",
    'views/entry.ts': "import { x } from '../src/storefront/session.ts';\nexport { x };\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const found = await violations(base, sourceFiles(base, ['src', 'views', 'client']));
  const has = (line: string) => t.ok(found.includes(line), line);
  has('views-client-not-server: views/pages/home/Page.tsx -> src/storefront/session.ts');
  has('views-client-not-server: views/entry.ts -> src/storefront/session.ts');
  has('storefront-renders-views-through-entry: src/storefront/app.ts -> views/pages/home/Page.tsx');
  has('services-not-storefront: src/commerce/carts.ts -> src/storefront/session.ts');
  has('pricing-not-other-services: src/pricing/engine.ts -> src/commerce/carts.ts');
  has('neutral-ground-stays-neutral: src/contracts/cart.ts -> src/storefront/session.ts');
  has('lib-stays-shared: src/lib/errors.ts -> src/commerce/carts.ts');
  t.notOk(found.some((l) => l.includes('-> views/server.tsx')), 'the render entry is the allowed way in');
  t.notOk(found.some((l) => l.includes('-> src/stores.ts')), 'neutral ground is open to all');
});
