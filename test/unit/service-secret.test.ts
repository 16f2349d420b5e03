// Issue 23: the service credential that lets the storefront and the back office name a client address:
// compared exactly, generated for embedded parts when none is configured (never for a commerce service run
// elsewhere), handed to the supervisor's children, and sent by the back office only together with it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { loadConfig } from '../../src/config.ts';
import { newServiceSecret, provesServiceCredential, serviceCredential, withServiceSecret } from '../../src/lib/service-secret.ts';
import { partsEnv } from '../../src/supervisor.ts';
import { opsClient } from '../../src/backoffice/ops-client.ts';

const SECRET = 'a-service-secret-of-32-characters';
const ADMIN = 'an-admin-token-of-at-least-24-chars';

t.test('only the configured secret (or ADMIN_TOKEN) proves the credential', async (t) => {
  const both = { SERVICE_SECRET: SECRET, ADMIN_TOKEN: ADMIN };
  t.ok(provesServiceCredential(SECRET, both));
  t.ok(provesServiceCredential(ADMIN, both), 'ADMIN_TOKEN counts as well');
  for (const given of [undefined, '', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase(), [SECRET], 42]) {
    t.notOk(provesServiceCredential(given, both), `not ${JSON.stringify(given)}`);
  }
  t.notOk(provesServiceCredential('', { SERVICE_SECRET: '', ADMIN_TOKEN: '' }), 'with none configured nothing proves it');
  t.notOk(provesServiceCredential(SECRET, { SERVICE_SECRET: '', ADMIN_TOKEN: '' }));
  t.equal(serviceCredential(both), SECRET, 'parts send SERVICE_SECRET first');
  t.equal(serviceCredential({ SERVICE_SECRET: '', ADMIN_TOKEN: ADMIN }), ADMIN);
  t.equal(serviceCredential({ SERVICE_SECRET: '', ADMIN_TOKEN: '' }), undefined);
});

t.test('embedded parts get a secret of their own at each start; a configured one or an external commerce service is left alone', async (t) => {
  const embedded = loadConfig({});
  const a = withServiceSecret(embedded);
  const b = withServiceSecret(embedded);
  t.ok(a.SERVICE_SECRET.length >= 40, 'a 32-byte random secret');
  t.not(a.SERVICE_SECRET, b.SERVICE_SECRET, 'a new one per start');
  t.equal(embedded.SERVICE_SECRET, '', 'the loaded configuration is not changed');
  const configured = loadConfig({ SERVICE_SECRET: SECRET });
  t.equal(withServiceSecret(configured).SERVICE_SECRET, SECRET);
  const external = loadConfig({ COMMERCE_API_URL: 'https://commerce.example.internal' });
  t.equal(withServiceSecret(external).SERVICE_SECRET, '', 'a commerce service elsewhere would not know a generated one');
  t.not(newServiceSecret(), newServiceSecret());
});

t.test('the supervisor hands the generated secret to its children, the same to each', async (t) => {
  const env = partsEnv(loadConfig({}), { PATH: '/usr/bin' });
  t.ok(typeof env.SERVICE_SECRET === 'string' && env.SERVICE_SECRET.length >= 40);
  t.equal(env.PATH, '/usr/bin', 'the rest of the environment is kept');
  t.equal(loadConfig(env as Record<string, string>).SERVICE_SECRET, env.SERVICE_SECRET, 'each part reads it back');
  const given = { SERVICE_SECRET: SECRET };
  t.equal(partsEnv(loadConfig(given), given), given, 'a configured secret is the one used');
  t.equal(partsEnv(loadConfig({ COMMERCE_API_URL: 'https://c.example' }), {}).SERVICE_SECRET, undefined);
});

t.test('a short SERVICE_SECRET stops start-up without showing it', async (t) => {
  t.throws(() => loadConfig({ SERVICE_SECRET: 'short-secret' }), { name: 'ConfigError', variable: 'SERVICE_SECRET' });
  try {
    loadConfig({ SERVICE_SECRET: 'short-secret' });
  } catch (err) {
    t.notMatch((err as Error).message, 'short-secret');
  }
  t.equal(loadConfig({}).SERVICE_SECRET, '');
});

t.test('the back office forwards the staff member\'s address only together with the credential', async (t) => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = { email: 'staff@ops.example', password: 'x' };
  await opsClient(url, SECRET).login(signIn, '192.0.2.7');
  await opsClient(url, SECRET).me('op_x');
  await opsClient(url).login(signIn, '192.0.2.7');
  t.equal(seen[0]['x-client-ip'], '192.0.2.7');
  t.equal(seen[0]['x-service-token'], SECRET);
  t.notOk(seen[1]['x-service-token'], 'calls that forward no address carry no secret');
  t.notOk(seen[2]['x-client-ip'], 'without a credential no address is sent (it would be ignored)');
});
