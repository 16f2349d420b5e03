// What every content call checks first: the token (public: published content; preview: draft too),
// the parameters (Storyblok v2 rejects unknown ones with 422), cv, version and language.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { parseQueryString, QueryError, str, type QueryObject } from './query.ts';
import type { ContentLang, ContentRepository, ContentVersion, ContentView } from './repository.ts';

const COMMON = ['token', 'version', 'cv'];
export const STORY_PARAMS = new Set([
  ...COMMON, 'find_by', 'language', 'fallback_lang', 'resolve_relations', 'resolve_level', 'resolve_links', 'resolve_links_level',
  'resolve_assets', 'from_release', 'excluding_fields', 'excluding_story_fields',
]);
export const STORIES_PARAMS = new Set([
  ...STORY_PARAMS, 'starts_with', 'by_slugs', 'excluding_slugs', 'by_uuids', 'by_uuids_ordered', 'by_ids', 'excluding_ids',
  'filter_query', 'sort_by', 'per_page', 'page', 'with_tag', 'is_startpage', 'search_term', 'level', 'content_type',
  'first_published_at_gt', 'first_published_at_lt', 'published_at_gt', 'published_at_lt', 'updated_at_gt', 'updated_at_lt',
  'in_workflow_stages',
]);
export const LINKS_PARAMS = new Set([...COMMON, 'starts_with', 'with_parent', 'include_dates', 'page', 'per_page', 'paginated', 'sort_by']);
export const TAGS_PARAMS = new Set([...COMMON, 'starts_with']);
export const SPACE_PARAMS = new Set([...COMMON]);

export interface Gate {
  q: QueryObject;
  version: ContentVersion;
  lang: ContentLang;
  view: ContentView;
}

export interface ContentTokens {
  /** public token: published content only */
  publicToken: string;
  /** preview token: published and draft content */
  previewToken: string;
}

export interface ContentGate {
  tokenKind(token: string): 'public' | 'preview' | null;
  /** checks the request against the parameters its route accepts; throws 401 or 422 */
  gate(req: FastifyRequest, allowed: Set<string>): Gate;
  /** token and parameters only (calls without a version, such as spaces/me) */
  authenticate(q: QueryObject): 'public' | 'preview';
}

export function createGate(repo: ContentRepository, opts: ContentTokens): ContentGate {
  function tokenKind(token: string): 'public' | 'preview' | null {
    if (safeEqual(token, opts.previewToken)) return 'preview';
    if (safeEqual(token, opts.publicToken)) return 'public';
    return null;
  }

  function authenticate(q: QueryObject): 'public' | 'preview' {
    const token = str(q, 'token');
    if (token === undefined || token === '') throw new AppError('token_missing');
    const kind = tokenKind(token);
    if (!kind) throw new AppError('token_invalid');
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
      throw new AppError('preview_token_required');
    }
    // Decision: German is the space's default language; "de" and "default" name it, and like Storyblok
    // an unknown language code answers the default language rather than failing the page.
    const lang: ContentLang = str(q, 'language') === 'en' ? 'en' : 'default';
    return { q, version: v, lang, view: repo.view(v, lang) };
  }

  return { tokenKind, gate, authenticate };
}

export function rawQuery(req: FastifyRequest): string {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
}

export function parseQuery(req: FastifyRequest): QueryObject {
  return parseQueryString(rawQuery(req));
}

/** Storyblok v2 rejects parameters it does not know (422 naming the parameter); so does this service. */
export function checkParams(q: QueryObject, allowed: Set<string>): void {
  for (const k of Object.keys(q)) {
    if (!allowed.has(k)) throw new QueryError(k, `Unknown parameter: ${k}`);
  }
}

export function checkCv(q: QueryObject): void {
  const cv = str(q, 'cv');
  if (cv !== undefined && cv !== '' && !/^\d{1,12}$/.test(cv)) throw new QueryError('cv', 'Parameter cv must be a Unix timestamp');
}

function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
