// The dependency direction of ARCHITECTURE.md holds in the repository, and the rules catch imports against
// it (planted in a throw-away tree, type-only imports included).
import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sourceFiles, violations } from '../../scripts/check-deps.ts';

t.test('no import in src, client, views or workers goes against the direction', async (t) => {
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
    'views/state/session.ts': "import { x } from '../../src/storefront/session.ts';\nexport { x };\n",
    // the layers of views/, each file importing one layer up (or the entry, or another page)
    'client/entry.tsx': "import { routes } from '../views/router.tsx';\nimport { socket } from './state/socket.ts';\nexport const client = [routes, socket];\n",
    // client/, the browser runtime: it may import views; views, the server and the workers never import it
    'client/state/socket.ts': "import { Grid } from '../../views/components/Grid.tsx';\nimport type { Port } from '../../views/lib/port.ts';\nexport const socket = [Grid] as unknown as Port;\n",
    // (the entry imported by a module it does not import itself: a circle would be reported by no-circular first)
    'client/state/session.ts': "import { x } from '../../src/storefront/session.ts';\nimport { client } from '../entry.tsx';\nexport { x, client };\n",
    'views/lib/port.ts': "export interface Port { live: boolean }\n",
    'views/hooks/usePrices.ts': "import type { Port } from '../lib/port.ts';\nimport { socket } from '../../client/state/socket.ts';\nexport const usePrices = socket as Port;\n",
    'views/components/Chart.tsx': "import type { socket } from '../../client/state/socket.ts';\nexport type Chart = typeof socket;\n",
    'src/storefront/render.ts': "import { socket } from '../../client/state/socket.ts';\nexport { socket };\n",
    'workers/payload.ts': "import type { socket } from '../client/state/socket.ts';\nexport type P = typeof socket;\n",
    'views/router.tsx': "import { Page } from './pages/home/Page.tsx';\nexport const routes = [Page];\n",
    'views/lib/meta.ts': "import type { routes } from '../router.tsx';\nexport type Meta = typeof routes;\n",
    'views/state/cart.ts': "import { useCart } from '../hooks/useCart.ts';\nexport const cart = useCart;\n",
    'views/models/listing.ts': "import type { Grid } from '../components/Grid.tsx';\nexport type Listing = Grid;\n",
    'views/hooks/useCart.ts': "import { Grid } from '../components/Grid.tsx';\nexport const useCart = Grid;\n",
    'views/components/Grid.tsx': "import type { Listing } from '../pages/shop/listing.ts';\nexport type Grid = Listing;\nexport const Grid = 1;\n",
    'views/layouts/Layout.tsx': "import { render } from '../server.tsx';\nexport const Layout = render;\n",
    'views/pages/shop/listing.ts': "import { Page } from '../home/Page.tsx';\nimport { Grid } from '../../components/Grid.tsx';\nimport { cart } from '../../state/cart.ts';\nexport type Listing = typeof Page;\nexport const all = [Grid, cart];\n",
    'views/pages/shop/Page.tsx': "import type { Listing } from './listing.ts';\nimport { client } from '../../../client/entry.tsx';\nexport const Page = client as unknown as Listing;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const found = await violations(base, sourceFiles(base, ['src', 'client', 'views', 'workers']));
  const has = (line: string) => t.ok(found.includes(line), line);
  has('views-not-server: views/pages/home/Page.tsx -> src/storefront/session.ts');
  has('views-not-server: views/state/session.ts -> src/storefront/session.ts');
  has('storefront-renders-views-through-entry: src/storefront/app.ts -> views/pages/home/Page.tsx');
  has('services-not-storefront: src/commerce/carts.ts -> src/storefront/session.ts');
  has('pricing-not-other-services: src/pricing/engine.ts -> src/commerce/carts.ts');
  has('neutral-ground-stays-neutral: src/contracts/cart.ts -> src/storefront/session.ts');
  has('lib-stays-shared: src/lib/errors.ts -> src/commerce/carts.ts');
  t.notOk(found.some((l) => l.startsWith('storefront-renders-views-through-entry: src/storefront/app.ts -> views/server.tsx')), 'the render entry is the allowed way in');
  // views/: every layer imports only the layers below it
  // client/ and views/: one way (issue 24, the design card's client/)
  has('views-not-client: views/hooks/usePrices.ts -> client/state/socket.ts');
  has('views-not-client: views/components/Chart.tsx -> client/state/socket.ts');
  has('views-not-client: views/pages/shop/Page.tsx -> client/entry.tsx');
  has('client-only-in-the-browser: src/storefront/render.ts -> client/state/socket.ts');
  has('client-only-in-the-browser: workers/payload.ts -> client/state/socket.ts');
  has('views-not-server: client/state/session.ts -> src/storefront/session.ts');
  has('views-entries-not-imported: client/state/session.ts -> client/entry.tsx');
  has('views-entries-not-imported: views/pages/shop/Page.tsx -> client/entry.tsx');
  has('views-entries-not-imported: views/layouts/Layout.tsx -> views/server.tsx');
  has('views-app-above-pages: views/lib/meta.ts -> views/router.tsx');
  has('views-page-not-other-page: views/pages/shop/listing.ts -> views/pages/home/Page.tsx');
  has('views-ui-below-pages: views/components/Grid.tsx -> views/pages/shop/listing.ts');
  has('views-hooks-below-ui: views/hooks/useCart.ts -> views/components/Grid.tsx');
  has('views-ground-is-lowest: views/state/cart.ts -> views/hooks/useCart.ts');
  has('views-ground-is-lowest: views/models/listing.ts -> views/components/Grid.tsx');
  const allowed = [
    'client/entry.tsx -> views/router.tsx', // the browser's entry imports the app
    'client/entry.tsx -> client/state/socket.ts', // and the runtime
    'client/state/socket.ts -> views/components/Grid.tsx', // client/ may import any layer of views/
    'client/state/socket.ts -> views/lib/port.ts',
    'views/hooks/usePrices.ts -> views/lib/port.ts', // views know the port, not its implementation
    'views/router.tsx -> views/pages/home/Page.tsx', // the app imports the pages
    'views/pages/shop/Page.tsx -> views/pages/shop/listing.ts', // a page its own folder
    'views/pages/shop/listing.ts -> views/components/Grid.tsx', // a page the components
    'views/pages/shop/listing.ts -> views/state/cart.ts', // and the ground
  ];
  for (const edge of allowed) t.notOk(found.some((l) => l.endsWith(`: ${edge}`)), `allowed: ${edge}`);
  t.notOk(found.some((l) => l.includes('-> src/stores.ts')), 'neutral ground is open to all');
});

t.test('import circles anywhere, the commerce kernel importing a feature and a plugin imported past app.ts are reported', async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'deps-'));
  t.teardown(() => rmSync(base, { recursive: true, force: true }));
  const files: Record<string, string> = {
    // the composition root registers the plugins; a plugin imports its feature's routes and the kernel
    'src/commerce/app.ts': "import ordersPlugin from './orders/plugin.ts';\nimport depositsPlugin from './deposits/plugin.ts';\nexport const all = [ordersPlugin, depositsPlugin];\n",
    'src/commerce/orders/plugin.ts': "import { routes } from './routes.ts';\nexport default routes;\n",
    'src/commerce/deposits/plugin.ts': "import { holdings } from './model.ts';\nexport default holdings;\n",
    // a circle through two features' doors (orders/create.ts -> deposits -> orders), one edge type-only
    'src/commerce/orders/index.ts': "export { placeOrder } from './create.ts';\nexport type Row = { id: string };\n",
    'src/commerce/orders/create.ts': "import { holdings } from '../deposits/index.ts';\nexport const placeOrder = holdings;\n",
    'src/commerce/orders/routes.ts': "import { placeOrder } from './create.ts';\nimport plugin from '../deposits/plugin.ts';\nexport const routes = [placeOrder, plugin];\n",
    'src/commerce/deposits/index.ts': "export { holdings } from './model.ts';\n",
    'src/commerce/deposits/model.ts': "import type { Row } from '../orders/index.ts';\nexport const holdings = (r: Row) => r;\n",
    // the kernel reaching into features: a type from a feature (context.ts) and a feature's door (http/)
    'src/commerce/context.ts': "import type { Row } from './orders/index.ts';\nexport type Hook = (r: Row) => void;\n",
    'src/commerce/http/request.ts': "import { holdings } from '../deposits/index.ts';\nimport type { Hook } from '../context.ts';\nexport const h: Hook = holdings;\n",
    'src/commerce/lib/rate.ts': "import type { Hook } from '../context.ts';\nexport type Rate = Hook;\n",
    // a circle outside commerce: two contracts that import each other, type-only
    'src/contracts/price-stream.ts': "import type { Limits } from './price-stream-constants.ts';\nexport type Stream = Limits;\nexport const ROUND = 2;\n",
    'src/contracts/price-stream-constants.ts': "import type { ROUND } from './price-stream.ts';\nexport type Limits = typeof ROUND;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  const found = await violations(base, sourceFiles(base, ['src']));
  const has = (line: string) => t.ok(found.includes(line), line);
  // dependency-cruiser names each circle once, by one of its edges
  const circle = (modules: string[]) => t.ok(found.some((l) => {
    const m = /^no-circular: (\S+) -> (\S+)$/.exec(l);
    return m !== null && modules.includes(m[1]) && modules.includes(m[2]);
  }), `the circle ${modules.join(' -> ')} is reported`);
  circle(['src/commerce/orders/create.ts', 'src/commerce/deposits/index.ts', 'src/commerce/deposits/model.ts', 'src/commerce/orders/index.ts']);
  circle(['src/contracts/price-stream.ts', 'src/contracts/price-stream-constants.ts']);
  has('commerce-kernel-not-features: src/commerce/context.ts -> src/commerce/orders/index.ts');
  has('commerce-kernel-not-features: src/commerce/http/request.ts -> src/commerce/deposits/index.ts');
  has('commerce-plugin-only-from-app: src/commerce/orders/routes.ts -> src/commerce/deposits/plugin.ts');
  const allowed = [
    'src/commerce/app.ts -> src/commerce/orders/plugin.ts', // the composition root registers the plugins
    'src/commerce/app.ts -> src/commerce/deposits/plugin.ts',
    'src/commerce/orders/plugin.ts -> src/commerce/orders/routes.ts', // a plugin its own routes
    'src/commerce/lib/rate.ts -> src/commerce/context.ts', // the kernel itself
    'src/commerce/http/request.ts -> src/commerce/context.ts',
  ];
  for (const edge of allowed) t.notOk(found.some((l) => l.endsWith(`: ${edge}`)), `allowed: ${edge}`);
  t.notOk(found.some((l) => l.startsWith('no-circular: src/commerce/orders/routes.ts')), 'an import into a circle that does not lead back is no circle');
});
