// One typed configuration, read from the environment once at start-up and validated with TypeBox.
// Defaults describe embedded mode: every upstream runs inside this process tree on loopback.
// A bad value stops start-up with a message naming the variable and what it accepts (ConfigError).
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';

interface VariableDoc {
  schema: TSchema;
  /** what the variable does, for the README table and for error messages */
  doc: string;
  /** what it accepts, in words */
  accepts: string;
}

const onOff = Type.Union([Type.Literal('on'), Type.Literal('off')]);
const url = Type.String({ pattern: '^(https?|wss?)://[^\\s]+$' });
const port = Type.Integer({ minimum: 1, maximum: 65535 });

/** Every environment variable the shop reads. The README's configuration table is generated from this. */
export const variables = {
  NODE_ENV: {
    schema: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], { default: 'development' }),
    doc: 'Runtime mode. production: no /dev/mailbox, minified client bundle, HSTS header, React production build.',
    accepts: 'development | production | test',
  },
  HOST: {
    schema: Type.String({ minLength: 1, default: '0.0.0.0' }),
    doc: 'Interface the storefront listens on. Embedded services always listen on 127.0.0.1.',
    accepts: 'an IP address or host name',
  },
  PORT: {
    schema: Type.Integer({ minimum: 1, maximum: 65531, default: 3000 }),
    doc: 'Storefront port. Embedded services take PORT+1 (commerce), PORT+2 (prices), PORT+3 (content); the embedded back office PORT+4.',
    accepts: 'an integer 1-65531',
  },
  LOG_LEVEL: {
    schema: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'info' }),
    doc: 'pino log level for every process.',
    accepts: 'fatal | error | warn | info | debug | trace | silent',
  },
  DEFAULT_STORE: {
    schema: Type.Union(['at', 'ch', 'de', 'li', 'us'].map((l) => Type.Literal(l)), { default: 'ch' }),
    doc: 'Store for plain localhost and for any host that maps to no store.',
    accepts: 'at | ch | de | li | us',
  },
  STORE_HOSTS: {
    schema: Type.String({ default: '', pattern: '^$|^(at|ch|de|li|us)=[a-z0-9.-]+(\\|[a-z0-9.-]+)*(,(at|ch|de|li|us)=[a-z0-9.-]+(\\|[a-z0-9.-]+)*)*$' }),
    doc: 'Production host names per store, in addition to <key>.localhost. The first host of a store is its canonical host.',
    accepts: 'comma list of key=host[|host...], e.g. ch=www.example.ch,at=www.example.at|example.at',
  },
  TRUST_PROXY: {
    schema: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'off' }),
    doc: 'Behind one reverse proxy: trust its X-Forwarded-For/Proto/Host (the client address is the one the proxy saw, the last X-Forwarded-For entry; entries a client wrote itself before it are ignored). off: the socket address is the client, so behind a proxy on the same host every customer shares one address and one set of per-client limits.',
    accepts: 'on | off',
  },
  RATE_LIMITS: {
    schema: Type.Union([onOff], { default: 'on' }),
    doc: 'Per-client-address limits: registrations, e-mail look-ups, failed sign-ins per address, contact/newsletter/alert forms, and the storefront\'s /api rate limit. No address is exempt. off is for tests that send many requests from one address; refused with NODE_ENV=production.',
    accepts: 'on | off (off not in production)',
  },
  API_RATE_LIMIT: {
    schema: Type.Integer({ minimum: 1, maximum: 1000000, default: 300 }),
    doc: 'Requests per minute one client address may send to the storefront\'s /api, counted once for all storefront instances and workers (in the commerce database, or in Redis with REDIS_URL); more answer 429 too_many_requests with Retry-After.',
    accepts: 'an integer 1-1000000',
  },
  REDIS_URL: {
    schema: Type.String({ default: '', pattern: '^$|^rediss?://[^\\s]+$' }),
    doc: 'Redis for the storefront\'s shared /api budgets (API_RATE_LIMIT), instead of asking the commerce service per request; every storefront instance must name the same one. Empty: the budgets live in the commerce database.',
    accepts: 'redis://[user:password@]host:port[/db], rediss://..., or empty',
  },
  OVERLOAD_EVENT_LOOP_DELAY_MS: {
    schema: Type.Integer({ minimum: 0, maximum: 60000, default: 1000 }),
    doc: 'The storefront sheds load (503 overloaded with Retry-After on pages and /api; /health stays) while the mean event-loop delay of the last second is above this (0: not checked).',
    accepts: 'an integer 0-60000 (milliseconds)',
  },
  OVERLOAD_HEAP_USED_MB: {
    schema: Type.Integer({ minimum: 0, maximum: 1048576, default: 0 }),
    doc: 'The storefront sheds load while its used V8 heap is above this many MiB (0: not checked). Set it below the heap limit (--max-old-space-size).',
    accepts: 'an integer 0-1048576',
  },
  OVERLOAD_RSS_MB: {
    schema: Type.Integer({ minimum: 0, maximum: 1048576, default: 0 }),
    doc: 'The storefront sheds load while its resident memory is above this many MiB (0: not checked). Set it below the container\'s memory limit.',
    accepts: 'an integer 0-1048576',
  },
  MAINTENANCE: {
    schema: Type.Union([onOff], { default: 'off' }),
    doc: 'Maintenance mode: every page but the maintenance page redirects to it (302).',
    accepts: 'on | off',
  },
  COMMERCE_API_URL: {
    schema: Type.Union([url, Type.Literal('')], { default: '' }),
    doc: 'Base URL of an external commerce service. Unset: the embedded one starts on PORT+1.',
    accepts: 'an http(s) URL',
  },
  BACKOFFICE_URL: {
    schema: Type.Union([url, Type.Literal('')], { default: '' }),
    doc: 'Base URL of a back office (the staff web app) run elsewhere: then none starts here. Unset: the embedded back office starts on PORT+4 and talks to the commerce service\'s /ops API.',
    accepts: 'an http(s) URL',
  },
  BACKOFFICE_HOST: {
    schema: Type.String({ minLength: 1, default: '127.0.0.1' }),
    doc: 'Interface the embedded back office listens on. Staff only: loopback by default, reached through a VPN, an SSH tunnel (ssh -L 3004:127.0.0.1:3004) or a TLS reverse proxy that restricts who may connect. Never expose it to the internet.',
    accepts: 'an IP address or host name',
  },
  BACKOFFICE_TRUST_PROXY: {
    schema: Type.Union([onOff], { default: 'off' }),
    doc: 'The back office is reached through one TLS reverse proxy: take the staff member\'s address from the last X-Forwarded-For entry (the one the proxy wrote), so each staff member keeps a sign-in budget of their own. off: the socket address (behind a proxy every staff member shares the proxy\'s one budget of 20 failed sign-ins per 15 minutes). Only with a proxy that appends to X-Forwarded-For and with no other way in.',
    accepts: 'on | off',
  },
  PRICE_SERVICE_URL: {
    schema: Type.Union([Type.String({ pattern: '^https?://[^\\s,]+(,https?://[^\\s,]+)*$' }), Type.Literal('')], { default: '' }),
    doc: 'Base URL of the price service (HTTP; its WebSocket is at /ws on the same host), or several separated by commas: active and standby instances (PRICE_SERVICE_ELECTION); the storefronts hold one socket to the active one and move on to the next URL when it refuses or goes away. Unset: embedded on PORT+2.',
    accepts: 'an http(s) URL, or several separated by commas',
  },
  PRICE_SERVICE_ELECTION: {
    schema: Type.Union([onOff], { default: 'off' }),
    doc: 'on: this machine also runs a price service that takes part in an election through a PostgreSQL advisory lock on DATABASE_URL (which must be postgres://): one instance is active and announces prices, the others stand by and take over within about a second when it is gone. List every instance in PRICE_SERVICE_URL. off: one price service, no election.',
    accepts: 'on | off',
  },
  PRICE_SERVICE_HOST: {
    schema: Type.String({ minLength: 1, default: '127.0.0.1' }),
    doc: 'Address the price service listens on. Loopback by default; for instances on several machines a private address the other machines\' storefronts reach (never a public one).',
    accepts: 'an IP address or host name',
  },
  CMS_API_URL: {
    schema: Type.Union([url, Type.Literal('')], { default: '' }),
    doc: 'Base URL of a Storyblok-compatible Content Delivery API (up to and including /v2). Unset: embedded on PORT+3.',
    accepts: 'an http(s) URL',
  },
  CMS_TOKEN: {
    schema: Type.String({ minLength: 1, default: 'public-dev-token' }),
    doc: 'Public (published) access token for the content API.',
    accepts: 'a non-empty string',
  },
  CMS_PREVIEW_TOKEN: {
    schema: Type.String({ minLength: 1, default: 'preview-dev-token' }),
    doc: 'Preview token: the only token that may read draft stories.',
    accepts: 'a non-empty string',
  },
  CMS_CACHE_TTL_S: {
    schema: Type.Number({ minimum: 0, maximum: 3600, default: 30 }),
    doc: 'Seconds the storefront keeps published stories in memory (0: no cache). Shared by all visitors; draft content is never cached.',
    accepts: 'a number 0-3600',
  },
  CDN_PUBLIC_PAGES: {
    schema: Type.Union([onOff], { default: 'off' }),
    doc: 'Issue 27: on with a CDN in front: public pages served from the page cache to a guest whose request carries no cookie answer Cache-Control: public, max-age=10, s-maxage=60, stale-while-revalidate=60 with Surrogate-Key and Cache-Tag, and set no cookie (the browser gets its CSRF cookie from /api/session on its first API call). off: every page stays private.',
    accepts: 'on | off',
  },
  PURGE_SECRET: {
    schema: Type.String({ default: '' }),
    doc: 'Issue 27: shared secret of the purge call (POST /internal/purge on the storefront, Authorization: Bearer <secret>) that the content service makes on a publish and commerce on a catalogue change. Empty: SERVICE_SECRET (generated per start by `npm start`), else ADMIN_TOKEN; with none of them the purge call refuses everyone (401). Set the same value on the content service and every storefront.',
    accepts: 'a string of at least 24 characters, or empty',
  },
  STOREFRONT_PURGE_URLS: {
    schema: Type.String({ default: '', pattern: '^(https?://[^\\s,]+(,https?://[^\\s,]+)*)?$' }),
    doc: 'Content service and commerce: the purge call of every storefront instance (each machine\'s http://host:port/internal/purge, on the internal network), called on a publish and on a product\'s availability or publication change with the changed keys; each instance tells its own workers. Empty: the storefront on this machine (PORT).',
    accepts: 'empty, or http(s) URLs separated by commas',
  },
  CDN_PURGE_URL: {
    schema: Type.Union([url, Type.Literal('')], { default: '' }),
    doc: 'Content service and commerce: a CDN\'s purge endpoint, called after every storefront instance dropped its pages: POST {"keys": [...]} as JSON with Authorization: Bearer CDN_PURGE_TOKEN (the keys are those of the pages\' Surrogate-Key and Cache-Tag headers). Empty: no CDN is purged.',
    accepts: 'an http(s) URL, or empty',
  },
  CDN_PURGE_TOKEN: {
    schema: Type.String({ default: '' }),
    doc: 'Bearer token sent to CDN_PURGE_URL. Never logged.',
    accepts: 'a string',
  },
  DATABASE_URL: {
    schema: Type.Union([Type.Literal(''), Type.Literal('memory'), Type.String({ pattern: '^postgres(ql)?://' })], { default: '' }),
    doc: 'Commerce database. Unset: PGlite with files under data/; memory: PGlite in memory; postgres://...: a PostgreSQL server.',
    accepts: 'empty | memory | postgres://user@host:port/db',
  },
  DATA_DIR: {
    schema: Type.String({ minLength: 1, default: 'data' }),
    doc: 'Folder for PGlite files when DATABASE_URL is unset.',
    accepts: 'a path',
  },
  DATABASE_POOL_SIZE: {
    schema: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
    doc: 'Connections one commerce process keeps to PostgreSQL at most (DATABASE_URL=postgres://...); a request waits up to 5 s for one, then answers 503. The sum over every commerce process on every machine (COMMERCE_WORKERS x machines x this) must stay below the server\'s max_connections less its reserved ones (PostgreSQL default: 100 - 3), with room for migrations, backups and psql. Unused with PGlite (one connection).',
    accepts: 'an integer 1-200',
  },
  DATA_DIR_MIN_FREE_MB: {
    schema: Type.Integer({ minimum: 0, maximum: 1048576, default: 64 }),
    doc: 'Embedded database (PGlite files under DATA_DIR) only: while the file system under DATA_DIR has less free space than this, commerce refuses every write with 503 database_unavailable, keeps serving reads, and accepts writes again as soon as space returns (a full disk would otherwise hang PGlite for good). 0 turns the guard off. Default 64 (four WAL segments).',
    accepts: 'an integer 0-1048576 (MB)',
  },
  ACCESS_TOKEN_TTL_S: {
    schema: Type.Integer({ minimum: 10, maximum: 86400, default: 3600 }),
    doc: 'Lifetime of access tokens in seconds.',
    accepts: 'an integer 10-86400',
  },
  REFRESH_TOKEN_TTL_S: {
    schema: Type.Integer({ minimum: 60, maximum: 31536000, default: 2592000 }),
    doc: 'Lifetime of refresh tokens in seconds (default 30 days).',
    accepts: 'an integer 60-31536000',
  },
  SMTP_URL: {
    schema: Type.Union([Type.Literal(''), Type.String({ pattern: '^smtps?://' })], { default: '' }),
    doc: 'When set, outbox mails are also sent through this SMTP server.',
    accepts: 'smtp://user:pass@host:port or smtps://...',
  },
  MAIL_FROM: {
    schema: Type.String({ minLength: 3, default: 'Aurum Edelmetalle <service@aurum.example>' }),
    doc: 'Sender of outgoing mails.',
    accepts: 'an address, optionally with a display name',
  },
  PRICE_RECALC_INTERVAL_S: {
    schema: Type.Number({ exclusiveMinimum: 0, maximum: 86400, default: 180 }),
    doc: 'Seconds between price recalculations (spec 9: prices are valid 180 s).',
    accepts: 'a number > 0 (fractions allowed for tests)',
  },
  PRICE_FEED: {
    schema: Type.Union([Type.Literal('simulated'), Type.String({ pattern: '^https?://' })], { default: 'simulated' }),
    doc: 'Spot price source: the deterministic simulated feed, or the URL of a JSON feed adapter.',
    accepts: 'simulated | an http(s) URL',
  },
  PRICE_FEED_SEED: {
    schema: Type.Integer({ minimum: 0, default: 20261122 }),
    doc: 'Seed of the simulated spot-price random walk.',
    accepts: 'a non-negative integer',
  },
  STOREFRONT_WORKERS: {
    schema: Type.Integer({ minimum: 0, maximum: 64, default: 0 }),
    doc: 'Storefront processes `npm start` runs on PORT (they share it with SO_REUSEPORT; each keeps one upstream price connection). 0: one per core (os.availableParallelism()) on Linux and FreeBSD, one elsewhere.',
    accepts: 'an integer 0-64',
  },
  STOREFRONT_METRICS_PORT: {
    schema: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
    doc: 'When set, storefront worker N also answers Prometheus\' GET /metrics on HOST:STOREFRONT_METRICS_PORT+N (the workers share PORT, where a scrape reaches any one of them): scrape every worker there. Loopback or `Authorization: Bearer <ADMIN_TOKEN>` only, like every part\'s /metrics. 0: PORT/metrics only (enough with one worker).',
    accepts: 'an integer 0-65535',
  },
  COMMERCE_WORKERS: {
    schema: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
    doc: 'Commerce processes `npm start` runs on PORT+1 when DATABASE_URL names a PostgreSQL server. With PGlite commerce is always one process (the database files have one owner).',
    accepts: 'an integer 1-64',
  },
  SUPERVISOR_LIVENESS_INTERVAL_MS: {
    schema: Type.Integer({ minimum: 0, maximum: 600000, default: 5000 }),
    doc: 'How often `npm start`\'s supervisor asks every part\'s process whether it is alive (over its IPC channel; the answer needs the process\'s event loop). A process that misses SUPERVISOR_LIVENESS_FAILURES answers in a row is killed and started again with back-off. 0: no polling.',
    accepts: 'an integer 0-600000',
  },
  SUPERVISOR_LIVENESS_FAILURES: {
    schema: Type.Integer({ minimum: 1, maximum: 100, default: 3 }),
    doc: 'Missed liveness answers in a row after which the supervisor restarts a part\'s process (see SUPERVISOR_LIVENESS_INTERVAL_MS).',
    accepts: 'an integer 1-100',
  },
  PRICE_SOCKETS_MAX: {
    schema: Type.Integer({ minimum: 0, maximum: 1000000, default: 15000 }),
    doc: 'Most live-price WebSockets (browsers) one storefront process holds; more are refused with 503, and those pages retry every 10 s and meanwhile fetch new prices by request when theirs expire. Each socket takes one file descriptor: keep it below the open-file limit.',
    accepts: 'an integer 0-1000000',
  },
  ADMIN_TOKEN: {
    schema: Type.String({ default: '' }),
    doc: 'Bearer token for admin calls (POST /admin/recalculate) from other than loopback. Commerce also accepts it as the service credential in x-service-token (SERVICE_SECRET), and the storefront and back office send it there when no SERVICE_SECRET is set. Empty: loopback only.',
    accepts: 'a string of at least 24 characters, or empty',
  },
  SERVICE_SECRET: {
    schema: Type.String({ default: '' }),
    doc: 'Shared secret the storefront and the back office send to the commerce service (x-service-token, compared in constant time) so it believes the client address they forward in x-client-ip (per-address limits, the staff\'s sign-in budget); nobody else may name an address. Empty: `npm start` and `tsx src/main.ts` generate one at each start for the parts they run (never logged); set the same value on every part when the storefront, the back office or commerce run as separate services (ADMIN_TOKEN is accepted as well).',
    accepts: 'a string of at least 24 characters, or empty',
  },
  OPS_DEMO_PASSWORD: {
    schema: Type.String({ minLength: 12, maxLength: 200, default: 'Demo-Operator-2026' }),
    doc: 'Password of the demo operators (admin@, finance@, warehouse@, support@ops.example) the commerce service creates at start-up when they are missing, outside production only (an existing one keeps its password). In production there are none: create the first admin with `npm run ops:create-admin`.',
    accepts: '12-200 characters',
  },
  FOUR_EYES_PAYOUT_THRESHOLDS: {
    schema: Type.String({ default: '', pattern: '^([A-Z]{3}=\\d{1,9}(\\.\\d{2})?)?(,[A-Z]{3}=\\d{1,9}(\\.\\d{2})?)*$' }),
    doc: 'Issue 26: a payout above this amount is prepared by one finance operator and released by another (four eyes), per currency, e.g. EUR=10000.00,CHF=5000.00. A currency not named: 10000.00.',
    accepts: 'empty or CUR=amount pairs separated by commas',
  },
  ANALYTICS_CONTAINER_ID: {
    schema: Type.String({ default: '', pattern: '^(GTM-[A-Z0-9]{4,12})?$' }),
    doc: 'Google Tag Manager container loaded in the browser with consent-mode defaults denied (spec 1), in production only. Empty: no analytics.',
    accepts: 'empty or a container id such as GTM-ABC1234',
  },
  BUILD_ID: {
    schema: Type.String({ default: '' }),
    doc: 'Build identifier published in /builds/latest.json. Empty: the hash of the client bundle.',
    accepts: 'a string',
  },
} satisfies Record<string, VariableDoc>;

type Vars = typeof variables;
export type Config = { [K in keyof Vars]: Static<Vars[K]['schema']> };

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(message);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/** Reads and validates the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(variables) as [string, VariableDoc][]) {
    const raw = env[name];
    const given = raw === undefined || raw === '' ? undefined : raw.trim();
    let value: unknown = given === undefined ? Value.Default(v.schema, undefined) : Value.Convert(v.schema, given);
    if (given === undefined && value === undefined) value = '';
    // TypeBox's conversion makes an integer of "2.5" (2), "0x10" (16) and "1e1" (10): a whole number is written
    // as digits, and anything else is refused rather than read as something the operator did not write.
    const wholeNumber = (v.schema as { type?: unknown }).type === 'integer';
    if ((wholeNumber && given !== undefined && !/^[+-]?\d+$/.test(given)) || !Value.Check(v.schema, value)) {
      throw new ConfigError(name, `Invalid ${name}=${JSON.stringify(raw)}: accepts ${v.accepts}.`);
    }
    out[name] = value;
  }
  // Decision: limits cannot be switched off in production; a forgotten test setting must not reach customers.
  if (out.RATE_LIMITS === 'off' && out.NODE_ENV === 'production') {
    throw new ConfigError('RATE_LIMITS', 'Invalid RATE_LIMITS="off": per-client limits cannot be switched off with NODE_ENV=production.');
  }
  if (out.PRICE_SERVICE_ELECTION === 'on' && (!/^postgres(ql)?:\/\//.test(String(out.DATABASE_URL)) || out.PRICE_SERVICE_URL === '')) {
    throw new ConfigError('PRICE_SERVICE_ELECTION', 'Invalid PRICE_SERVICE_ELECTION="on": the election needs DATABASE_URL=postgres://... and PRICE_SERVICE_URL listing every price service.');
  }
  if (out.ADMIN_TOKEN !== '' && String(out.ADMIN_TOKEN).length < 24) {
    throw new ConfigError('ADMIN_TOKEN', `Invalid ADMIN_TOKEN: accepts ${variables.ADMIN_TOKEN.accepts}.`);
  }
  if (out.PURGE_SECRET !== '' && String(out.PURGE_SECRET).length < 24) {
    throw new ConfigError('PURGE_SECRET', `Invalid PURGE_SECRET: accepts ${variables.PURGE_SECRET.accepts}.`);
  }
  if (out.SERVICE_SECRET !== '' && String(out.SERVICE_SECRET).length < 24) {
    throw new ConfigError('SERVICE_SECRET', `Invalid SERVICE_SECRET: accepts ${variables.SERVICE_SECRET.accepts}.`);
  }
  return out as Config;
}

export function servicePorts(config: Pick<Config, 'PORT'>) {
  return { storefront: config.PORT, commerce: config.PORT + 1, pricing: config.PORT + 2, content: config.PORT + 3, backoffice: config.PORT + 4 };
}

/** The README's configuration table (`npx tsx src/config.ts` prints it). */
export function configTable(): string {
  const rows = Object.entries(variables as Record<string, VariableDoc>).map(([name, v]) => {
    const d = Value.Default(v.schema, undefined);
    const def = d === undefined || d === '' ? '(empty)' : `\`${String(d)}\``;
    const cell = (x: string) => x.replace(/\|/g, '\\|');
    return `| \`${name}\` | ${cell(def)} | ${cell(v.accepts)} | ${cell(v.doc)} |`;
  });
  return ['| Variable | Default | Accepts | What it does |', '|---|---|---|---|', ...rows].join('\n');
}

// (.ts: a bundle of the server, whose entry is another module, has this line too)
if (import.meta.url.endsWith('.ts') && import.meta.url === `file://${process.argv[1]}`) console.log(configTable());
