import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.ts';

t.test('defaults describe embedded mode on port 3000', async (t) => {
  const c = loadConfig({});
  t.equal(c.PORT, 3000);
  t.equal(c.COMMERCE_API_URL, '');
  t.equal(c.DEFAULT_STORE, 'ch');
  t.equal(c.PRICE_RECALC_INTERVAL_S, 180);
});

t.test('a bad value names the variable and what it accepts', async (t) => {
  t.throws(() => loadConfig({ PORT: 'abc' }), { name: 'ConfigError', variable: 'PORT', message: /PORT.*integer/ });
  t.throws(() => loadConfig({ MAINTENANCE: 'yes' }), { variable: 'MAINTENANCE', message: /on \| off/ });
  t.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), { name: 'ConfigError', variable: 'DATABASE_URL' });
  t.throws(() => loadConfig({ DEFAULT_STORE: 'fr' }), ConfigError);
  // issue 27: the commerce pool is a setting, checked before it is used
  t.equal(loadConfig({}).DATABASE_POOL_SIZE, 10);
  t.equal(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE, 25);
  for (const bad of ['0', '201', '2.5', '0x10', '1e1', 'many']) t.throws(() => loadConfig({ DATABASE_POOL_SIZE: bad }), { variable: 'DATABASE_POOL_SIZE', message: /DATABASE_POOL_SIZE.*1-200/ });
  t.throws(() => loadConfig({ ADMIN_TOKEN: 'short' }), { name: 'ConfigError', variable: 'ADMIN_TOKEN' });
});

t.test('values are converted to their types', async (t) => {
  const c = loadConfig({ PORT: '4100', PRICE_RECALC_INTERVAL_S: '0.5', MAINTENANCE: 'on' });
  t.equal(c.PORT, 4100);
  t.equal(c.PRICE_RECALC_INTERVAL_S, 0.5);
  t.equal(c.MAINTENANCE, 'on');
});
