// resolve_relations and resolve_links: up to MAX_INLINE_RESOLVED stories inline in rels / links, beyond
// that only their uuids (rel_uuids / link_uuids), which storyblok-js-client then fetches by_uuids.
import type { Gate } from './gate.ts';
import { storyLink } from './links.ts';
import { list, QueryError, str } from './query.ts';
import type { ApiStory, ContentRepository } from './repository.ts';
import { hrefFor } from './repository.ts';
import { shape } from './stories.ts';

/** Storyblok returns at most 50 resolved relations or links inline; beyond that only their uuids. */
const MAX_INLINE_RESOLVED = 50;

/** resolve_relations and resolve_links for the stories of one response. */
export function resolveAll(repo: ContentRepository, g: Gate, stories: readonly ApiStory[]): Record<string, unknown> {
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
        if (mode === 'link') return storyLink(repo, r, s, g.version, false, g.lang);
        return shape(s, g.q);
      });
    }
  }
  return out;
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
