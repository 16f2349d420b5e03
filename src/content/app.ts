// The content service: a subset of Storyblok's Content Delivery API v2 serving the shop's stories, so
// that storyblok-js-client works against it unmodified (endpoint: http://host:port/v2). It never listens;
// main.ts does. What it answers, and where it departs from Storyblok, is in README.md.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError, createService, errorBody } from '../lib/service.ts';
import {
  bool, compileFilter, contentText, int, list, parseDate, parseQueryString, parseSort, QueryError, slugMatcher, sortStories, str,
  type QueryObject,
} from './query.ts';
import { createRateLimiter } from './rate-limit.ts';
import {
  hrefFor, loadRepository, type ApiStory, type ContentLang, type ContentRepository, type ContentVersion, type ContentView,
  type FolderRecord, type StoryRecord,
} from './repository.ts';

export interface ContentAppOptions {
  /** public token: published content only */
  publicToken: string;
  /** preview token: published and draft content */
  previewToken: string;
  /** folder with shared/ and domains/ (default: src/content/stories) */
  storiesDir?: string;
  logger?: FastifyServerOptions['logger'];
  logLevel?: string;
  /** requests per second per token (per client address without a valid token); default 50 */
  rateLimitPerSecond?: number;
}

/** Storyblok's paging limits (stories: default 25, max 100; links: max 1000). */
const STORIES_PER_PAGE = { default: 25, max: 100 };
const LINKS_PER_PAGE = { default: 25, max: 1000 };
/** Storyblok returns at most 50 resolved relations or links inline; beyond that only their uuids. */
const MAX_INLINE_RESOLVED = 50;
/** Published responses may be cached briefly by a CDN or proxy; draft never (editors expect changes at once). */
const PUBLISHED_CACHE = 'public, max-age=60, stale-while-revalidate=60';
/** Storyblok caches spaces/me for 2 s: it is how clients learn the newest cv. */
const SPACE_CACHE = 'public, max-age=2';

const COMMON = ['token', 'version', 'cv'];
const STORY_PARAMS = new Set([
  ...COMMON, 'find_by', 'language', 'fallback_lang', 'resolve_relations', 'resolve_level', 'resolve_links', 'resolve_links_level',
  'resolve_assets', 'from_release', 'excluding_fields', 'excluding_story_fields',
]);
const STORIES_PARAMS = new Set([
  ...STORY_PARAMS, 'starts_with', 'by_slugs', 'excluding_slugs', 'by_uuids', 'by_uuids_ordered', 'by_ids', 'excluding_ids',
  'filter_query', 'sort_by', 'per_page', 'page', 'with_tag', 'is_startpage', 'search_term', 'level', 'content_type',
  'first_published_at_gt', 'first_published_at_lt', 'published_at_gt', 'published_at_lt', 'updated_at_gt', 'updated_at_lt',
  'in_workflow_stages',
]);
const LINKS_PARAMS = new Set([...COMMON, 'starts_with', 'with_parent', 'include_dates', 'page', 'per_page', 'paginated', 'sort_by']);
const TAGS_PARAMS = new Set([...COMMON, 'starts_with']);
const SPACE_PARAMS = new Set([...COMMON]);
const EXCLUDABLE_STORY_FIELDS = new Set([
  'alternates', 'created_at', 'default_full_slug', 'first_published_at', 'group_id', 'is_startpage', 'lang', 'meta_data', 'parent_id',
  'path', 'position', 'published_at', 'release_id', 'sort_by_date', 'tag_list', 'taxonomy_terms', 'translated_slugs', 'updated_at',
]);

interface Gate {
  q: QueryObject;
  version: ContentVersion;
  lang: ContentLang;
  view: ContentView;
}

export function buildContentApp(opts: ContentAppOptions): FastifyInstance {
  if (!opts.publicToken || !opts.previewToken) throw new Error('content: publicToken and previewToken are required');
  if (opts.publicToken === opts.previewToken) throw new Error('content: the preview token must differ from the public token');
  const repo = loadRepository(opts.storiesDir);
  const limiter = createRateLimiter(opts.rateLimitPerSecond ?? 50);
  const app = createService({ name: 'content', logger: opts.logger, logLevel: opts.logLevel });

  app.get('/health', async () => ({ status: 'ok', service: 'content', stories: repo.records.length }));

  void app.register(async (v2) => {
    v2.setErrorHandler((err, req, reply) => {
      const body = err instanceof QueryError ? errorBody(new AppError(422, 'invalid_parameter', err.message)) : errorBody(err);
      if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
      const retryAfter = err instanceof AppError ? (err.details as { retryAfter?: number } | undefined)?.retryAfter : undefined;
      if (body.statusCode === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      delete body.details;
      return sendJson(req, reply, body.statusCode, { error: body.message, ...body }, 'no-store');
    });
    v2.setNotFoundHandler((req, reply) => {
      const msg = `Route ${req.method} ${req.url.split('?')[0]} not found`;
      return sendJson(req, reply, 404, { error: msg, statusCode: 404, code: 'not_found', message: msg }, 'no-store');
    });

    // CORS as Storyblok's CDN: published content is public, the token travels in the query string
    v2.addHook('onRequest', async (req, reply) => {
      void reply.header('access-control-allow-origin', '*');
      void reply.header('access-control-expose-headers', 'total, per-page, etag');
      const token = new URLSearchParams(rawQuery(req)).get('token') ?? '';
      const key = tokenKind(token) ? `token:${token}` : `ip:${req.ip}`;
      const take = limiter.take(key);
      void reply.header('x-ratelimit', `"concurrent-requests";r=${take.remaining}`);
      void reply.header('x-ratelimit-policy', `"concurrent-requests";q=${limiter.ratePerSecond}`);
      if (!take.allowed) {
        throw new AppError(429, 'rate_limited', 'Too many requests: slow down and retry shortly', { retryAfter: take.retryAfterS });
      }
    });

    v2.get('/cdn/stories', async (req, reply) => listStories(req, reply));
    v2.get('/cdn/stories/*', async (req, reply) => {
      const ref = ((req.params as Record<string, string>)['*'] ?? '').replace(/\/+$/, '');
      // cdn/stories/ (trailing slash, as in Storyblok's own examples) is the list
      if (ref === '') return listStories(req, reply);
      return oneStory(req, reply, ref);
    });
    v2.get('/cdn/links', async (req, reply) => links(req, reply));
    v2.get('/cdn/links/:uuid', async (req, reply) => {
      const g = gate(req, LINKS_PARAMS);
      const uuid = (req.params as { uuid: string }).uuid;
      const all = linkObjects(g, bool(g.q, 'include_dates') ?? false);
      const link = all.find((l) => l.uuid === uuid);
      if (!link) throw new AppError(404, 'link_not_found', 'This record could not be found');
      return sendJson(req, reply, 200, { link }, cacheFor(g.version));
    });
    v2.get('/cdn/tags', async (req, reply) => {
      const g = gate(req, TAGS_PARAMS);
      const prefix = cleanPrefix(str(g.q, 'starts_with'));
      const counts = new Map<string, number>();
      for (const s of g.view.stories) {
        if (prefix && !s.full_slug.startsWith(prefix)) continue;
        for (const t of s.tag_list) counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      const tags = [...counts].sort(([a], [b]) => a.localeCompare(b, 'de')).map(([name, taggings_count]) => ({ name, taggings_count }));
      return sendJson(req, reply, 200, { tags }, cacheFor(g.version));
    });
    v2.get('/cdn/spaces/me', async (req, reply) => {
      const q = parseQuery(req);
      checkParams(q, SPACE_PARAMS);
      authenticate(q);
      checkCv(q);
      return sendJson(req, reply, 200, {
        space: { id: 4242001, name: 'Aurum Edelmetalle', domain: 'http://localhost/', version: repo.cv, language_codes: ['en'] },
      }, SPACE_CACHE);
    });
  }, { prefix: '/v2' });

  // ---------------------------------------------------------------------------------------------

  function tokenKind(token: string): 'public' | 'preview' | null {
    if (safeEqual(token, opts.previewToken)) return 'preview';
    if (safeEqual(token, opts.publicToken)) return 'public';
    return null;
  }

  function authenticate(q: QueryObject): 'public' | 'preview' {
    const token = str(q, 'token');
    if (token === undefined || token === '') throw new AppError(401, 'token_missing', 'Unauthorized: the token parameter is missing');
    const kind = tokenKind(token);
    if (!kind) throw new AppError(401, 'token_invalid', 'Unauthorized: the token is not valid for this space');
    return kind;
  }

  /** Everything a content call checks first: token, parameters, version and language. */
  function gate(req: FastifyRequest, allowed: Set<string>): Gate {
    const q = parseQuery(req);
    const kind = authenticate(q);
    checkParams(q, allowed);
    checkCv(q);
    const v = str(q, 'version') || 'published';
    if (v !== 'published' && v !== 'draft') throw new QueryError('version', 'Parameter version must be published or draft');
    if (v === 'draft' && kind !== 'preview') {
      throw new AppError(401, 'preview_token_required', 'Unauthorized: draft content needs the preview token');
    }
    // Decision: German is the space's default language; "de" and "default" name it, and like Storyblok
    // an unknown language code answers the default language rather than failing the page.
    const lang: ContentLang = str(q, 'language') === 'en' ? 'en' : 'default';
    return { q, version: v, lang, view: repo.view(v, lang) };
  }

  function listStories(req: FastifyRequest, reply: FastifyReply) {
    const g = gate(req, STORIES_PARAMS);
    const { q } = g;
    const perPage = int(q, 'per_page', 1, STORIES_PER_PAGE.max, STORIES_PER_PAGE.default);
    const page = int(q, 'page', 1, 1_000_000, 1);
    const sort = parseSort(str(q, 'sort_by'));
    const filter = compileFilter(q.filter_query);
    const conditions = storyConditions(q);
    const matching = g.view.stories.filter((s) => conditions.every((c) => c(s)) && (!filter || filter(s.content)));
    let ordered = sort.length ? sortStories(matching, sort, g.lang) : sortStories(matching, [], g.lang);
    const orderedUuids = list(str(q, 'by_uuids_ordered'));
    if (orderedUuids.length && !sort.length) {
      const rank = new Map(orderedUuids.map((u, i) => [u, i]));
      ordered = [...ordered].sort((a, b) => (rank.get(a.uuid) ?? 0) - (rank.get(b.uuid) ?? 0));
    }
    const pageItems = ordered.slice((page - 1) * perPage, page * perPage);
    const body = { stories: pageItems.map((s) => shape(s, q)), cv: repo.cv, ...resolveAll(g, pageItems) };
    void reply.header('total', String(ordered.length));
    void reply.header('per-page', String(perPage));
    return sendJson(req, reply, 200, body, cacheFor(g.version));
  }

  function oneStory(req: FastifyRequest, reply: FastifyReply, ref: string) {
    const g = gate(req, STORY_PARAMS);
    const findBy = str(g.q, 'find_by');
    if (findBy !== undefined && findBy !== 'uuid') throw new QueryError('find_by', 'Parameter find_by accepts only uuid');
    let story: ApiStory | undefined;
    if (findBy === 'uuid' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(ref)) story = g.view.byUuid.get(ref);
    else if (/^\d{1,12}$/.test(ref)) story = g.view.byId.get(Number(ref));
    else story = g.view.bySlug.get(ref);
    if (!story) throw new AppError(404, 'story_not_found', 'This record could not be found');
    return sendJson(req, reply, 200, { story: shape(story, g.q), cv: repo.cv, ...resolveAll(g, [story]) }, cacheFor(g.version));
  }

  function links(req: FastifyRequest, reply: FastifyReply) {
    const g = gate(req, LINKS_PARAMS);
    const { q } = g;
    const includeDates = bool(q, 'include_dates') ?? false;
    const prefix = cleanPrefix(str(q, 'starts_with'));
    const withParent = str(q, 'with_parent');
    if (withParent !== undefined && !/^\d{1,12}$/.test(withParent)) throw new QueryError('with_parent', 'Parameter with_parent must be a folder id (0 for the root)');
    const perPage = int(q, 'per_page', 1, LINKS_PER_PAGE.max, LINKS_PER_PAGE.default);
    const page = int(q, 'page', 1, 1_000_000, 1);
    bool(q, 'paginated');
    const sort = str(q, 'sort_by');
    if (sort !== undefined && sort !== '' && !/^(name|slug|position|id|created_at|published_at|updated_at):(asc|desc)$/.test(sort)) {
      throw new QueryError('sort_by', 'Parameter sort_by for links accepts name, slug, position, id, created_at, published_at or updated_at with :asc or :desc');
    }
    let all = linkObjects(g, includeDates).filter((l) => (!prefix || l.slug.startsWith(prefix))
      && (withParent === undefined || (l.parent_id ?? 0) === Number(withParent)));
    if (sort) {
      const [field, dir] = sort.split(':');
      const collator = new Intl.Collator('de', { numeric: true });
      all = [...all].sort((a, b) => {
        const va = (a as unknown as Record<string, unknown>)[field];
        const vb = (b as unknown as Record<string, unknown>)[field];
        const d = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va ?? ''), String(vb ?? ''));
        return dir === 'desc' ? -d : d;
      });
    }
    const pageItems = all.slice((page - 1) * perPage, page * perPage);
    void reply.header('total', String(all.length));
    void reply.header('per-page', String(perPage));
    return sendJson(req, reply, 200, { links: Object.fromEntries(pageItems.map((l) => [l.uuid, l])) }, cacheFor(g.version));
  }

  /** Link objects of folders (always) and of the stories visible in the version, in tree order. */
  function linkObjects(g: Gate, includeDates: boolean): LinkObject[] {
    const out: LinkObject[] = repo.folders.map((f) => folderLink(f));
    const byUuid = new Map(repo.records.map((r) => [r.uuid, r]));
    for (const s of g.view.stories) out.push(storyLink(byUuid.get(s.uuid)!, s, g.version, includeDates, 'default'));
    return out.sort((a, b) => a.slug.localeCompare(b.slug));
  }

  function storyLink(r: StoryRecord, s: ApiStory, version: ContentVersion, includeDates: boolean, lang: ContentLang): LinkObject {
    const de = pathOf(repo.view(version, 'default').byUuid.get(s.uuid));
    const en = pathOf(repo.view(version, 'en').byUuid.get(s.uuid));
    const link: LinkObject = {
      id: s.id, uuid: s.uuid, slug: s.full_slug, path: de, parent_id: s.parent_id, name: s.name, is_folder: false,
      published: r.published !== null, is_startpage: s.is_startpage, position: s.position, real_path: hrefFor(r, lang),
      alternates: en === null ? [] : [{ path: en, name: null, lang: 'en', published: r.published !== null, translated_slug: s.slug }],
    };
    if (includeDates) Object.assign(link, { created_at: s.created_at, published_at: s.published_at, updated_at: s.updated_at });
    return link;
  }

  /** resolve_relations and resolve_links for the stories of one response. */
  function resolveAll(g: Gate, stories: readonly ApiStory[]): Record<string, unknown> {
    const out: Record<string, unknown> = { rels: [], links: [] };
    const relSpec = list(str(g.q, 'resolve_relations'));
    for (const r of relSpec) {
      if (!/^([\w-]+|\*)\.[\w-]+$/.test(r)) throw new QueryError('resolve_relations', `resolve_relations takes component.field pairs, e.g. article.author (got "${r}")`);
    }
    if (relSpec.length) {
      const uuids = collectRelations(stories, relSpec);
      const found = uuids.filter((u) => g.view.byUuid.has(u));
      if (found.length > MAX_INLINE_RESOLVED) out.rel_uuids = found;
      else out.rels = found.map((u) => shape(g.view.byUuid.get(u)!, g.q));
    }
    const mode = str(g.q, 'resolve_links');
    if (mode !== undefined && !['', '0', '1', 'story', 'url', 'link'].includes(mode)) {
      throw new QueryError('resolve_links', 'Parameter resolve_links accepts story, url or link');
    }
    if (mode && mode !== '0') {
      const uuids = collectLinks(stories).filter((u) => g.view.byUuid.has(u));
      if (uuids.length > MAX_INLINE_RESOLVED) out.link_uuids = uuids;
      else {
        const byUuid = new Map(repo.records.map((r) => [r.uuid, r]));
        out.links = uuids.map((u) => {
          const s = g.view.byUuid.get(u)!;
          const r = byUuid.get(u)!;
          if (mode === 'url') return { id: s.id, uuid: s.uuid, name: s.name, slug: s.slug, full_slug: s.full_slug, url: s.full_slug, real_path: hrefFor(r, g.lang) };
          if (mode === 'link') return storyLink(r, s, g.version, false, g.lang);
          return shape(s, g.q);
        });
      }
    }
    return out;
  }

  /** Story-level parameters (slugs, uuids, tags, dates, ...) as conditions. */
  function storyConditions(q: QueryObject): ((s: ApiStory) => boolean)[] {
    const c: ((s: ApiStory) => boolean)[] = [];
    const prefix = cleanPrefix(str(q, 'starts_with'));
    if (prefix) c.push((s) => s.full_slug.startsWith(prefix));
    const bySlugs = list(str(q, 'by_slugs'));
    if (bySlugs.length) { const m = slugMatcher(bySlugs); c.push((s) => m(s.full_slug)); }
    const excl = list(str(q, 'excluding_slugs'));
    if (excl.length) { const m = slugMatcher(excl); c.push((s) => !m(s.full_slug)); }
    const uuids = [...list(str(q, 'by_uuids')), ...list(str(q, 'by_uuids_ordered'))];
    if (uuids.length) { const set = new Set(uuids); c.push((s) => set.has(s.uuid)); }
    const ids = list(str(q, 'by_ids'));
    const exclIds = list(str(q, 'excluding_ids'));
    for (const [name, values] of [['by_ids', ids], ['excluding_ids', exclIds]] as const) {
      if (values.some((v) => !/^\d{1,12}$/.test(v))) throw new QueryError(name, `Parameter ${name} takes a comma list of story ids`);
    }
    if (ids.length) { const set = new Set(ids.map(Number)); c.push((s) => set.has(s.id)); }
    if (exclIds.length) { const set = new Set(exclIds.map(Number)); c.push((s) => !set.has(s.id)); }
    const tags = list(str(q, 'with_tag'));
    if (tags.length) c.push((s) => tags.some((t) => s.tag_list.includes(t)));
    const startpage = bool(q, 'is_startpage');
    if (startpage !== undefined) c.push((s) => s.is_startpage === startpage);
    const types = list(str(q, 'content_type'));
    if (types.length) c.push((s) => types.includes(String(s.content.component)));
    const levelRaw = str(q, 'level');
    if (levelRaw !== undefined && levelRaw !== '') {
      const level = int(q, 'level', 1, 20, 1);
      c.push((s) => s.full_slug.split('/').length === level);
    }
    const term = str(q, 'search_term')?.trim().toLocaleLowerCase();
    if (term) c.push((s) => s.name.toLocaleLowerCase().includes(term) || contentText(s.content).some((t) => t.toLocaleLowerCase().includes(term)));
    for (const field of ['first_published_at', 'published_at', 'updated_at'] as const) {
      for (const dir of ['gt', 'lt'] as const) {
        const raw = str(q, `${field}_${dir}`);
        if (raw === undefined || raw === '') continue;
        const limit = parseDate(raw, `${field}_${dir}`);
        c.push((s) => {
          const v = s[field];
          if (!v) return false;
          const t = Date.parse(v);
          return dir === 'gt' ? t > limit : t < limit;
        });
      }
    }
    for (const name of ['resolve_level', 'resolve_links_level', 'resolve_assets']) {
      const v = str(q, name);
      if (v !== undefined && v !== '' && !/^[0-9]$/.test(v)) throw new QueryError(name, `Parameter ${name} must be a small number`);
    }
    return c;
  }

  /** excluding_fields / excluding_story_fields applied to one story (views are shared, so copy). */
  function shape(s: ApiStory, q: QueryObject): ApiStory | Record<string, unknown> {
    const fields = list(str(q, 'excluding_fields'));
    const storyFields = list(str(q, 'excluding_story_fields'));
    for (const f of storyFields) {
      if (!EXCLUDABLE_STORY_FIELDS.has(f)) throw new QueryError('excluding_story_fields', `excluding_story_fields: ${f} cannot be excluded`);
    }
    if (!fields.length && !storyFields.length) return s;
    const out: Record<string, unknown> = { ...s };
    for (const f of storyFields) delete out[f];
    if (fields.length) out.content = omitFields(s.content, new Set(fields));
    return out;
  }

  return app;
}

// -----------------------------------------------------------------------------------------------

interface LinkObject {
  id: number;
  uuid: string;
  slug: string;
  path: string | null;
  parent_id: number | null;
  name: string;
  is_folder: boolean;
  published: boolean;
  is_startpage: boolean;
  position: number;
  real_path: string;
  alternates: { path: string; name: string | null; lang: string; published: boolean; translated_slug: string }[];
  created_at?: string;
  published_at?: string | null;
  updated_at?: string;
}

function folderLink(f: FolderRecord): LinkObject {
  // Storyblok lists folders whatever their publication state
  return {
    id: f.id, uuid: f.uuid, slug: f.full_slug, path: null, parent_id: f.parent_id, name: f.name, is_folder: true,
    published: true, is_startpage: false, position: f.position, real_path: `/${f.full_slug}`, alternates: [],
  };
}

function pathOf(s: ApiStory | undefined): string | null {
  const p = s?.content.path;
  return typeof p === 'string' && p.startsWith('/') ? p : null;
}

function rawQuery(req: FastifyRequest): string {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
}

function parseQuery(req: FastifyRequest): QueryObject {
  return parseQueryString(rawQuery(req));
}

/** Storyblok v2 rejects parameters it does not know (422 naming the parameter); so does this service. */
function checkParams(q: QueryObject, allowed: Set<string>): void {
  for (const k of Object.keys(q)) {
    if (!allowed.has(k)) throw new QueryError(k, `Unknown parameter: ${k}`);
  }
}

function checkCv(q: QueryObject): void {
  const cv = str(q, 'cv');
  if (cv !== undefined && cv !== '' && !/^\d{1,12}$/.test(cv)) throw new QueryError('cv', 'Parameter cv must be a Unix timestamp');
}

function cleanPrefix(v: string | undefined): string {
  return (v ?? '').replace(/^\/+/, '');
}

function cacheFor(version: ContentVersion): string {
  return version === 'draft' ? 'no-store' : PUBLISHED_CACHE;
}

function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Serialises once, so the ETag is the hash of exactly the bytes sent; answers 304 to a matching If-None-Match. */
function sendJson(req: FastifyRequest, reply: FastifyReply, status: number, body: unknown, cacheControl: string) {
  const json = JSON.stringify(body);
  void reply.header('cache-control', cacheControl);
  if (status === 200) {
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    void reply.header('etag', etag);
    const inm = req.headers['if-none-match'];
    if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
  }
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}

function collectRelations(stories: readonly ApiStory[], spec: string[]): string[] {
  const wanted = new Set(spec);
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (v: unknown) => {
    for (const u of Array.isArray(v) ? v : [v]) {
      if (typeof u === 'string' && u && !seen.has(u)) { seen.add(u); out.push(u); }
    }
  };
  const walk = (v: unknown) => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const component = typeof o.component === 'string' ? o.component : null;
    for (const [k, x] of Object.entries(o)) {
      if (component && (wanted.has(`${component}.${k}`) || wanted.has(`*.${k}`))) add(x);
      else walk(x);
    }
  };
  stories.forEach((s) => walk(s.content));
  return out;
}

/** uuids of story links: multilink fields and richtext link marks. */
function collectLinks(stories: readonly ApiStory[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    let u: unknown;
    if (o.fieldtype === 'multilink' && o.linktype === 'story') u = o.id;
    else if (o.type === 'link' && o.attrs && typeof o.attrs === 'object' && (o.attrs as Record<string, unknown>).linktype === 'story') u = (o.attrs as Record<string, unknown>).uuid;
    if (typeof u === 'string' && u && !seen.has(u)) { seen.add(u); out.push(u); }
    Object.values(o).forEach(walk);
  };
  stories.forEach((s) => walk(s.content));
  return out;
}

function omitFields(v: unknown, fields: Set<string>): never {
  if (Array.isArray(v)) return v.map((x) => omitFields(x, fields)) as never;
  if (!v || typeof v !== 'object') return v as never;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!fields.has(k)) out[k] = omitFields(x, fields);
  return out as never;
}

export type { ContentRepository };
