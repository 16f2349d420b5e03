// Story-level list parameters as conditions, and the fields a caller excludes from each story.
import { bool, cleanPrefix, contentText, int, list, parseDate, QueryError, slugMatcher, str, type QueryObject } from './query.ts';
import type { ApiStory } from './repository.ts';

const EXCLUDABLE_STORY_FIELDS = new Set([
  'alternates', 'created_at', 'default_full_slug', 'first_published_at', 'group_id', 'is_startpage', 'lang', 'meta_data', 'parent_id',
  'path', 'position', 'published_at', 'release_id', 'sort_by_date', 'tag_list', 'taxonomy_terms', 'translated_slugs', 'updated_at',
]);

export /** Story-level parameters (slugs, uuids, tags, dates, ...) as conditions. */
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

export /** excluding_fields / excluding_story_fields applied to one story (views are shared, so copy). */
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

function omitFields(v: unknown, fields: Set<string>): never {
  if (Array.isArray(v)) return v.map((x) => omitFields(x, fields)) as never;
  if (!v || typeof v !== 'object') return v as never;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!fields.has(k)) out[k] = omitFields(x, fields);
  return out as never;
}
