// `npm run test:pg`: the database-backed suites (commerce, catalogue, carts and orders, account features) once more, against the PostgreSQL
// server named by TEST_DATABASE_URL. Without it there is nothing to run here (npm test's tap run already
// covered PGlite), and it says so.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('test:pg skipped: set TEST_DATABASE_URL=postgres://... to run the commerce, catalogue, order and account suites on PostgreSQL');
  process.exit(0);
}
console.log(`test:pg: commerce, catalogue, order and account suites on ${url.replace(/\/\/[^@]*@/, '//…@')}`);
const res = spawnSync('tap', ['test/commerce', 'test/catalogue', 'test/orders', 'test/account'], { stdio: 'inherit', env: process.env });
process.exit(res.status ?? 1);
