// The direction of dependencies (ARCHITECTURE.md), checked by `npm run check:deps` in `npm test`:
//
//   src/main.ts ──▶ src/storefront ──▶ views/server.tsx (render entry only) ──▶ views ──▶ client (hooks, lib)
//   client ──▶ views (pages, router)
//   everything ──▶ neutral ground: src/contracts, src/stores.ts, src/screens.ts, src/i18n.ts, src/config.ts
//   src/commerce, src/pricing, src/content ──▶ src/contracts, src/lib (never the storefront, views or each other)
//   src/commerce/<feature>/ ──▶ another feature only through its index.ts; the kernel (http, db, lib, auth) is shared
//   src/backoffice ──▶ src/contracts, src/lib, neutral ground (the shop only over HTTP: the commerce /ops API)
//
// Type-only imports count: a type from the wrong side is a dependency on it all the same.
const SERVICES = '^src/(commerce|pricing|content)/';
// The commerce kernel: shared ground of the commerce features (every other folder of src/commerce is a feature).
const COMMERCE_KERNEL = '(?:http|db|lib|auth)/';
const NEUTRAL = '^src/(contracts/|stores\\.ts$|screens\\.ts$|i18n\\.ts$|config\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'views-client-not-server',
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
      to: { path: '^(views/|client/)', pathNot: '^views/server\\.tsx$' },
    },
    {
      name: 'services-not-storefront',
      comment: 'A service never imports the storefront, views or the browser code.',
      severity: 'error',
      from: { path: SERVICES },
      to: { path: '^(src/storefront/|views/|client/)' },
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
      to: { path: '^(src/(storefront|commerce|pricing|content)/|views/|client/|workers/)' },
    },
    {
      name: 'neutral-ground-stays-neutral',
      comment: 'Contracts, stores, screens, i18n and config depend on nothing but each other and packages.',
      severity: 'error',
      from: { path: NEUTRAL },
      to: { path: '^(src/(storefront|commerce|pricing|content|lib)/|views/|client/|workers/)' },
    },
    {
      name: 'lib-stays-shared',
      comment: 'src/lib serves every service: it imports neutral ground and itself only.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^(src/(storefront|commerce|pricing|content)/|views/|client/|workers/)' },
    },
    {
      name: 'workers-not-ui',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(views/|client/|src/storefront/(?!price-hub/))' },
    },
    {
      name: 'commerce-features-through-their-door',
      comment:
        'A commerce feature (a folder of src/commerce) reaches another feature only through its index.ts, the door. ' +
        'The kernel (http/, db/, lib/, auth/) and the files at src/commerce/ itself are shared ground (src/commerce/README.md, Conventions).',
      severity: 'error',
      from: { path: `^src/commerce/(?!${COMMERCE_KERNEL})([^/]+)/` },
      to: {
        path: `^src/commerce/(?!${COMMERCE_KERNEL})[^/]+/`,
        pathNot: ['^src/commerce/$1/', '^src/commerce/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular-across-layers',
      comment: 'No import circle may cross the storefront/views boundary.',
      severity: 'error',
      from: { path: '^src/storefront/' },
      to: { circular: true, path: '^(views|client)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|test|e2e|data)/' },
    combinedDependencies: false,
    moduleSystems: ['es6'],
  },
};
