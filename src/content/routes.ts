// The Content Delivery API v2 routes (below /v2): stories (one, or a filtered, sorted, paged list),
// links, tags and the space. Each call passes the gate first (token, parameters, version, language).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { checkCv, checkParams, LINKS_PARAMS, parseQuery, SPACE_PARAMS, STORIES_PARAMS, STORY_PARAMS, TAGS_PARAMS, type ContentGate } from './gate.ts';
import { cacheFor, sendJson, SPACE_CACHE } from './http.ts';
import { linkObjects } from './links.ts';
import { bool, cleanPrefix, compileFilter, int, list, parseSort, QueryError, sortStories, str } from './query.ts';
import type { ApiStory, ContentRepository } from './repository.ts';
import { resolveAll } from './resolve.ts';
import { shape, storyConditions } from './stories.ts';

/** Storyblok's paging limits (stories: default 25, max 100; links: max 1000). */
const STORIES_PER_PAGE = { default: 25, max: 100 };
const LINKS_PER_PAGE = { default: 25, max: 1000 };

export interface CdnRoutesOptions {
  repo: ContentRepository;
  gate: ContentGate;
}

export const cdnRoutes: FastifyPluginAsync<CdnRoutesOptions> = async (v2, { repo, gate }) => {
  v2.get('/cdn/stories', async (req, reply) => listStories(req, reply));
  v2.get('/cdn/stories/*', async (req, reply) => {
    const ref = ((req.params as Record<string, string>)['*'] ?? '').replace(/\/+$/, '');
    // cdn/stories/ (trailing slash, as in Storyblok's own examples) is the list
    if (ref === '') return listStories(req, reply);
    return oneStory(req, reply, ref);
  });
  v2.get('/cdn/links', async (req, reply) => links(req, reply));
  v2.get('/cdn/links/:uuid', async (req, reply) => {
    const g = gate.gate(req, LINKS_PARAMS);
    const uuid = (req.params as { uuid: string }).uuid;
    const all = linkObjects(repo, g, bool(g.q, 'include_dates') ?? false);
    const link = all.find((l) => l.uuid === uuid);
    if (!link) throw new AppError('link_not_found');
    return sendJson(req, reply, 200, { link }, cacheFor(g.version));
  });
  v2.get('/cdn/tags', async (req, reply) => {
    const g = gate.gate(req, TAGS_PARAMS);
    const prefix = cleanPrefix(str(g.q, 'starts_with'));
    const counts = new Map<string, number>();
    for (const s of g.view.stories) {
      if (prefix && !s.full_slug.startsWith(prefix)) continue;
      for (const t of s.tag_list) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const tags = [...counts].sort(([a], [b]) => a.localeCompare(b, 'de')).map(([name, taggings_count]) => ({ name, taggings_count }));
    return sendJson(req, reply, 200, { tags }, cacheFor(g.version));
  });
  // operational: the storefront's readiness probe asks this every few seconds; logged at debug
  v2.get('/cdn/spaces/me', { config: { operational: true } }, async (req, reply) => {
    const q = parseQuery(req);
    checkParams(q, SPACE_PARAMS);
    gate.authenticate(q);
    checkCv(q);
    return sendJson(req, reply, 200, {
      space: { id: 4242001, name: 'Aurum Edelmetalle', domain: 'http://localhost/', version: repo.cv, language_codes: ['en'] },
    }, SPACE_CACHE);
  });

  function listStories(req: FastifyRequest, reply: FastifyReply) {
    const g = gate.gate(req, STORIES_PARAMS);
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
    const body = { stories: pageItems.map((s) => shape(s, q)), cv: repo.cv, ...resolveAll(repo, g, pageItems) };
    void reply.header('total', String(ordered.length));
    void reply.header('per-page', String(perPage));
    return sendJson(req, reply, 200, body, cacheFor(g.version));
  }

  function oneStory(req: FastifyRequest, reply: FastifyReply, ref: string) {
    const g = gate.gate(req, STORY_PARAMS);
    const findBy = str(g.q, 'find_by');
    if (findBy !== undefined && findBy !== 'uuid') throw new QueryError('find_by', 'Parameter find_by accepts only uuid');
    let story: ApiStory | undefined;
    if (findBy === 'uuid' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(ref)) story = g.view.byUuid.get(ref);
    else if (/^\d{1,12}$/.test(ref)) story = g.view.byId.get(Number(ref));
    else story = g.view.bySlug.get(ref);
    if (!story) throw new AppError('story_not_found');
    return sendJson(req, reply, 200, { story: shape(story, g.q), cv: repo.cv, ...resolveAll(repo, g, [story]) }, cacheFor(g.version));
  }

  function links(req: FastifyRequest, reply: FastifyReply) {
    const g = gate.gate(req, LINKS_PARAMS);
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
    let all = linkObjects(repo, g, includeDates).filter((l) => (!prefix || l.slug.startsWith(prefix))
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
};
