// The test folders that use the commerce database (commerce, catalogue, carts and orders, account features,
// operators, lifecycle, documents) and the price services' election: `npm run test:pg` runs them on the
// PostgreSQL server of TEST_DATABASE_URL (test/postgres.ts), and npm test's tap run on PGlite leaves them to
// it when that server is there (scripts/test-suites.ts).
export const PG_SUITES = ['test/commerce', 'test/catalogue', 'test/orders', 'test/account', 'test/ops', 'test/lifecycle', 'test/documents', 'test/pricing/failover.test.ts'];
