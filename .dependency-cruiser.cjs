// The direction of dependencies (ARCHITECTURE.md), checked by `npm run check:deps` in `npm test`:
//
//   src/main.ts ──▶ src/storefront ──▶ views/server.tsx (render entry only) ──▶ views
//   client/ (the browser's runtime, bundle entry client/entry.tsx) ──▶ views; never views ──▶ client/ (the port instead)
//   everything ──▶ neutral ground: src/contracts, src/stores.ts, src/screens.ts, src/i18n.ts, src/config.ts
//   src/commerce, src/pricing, src/content ──▶ src/contracts, src/lib (never the storefront, views or each other)
//   src/commerce/app.ts ──▶ src/commerce/<feature>/plugin.ts   (the composition root registers every feature's plugin)
//   src/commerce/<feature>/ ──▶ another feature only through its index.ts (its service and types, never its plugin)
//   src/commerce/<feature>/ ──▶ the commerce kernel (http, db, lib, auth, mail, the files at src/commerce/)
//   the commerce kernel ──▶ itself only, never a feature: the features meet through its hooks (context.ts)
//   no import circle anywhere (src, views, workers)
//   src/backoffice ──▶ src/contracts, src/lib, neutral ground (the shop only over HTTP: the commerce /ops API)
//
// client/ is the browser's runtime: the entry with hydrateRoot, the price socket, the cart and session stores,
// consent, the data layer, the build check, the SWR hooks. It imports views/; views/ never imports it and gets
// the browser's services through a React context (views/lib/browser-port.ts; the server's render supplies the
// inert ones), so the server's bundle holds no SWR, socket or tracking code. Only the browser bundle imports
// client/ (no src/ or workers/ module), and nothing imports its entry.
//
// views/ is one tree whose layers point inward (views/README.md); a layer imports the ones below it, never above:
//
//   client/entry.tsx, views/server.tsx         the entries (browser, server): nothing imports them
//   views/*.ts(x): App, router, routes,         the app: route table, frame, server loaders by name,
//     loaders, RootErrorBoundary               error boundary
//   views/pages/<page>/                        one folder per page: its Page, its loader, its parts;
//                                              never another page's folder
//   views/components, views/blocks,            shared UI
//     views/layouts
//   views/hooks                                React hooks over the browser port
//   views/lib, views/state, views/models       the ground: helpers, context and the browser port, the typed
//                                              API, the models and loaders several pages share
//
// Type-only imports count: a type from the wrong side is a dependency on it all the same.
const SERVICES = '^src/(commerce|pricing|content)/';
// The commerce kernel: shared ground of the commerce features (every other folder of src/commerce is a feature).
const COMMERCE_KERNEL = '(?:http|db|lib|auth|mail)/';
// The kernel's files: its folders and the files at src/commerce/ itself, but for the composition root (app.ts,
// which registers the features' plugins), main.ts (which starts it) and the two that build a seeded database
// like it (db/template.ts for the build, db/testing.ts for the tests).
const COMMERCE_KERNEL_FILES = `^src/commerce/((?!db/(template|testing)\\.ts$)${COMMERCE_KERNEL}|(?!(app|main)\\.ts$)[^/]+$)`;
const COMMERCE_FEATURE = `^src/commerce/(?!${COMMERCE_KERNEL})[^/]+/`;
// views/ by layer (see the header)
const VIEWS_ENTRIES = '^(views/server|client/entry)\\.tsx$';
const VIEWS_APP = '^views/[^/]+\\.tsx?$';
const VIEWS_PAGES = '^views/pages/';
const VIEWS_UI = '^views/(components|blocks|layouts)/';
const VIEWS_HOOKS = '^views/hooks/';
const NEUTRAL = '^src/(contracts/|stores\\.ts$|screens\\.ts$|i18n\\.ts$|config\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'views-not-server',
      comment: 'views/ and client/ import neutral ground and their own code, never the storefront, the services or server libraries.',
      severity: 'error',
      from: { path: '^(views|client)/' },
      to: { path: '^(src/(storefront|commerce|pricing|content|lib)/|src/(main|build)\\.ts$|workers/)' },
    },
    {
      name: 'storefront-renders-views-through-entry',
      comment: 'The storefront imports views only to render them: through views/server.tsx.',
      severity: 'error',
      from: { path: '^src/storefront/' },
      to: { path: '^views/', pathNot: '^views/server\\.tsx$' },
    },
    {
      name: 'views-not-client',
      comment: 'One way: client/ (the browser runtime) imports views/, views/ never imports client/; views get the browser services through views/lib/browser-port.ts.',
      severity: 'error',
      from: { path: '^views/' },
      to: { path: '^client/' },
    },
    {
      name: 'client-only-in-the-browser',
      comment: 'client/ is bundled for the browser alone: no server, service or worker module imports it (the server renders with the inert port).',
      severity: 'error',
      from: { path: '^(src|workers)/' },
      to: { path: '^client/' },
    },
    {
      name: 'views-entries-not-imported',
      comment: 'client/entry.tsx (the browser bundle) and views/server.tsx (the render entry) are the top: no view or client module imports them.',
      severity: 'error',
      from: { path: '^(views|client)/' },
      to: { path: VIEWS_ENTRIES },
    },
    {
      name: 'views-app-above-pages',
      comment: 'Pages are loaded by the route table (views/routes.ts): a page never imports the app (App, router, routes, loaders).',
      severity: 'error',
      from: { path: '^views/(pages|components|blocks|layouts|hooks|lib|state|models)/' },
      to: { path: VIEWS_APP },
    },
    {
      name: 'views-page-not-other-page',
      comment: 'A page imports its own folder and the layers below, never another page: what two pages share goes to components/ or models/.',
      severity: 'error',
      from: { path: '^views/pages/([^/]+)/' },
      to: { path: VIEWS_PAGES, pathNot: '^views/pages/$1/' },
    },
    {
      name: 'views-ui-below-pages',
      comment: 'Components, blocks and layouts serve every page: they never import a page (a model they need goes to models/).',
      severity: 'error',
      from: { path: VIEWS_UI },
      to: { path: VIEWS_PAGES },
    },
    {
      name: 'views-hooks-below-ui',
      comment: 'Hooks read the state for the UI: they never import components, blocks, layouts or pages.',
      severity: 'error',
      from: { path: VIEWS_HOOKS },
      to: { path: `${VIEWS_PAGES}|${VIEWS_UI}` },
    },
    {
      name: 'views-ground-is-lowest',
      comment: 'views/lib, views/state and views/models import only each other, neutral ground and packages.',
      severity: 'error',
      from: { path: '^views/(lib|state|models)/' },
      to: { path: `${VIEWS_PAGES}|${VIEWS_UI}|${VIEWS_HOOKS}` },
    },
    {
      name: 'services-not-storefront',
      comment: 'A service never imports the storefront, views or the browser code.',
      severity: 'error',
      from: { path: SERVICES },
      to: { path: '^(src/storefront/|views/)' },
    },
    {
      name: 'services-talk-over-the-network',
      comment: 'Services reach each other over HTTP through src/contracts, never by importing each other.',
      severity: 'error',
      from: { path: '^src/(commerce)/' },
      to: { path: '^src/(pricing|content)/' },
    },
    {
      name: 'pricing-not-other-services',
      severity: 'error',
      from: { path: '^src/pricing/' },
      to: { path: '^src/(commerce|content)/' },
    },
    {
      name: 'content-not-other-services',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { path: '^src/(commerce|pricing)/' },
    },
    {
      name: 'storefront-not-services',
      comment: 'The storefront talks to the services only over the network (src/main.ts embeds them).',
      severity: 'error',
      from: { path: '^src/storefront/' },
      to: { path: SERVICES },
    },
    {
      name: 'backoffice-talks-over-the-network',
      comment: 'The back office reaches the shop only through the commerce /ops API over HTTP: never the services, the storefront or the views.',
      severity: 'error',
      from: { path: '^src/backoffice/' },
      to: { path: '^(src/(storefront|commerce|pricing|content)/|views/|workers/)' },
    },
    {
      name: 'neutral-ground-stays-neutral',
      comment: 'Contracts, stores, screens, i18n and config depend on nothing but each other and packages.',
      severity: 'error',
      from: { path: NEUTRAL },
      to: { path: '^(src/(storefront|commerce|pricing|content|lib)/|views/|workers/)' },
    },
    {
      name: 'lib-stays-shared',
      comment: 'src/lib serves every service: it imports neutral ground and itself only.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^(src/(storefront|commerce|pricing|content)/|views/|workers/)' },
    },
    {
      name: 'workers-not-ui',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(views/|src/storefront/(?!price-hub/))' },
    },
    {
      name: 'commerce-features-through-their-door',
      comment:
        'A commerce feature (a folder of src/commerce) reaches another feature only through its index.ts, the door. ' +
        'The kernel (http/, db/, lib/, auth/) and the files at src/commerce/ itself are shared ground (src/commerce/README.md, Conventions).',
      severity: 'error',
      from: { path: `^src/commerce/(?!${COMMERCE_KERNEL})([^/]+)/` },
      to: {
        path: COMMERCE_FEATURE,
        pathNot: ['^src/commerce/$1/', '^src/commerce/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'commerce-kernel-not-features',
      comment:
        'The commerce kernel (http/, db/, lib/, auth/, mail/ and the files at src/commerce/ but app.ts and main.ts) never imports a feature: ' +
        'the features meet through its hooks (context.ts) and their declared plugin dependencies (src/commerce/README.md, Conventions).',
      severity: 'error',
      from: { path: COMMERCE_KERNEL_FILES },
      to: { path: COMMERCE_FEATURE },
    },
    {
      name: 'commerce-plugin-only-from-app',
      comment:
        "A feature's plugin (<feature>/plugin.ts: its routes and hooks) is registered by src/commerce/app.ts alone; " +
        'what other features may use is its index.ts (service and types).',
      severity: 'error',
      from: { pathNot: '^src/commerce/app\\.ts$' },
      to: { path: `${COMMERCE_FEATURE.slice(0, -1)}/plugin\\.ts$` },
    },
    {
      name: 'no-circular',
      comment:
        'No import circle anywhere (src, views, workers; type-only imports count): a circle makes its modules one unit that loads, ' +
        'tests and changes only together. What two modules both need goes one level down (a kernel, contracts, a shared model).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|test|e2e|data)/' },
    combinedDependencies: false,
    moduleSystems: ['es6'],
  },
};
