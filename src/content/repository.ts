// The stories of the shop, read once from JSON files and materialised for every store domain.
//
// Layout (details in README.md):
//   stories/shared/<slug>.json          written once, served as <domain>/<slug> for every domain
//   stories/domains/<domain>/<slug>.json a domain's own story; replaces the shared one of the same slug
//
// Decision: a story is written once and materialised under each domain (at, ch, de, li, us) because the
// storefront always asks for cdn/stories/{domain}/{path} and filters with starts_with '<domain>/'. Copies
// get their own id and uuid (derived from the full slug, so they are stable across restarts and machines:
// a CDN cache or a stored reference never points at a different story after a deploy), while group_id is
// shared between the copies of one shared story.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { storeKeys, stores, type StoreKey } from '../stores.ts';
import { markdownToRichText, STORY_REF } from './richtext.ts';

export type ContentVersion = 'published' | 'draft';
/** Storyblok's story.lang: 'default' is German (spec 1), 'en' the English translation. */
export type ContentLang = 'default' | 'en';
export const contentLangs: ContentLang[] = ['default', 'en'];
/** Field-level translation suffix, as Storyblok stores translated fields. */
export const I18N_EN = '__i18n__en';

const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?Z$' });
const contentSchema = Type.Object({ component: Type.String({ minLength: 1 }) }, { additionalProperties: true });

/** The format of one story file. */
export const StoryFile = Type.Object({
  name: Type.String({ minLength: 1 }),
  created_at: isoDate,
  /** null: never published, the story exists as a draft only */
  published_at: Type.Union([isoDate, Type.Null()]),
  first_published_at: Type.Optional(Type.Union([isoDate, Type.Null()])),
  updated_at: Type.Optional(isoDate),
  sort_by_date: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()])),
  position: Type.Optional(Type.Integer()),
  tag_list: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  is_startpage: Type.Optional(Type.Boolean()),
  /** the published version (for a draft-only story: the draft) */
  content: contentSchema,
  /** unpublished changes: what version=draft shows instead of content */
  draft_content: Type.Optional(contentSchema),
}, { additionalProperties: false });
export type StoryFile = Static<typeof StoryFile>;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

/** One story of one domain, both versions, fields still carrying their translations. */
export interface StoryRecord {
  id: number;
  uuid: string;
  group_id: string;
  name: string;
  slug: string;
  full_slug: string;
  domain: StoreKey;
  parent_id: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  first_published_at: string | null;
  sort_by_date: string | null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  /** null when the story was never published */
  published: JsonObject | null;
  draft: JsonObject;
  /** where the story file lives, for error messages */
  source: string;
}

export interface FolderRecord {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number | null;
  position: number;
}

/** A story as the delivery API returns it (one version, one language). */
export interface ApiStory {
  name: string;
  created_at: string;
  published_at: string | null;
  updated_at: string;
  id: number;
  uuid: string;
  content: JsonObject;
  slug: string;
  full_slug: string;
  sort_by_date: string | null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  parent_id: number;
  meta_data: null;
  group_id: string;
  first_published_at: string | null;
  release_id: null;
  lang: ContentLang;
  path: null;
  alternates: [];
  default_full_slug: null;
  translated_slugs: null;
}

/** Every story visible in one version and language, precomputed once: content never changes after start. */
export interface ContentView {
  version: ContentVersion;
  lang: ContentLang;
  stories: ApiStory[];
  bySlug: Map<string, ApiStory>;
  byUuid: Map<string, ApiStory>;
  byId: Map<number, ApiStory>;
}

export interface ContentRepository {
  /** cache version: Unix seconds of the latest change, as Storyblok's cv */
  cv: number;
  records: StoryRecord[];
  folders: FolderRecord[];
  view(version: ContentVersion, lang: ContentLang): ContentView;
}

export class StoryFileError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'StoryFileError';
  }
}

export const defaultStoriesDir = new URL('./stories/', import.meta.url).pathname;

/** Every view a repository answers: each version in each language. */
const everyView = (['published', 'draft'] as const).flatMap((version) => contentLangs.map((lang) => ({ version, lang })));
const viewKey = (version: ContentVersion, lang: ContentLang) => `${version}:${lang}`;

/** Reads, validates and materialises every story. Throws StoryFileError naming the file on any defect. */
export function loadRepository(storiesDir: string = defaultStoriesDir): ContentRepository {
  const shared = readTree(join(storiesDir, 'shared'));
  const own = new Map<StoreKey, Map<string, ParsedFile>>();
  for (const key of storeKeys) own.set(key, readTree(join(storiesDir, 'domains', key)));

  // 1. every domain's stories: shared ones, replaced or completed by the domain's own
  const records: StoryRecord[] = [];
  for (const domain of storeKeys) {
    const merged = new Map(shared);
    for (const [slug, file] of own.get(domain)!) merged.set(slug, file);
    for (const [relSlug, file] of [...merged].sort(([a], [b]) => a.localeCompare(b))) {
      records.push(toRecord(domain, relSlug, file, shared.get(relSlug) === file));
    }
  }

  // 2. folders from the slugs, so that links show the tree and stories know their parent
  const folders = new Map<string, FolderRecord>();
  for (const r of records) {
    const parts = r.full_slug.split('/');
    for (let n = 1; n < parts.length; n++) {
      const full = parts.slice(0, n).join('/');
      if (folders.has(full)) continue;
      const parent = n > 1 ? folders.get(parts.slice(0, n - 1).join('/'))! : null;
      folders.set(full, {
        id: idFor(`folder:${full}`), uuid: uuidFor(`folder:${full}`), name: folderName(parts, n), slug: parts[n - 1],
        full_slug: full, parent_id: parent ? parent.id : null, position: 0,
      });
    }
    r.parent_id = folders.get(parts.slice(0, -1).join('/'))!.id;
  }

  // 3. ids must be unique: a clash would make /cdn/stories/{id} ambiguous
  const seen = new Map<number, string>();
  for (const x of [...records, ...folders.values()]) {
    const other = seen.get(x.id);
    if (other) throw new StoryFileError(x.full_slug, `id ${x.id} clashes with ${other}; rename one of them`);
    seen.set(x.id, x.full_slug);
  }

  // 4. every view is built now: a reference ($story) to a missing story fails the start, not a page view
  const cv = Math.max(0, ...records.flatMap((r) => [r.updated_at, r.published_at ?? r.created_at]).map((d) => Math.floor(Date.parse(d) / 1000)));
  const byFullSlug = new Map(records.map((r) => [r.full_slug, r]));
  const views = new Map<string, ContentView>();
  for (const { version, lang } of everyView) views.set(viewKey(version, lang), buildView(records, byFullSlug, version, lang));
  return {
    cv,
    records,
    folders: [...folders.values()],
    view: (version, lang) => views.get(viewKey(version, lang))!,
  };
}

/** A repository as data only (structured-clone safe: Maps, arrays, plain objects), for a copy kept outside the
 * process (the tests keep one between their processes, test/storefront/harness.ts contentRepository). */
export interface RepositoryData {
  cv: number;
  records: StoryRecord[];
  folders: FolderRecord[];
  views: ContentView[];
}

export function repositoryData(repo: ContentRepository): RepositoryData {
  const views = everyView.map(({ version, lang }) => repo.view(version, lang));
  return { cv: repo.cv, records: repo.records, folders: repo.folders, views };
}

/** The repository of repositoryData's copy; its stories frozen again, as loadRepository leaves them. */
export function repositoryFromData(data: RepositoryData): ContentRepository {
  const views = new Map<string, ContentView>();
  for (const v of data.views) {
    for (const s of v.stories) deepFreeze(s);
    views.set(viewKey(v.version, v.lang), v);
  }
  for (const { version, lang } of everyView) if (!views.has(viewKey(version, lang))) throw new Error(`repository data without the ${version} view in ${lang}`);
  return { cv: data.cv, records: data.records, folders: data.folders, view: (version, lang) => views.get(viewKey(version, lang))! };
}

interface ParsedFile {
  file: string;
  data: StoryFile;
}

function readTree(dir: string): Map<string, ParsedFile> {
  const out = new Map<string, ParsedFile>();
  let exists = false;
  try {
    exists = statSync(dir).isDirectory();
  } catch {
    exists = false;
  }
  if (!exists) return out;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.json')) continue;
    const file = join(dir, entry);
    const relSlug = relative(dir, file).slice(0, -'.json'.length).split(sep).join('/');
    if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(relSlug)) {
      throw new StoryFileError(file, 'file and folder names must be lower-case slugs (a-z, 0-9, -)');
    }
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new StoryFileError(file, `not valid JSON (${(err as Error).message})`);
    }
    if (!Value.Check(StoryFile, data)) {
      const first = Value.Errors(StoryFile, data)[0];
      throw new StoryFileError(file, `not a story file: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`);
    }
    out.set(relSlug, { file, data: data as StoryFile });
  }
  return out;
}

function toRecord(domain: StoreKey, relSlug: string, { file, data }: ParsedFile, isShared: boolean): StoryRecord {
  const full = `${domain}/${relSlug}`;
  const prepare = (c: JsonObject) => assignUids(expandMarkdown(c, file), relSlug) as JsonObject;
  const published = data.published_at === null ? null : prepare(data.content as JsonObject);
  const draft = data.draft_content ? prepare(data.draft_content as JsonObject) : published ?? prepare(data.content as JsonObject);
  return {
    id: idFor(`story:${full}`),
    uuid: uuidFor(`story:${full}`),
    group_id: uuidFor(`group:${isShared ? relSlug : full}`),
    name: data.name,
    slug: relSlug.split('/').pop()!,
    full_slug: full,
    domain,
    parent_id: 0,
    created_at: data.created_at,
    updated_at: data.updated_at ?? data.published_at ?? data.created_at,
    published_at: data.published_at,
    first_published_at: data.first_published_at === undefined ? data.published_at : data.first_published_at,
    sort_by_date: data.sort_by_date ?? null,
    position: data.position ?? 0,
    tag_list: data.tag_list ?? [],
    is_startpage: data.is_startpage ?? false,
    published,
    draft,
    source: file,
  };
}

function folderName(parts: string[], n: number): string {
  if (n === 1 && (storeKeys as string[]).includes(parts[0])) return stores[parts[0] as StoreKey].name.de;
  const s = parts[n - 1].replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** { "$markdown": "..." } anywhere in content becomes a richtext doc. */
function expandMarkdown(v: Json, file: string): Json {
  if (Array.isArray(v)) return v.map((x) => expandMarkdown(x, file));
  if (v && typeof v === 'object') {
    if ('$markdown' in v) {
      const src = v.$markdown;
      const ok = typeof src === 'string' || (Array.isArray(src) && src.every((s) => typeof s === 'string'));
      if (!ok || Object.keys(v).length !== 1) throw new StoryFileError(file, '$markdown takes a string or an array of lines, alone in its object');
      return markdownToRichText(src as string | string[]) as unknown as Json;
    }
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = expandMarkdown(x, file);
    return out;
  }
  return v;
}

/** Blocks need a _uid (editors and React keys rely on it); derived from the position so it is stable. */
function assignUids(v: Json, relSlug: string, path = ''): Json {
  if (Array.isArray(v)) return v.map((x, i) => assignUids(x, relSlug, `${path}.${i}`));
  if (v && typeof v === 'object') {
    const out: JsonObject = {};
    if (typeof v.component === 'string' && typeof v._uid !== 'string') out._uid = uuidFor(`uid:${relSlug}:${path}`);
    for (const [k, x] of Object.entries(v)) out[k] = assignUids(x, relSlug, `${path}.${k}`);
    return out;
  }
  return v;
}

/** The path field of a page story in one language (used for hrefs of story links). */
function pagePath(r: StoryRecord, lang: ContentLang): string | null {
  const c = r.published ?? r.draft;
  const p = lang === 'en' && typeof c[`path${I18N_EN}`] === 'string' && c[`path${I18N_EN}`] !== '' ? c[`path${I18N_EN}`] : c.path;
  return typeof p === 'string' && p.startsWith('/') ? p : null;
}

/** The URL a visitor follows to a story in one language: English paths carry the /en prefix (spec 2). */
export function hrefFor(r: StoryRecord, lang: ContentLang): string {
  const p = pagePath(r, lang);
  if (p === null) return `/${r.full_slug.split('/').slice(1).join('/')}`;
  if (lang === 'en') return p === '/' ? '/en' : `/en${p}`;
  return p;
}

function resolveRefs(v: Json, lang: ContentLang, owner: StoryRecord, byFullSlug: Map<string, StoryRecord>): Json {
  if (Array.isArray(v)) return v.map((x) => resolveRefs(x, lang, owner, byFullSlug));
  if (!v || typeof v !== 'object') return v;
  if (STORY_REF in v) {
    const rel = v[STORY_REF];
    const target = typeof rel === 'string' ? byFullSlug.get(`${owner.domain}/${rel}`) : undefined;
    if (!target) throw new StoryFileError(owner.source, `${STORY_REF} "${String(rel)}" names no story of domain ${owner.domain}`);
    const rest = { ...v };
    delete rest[STORY_REF];
    if (Object.keys(rest).length === 0) return target.uuid; // a relation field (single-option story reference)
    if (rest.fieldtype === 'multilink') {
      // Decision: url carries the visitor's href in the response language (Storyblok leaves it empty
      // for story links); cached_url stays the full slug as Storyblok sends it.
      return { ...rest, id: target.uuid, url: hrefFor(target, lang), linktype: 'story', cached_url: target.full_slug };
    }
    // a richtext link mark's attrs
    return { ...rest, href: hrefFor(target, lang), uuid: target.uuid, linktype: 'story' };
  }
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) out[k] = resolveRefs(x, lang, owner, byFullSlug);
  return out;
}

/** Field-level translation: a field's English value replaces the German one; empty translations fall back. */
export function localize(v: Json, lang: ContentLang): Json {
  if (Array.isArray(v)) return v.map((x) => localize(x, lang));
  if (!v || typeof v !== 'object') return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('__i18n__')) continue;
    let value = x;
    if (lang === 'en') {
      const t = v[`${k}${I18N_EN}`];
      if (t !== undefined && t !== null && t !== '') value = t;
    }
    out[k] = localize(value, lang);
  }
  return out;
}

function buildView(records: StoryRecord[], byFullSlug: Map<string, StoryRecord>, version: ContentVersion, lang: ContentLang): ContentView {
  const stories: ApiStory[] = [];
  for (const r of records) {
    const content = version === 'published' ? r.published : r.draft;
    if (!content) continue;
    stories.push(deepFreeze({
      name: r.name,
      created_at: r.created_at,
      published_at: r.published_at,
      updated_at: r.updated_at,
      id: r.id,
      uuid: r.uuid,
      // translate first, then resolve references, so a link carries the href of the response language
      content: resolveRefs(localize(content, lang), lang, r, byFullSlug) as JsonObject,
      slug: r.slug,
      full_slug: r.full_slug,
      sort_by_date: r.sort_by_date,
      position: r.position,
      tag_list: r.tag_list,
      is_startpage: r.is_startpage,
      parent_id: r.parent_id,
      meta_data: null,
      group_id: r.group_id,
      first_published_at: r.first_published_at,
      release_id: null,
      lang,
      path: null,
      alternates: [],
      default_full_slug: null,
      translated_slugs: null,
    } satisfies ApiStory));
  }
  return {
    version, lang, stories,
    bySlug: new Map(stories.map((s) => [s.full_slug, s])),
    byUuid: new Map(stories.map((s) => [s.uuid, s])),
    byId: new Map(stories.map((s) => [s.id, s])),
  };
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

function digest(seed: string): Buffer {
  return createHash('sha1').update(`aurum-content:${seed}`).digest();
}

/** A stable uuid (version 5 layout) for a seed. */
export function uuidFor(seed: string): string {
  const b = digest(seed);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A stable numeric id for a seed: 9 to 10 digits like Storyblok's, never 0. */
export function idFor(seed: string): number {
  return 100_000_000 + (digest(seed).readUInt32BE(0) % 3_900_000_000);
}
