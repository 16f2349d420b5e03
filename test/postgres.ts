// `npm run test:pg`: the database-backed suites (commerce, catalogue, carts and orders, account features, operators, documents,
// the price services' election)
// once more, against the PostgreSQL server named by TEST_DATABASE_URL, then the database restart test
// (test/pg-restart) on its own. Without TEST_DATABASE_URL there is nothing to run here (npm test's tap run
// already covered PGlite), and it says so.
import { spawnSync } from 'node:child_process';
import { PG_SUITES } from './pg-suites.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('test:pg skipped: set TEST_DATABASE_URL=postgres://... to run the commerce, catalogue, order and account suites on PostgreSQL');
  process.exit(0);
}
console.log(`test:pg: commerce, catalogue, order and account suites on ${url.replace(/\/\/[^@]*@/, '//…@')}`);
const res = spawnSync('tap', PG_SUITES, { stdio: 'inherit', env: process.env });
// Then, alone (it stops and starts the server, so nothing may run beside it), the database restart test.
// It needs to control the server: TEST_PG_CTL and TEST_PG_START_ARGS (.ci/run sets them).
let restart = 0;
if (!process.env.TEST_PG_CTL) {
  console.log('test:pg: database restart test skipped: set TEST_PG_CTL (and TEST_PG_START_ARGS) to let it stop and start the server (README, "The database may restart")');
} else {
  console.log('test:pg: database restart test (stops and starts the server several times)');
  restart = spawnSync('tap', ['--timeout=300', 'test/pg-restart'], { stdio: 'inherit', env: process.env }).status ?? 1;
}
process.exit(res.status === 0 ? restart : (res.status ?? 1));
