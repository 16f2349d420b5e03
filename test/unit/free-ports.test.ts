// test/free-ports.ts: the tests that start a shop take their ports below the kernel's ephemeral range, where no
// outgoing connection of a test running beside them can take one, and never the test PostgreSQL server's port.
import t from 'tap';
import { databasePort, ephemeralLow, freePortBlock, portFree } from '../free-ports.ts';

t.test('a block of free ports below the ephemeral range', async (t) => {
  const base = await freePortBlock(5);
  t.ok(base >= 10_000 && base + 5 <= ephemeralLow(), `${base}-${base + 4} below ${ephemeralLow()}`);
  for (let p = base; p < base + 5; p++) t.ok(await portFree(p), `${p} is free`);
});

t.test('the test PostgreSQL server\'s port: from .ci/run\'s start arguments (which the PGlite run still sees) or the URL', async (t) => {
  const args = "-l /tmp/pg/log -o '-c listen_addresses=127.0.0.1 -p 25432 -k /tmp/pg -c fsync=off -c max_connections=200'";
  t.equal(databasePort({ TEST_PG_START_ARGS: args }), 25432);
  t.equal(databasePort({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:23456/shop_test' }), 23456);
  t.equal(databasePort({ TEST_DATABASE_URL: 'postgres://postgres@db.internal/shop' }), 5432, 'the default port');
  t.equal(databasePort({}), null, 'no server: nothing to avoid');
});
