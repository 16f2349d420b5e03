// Storyblok link objects (cdn/links, resolve_links=link): folders always, stories of the requested
// version, with their German path and English alternate.
import { hrefFor, type ApiStory, type ContentLang, type ContentRepository, type ContentVersion, type FolderRecord, type StoryRecord } from './repository.ts';
import type { Gate } from './gate.ts';

export interface LinkObject {
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

export function folderLink(f: FolderRecord): LinkObject {
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

/** Link objects of folders (always) and of the stories visible in the version, in tree order. */
export function linkObjects(repo: ContentRepository, g: Gate, includeDates: boolean): LinkObject[] {
  const out: LinkObject[] = repo.folders.map((f) => folderLink(f));
  const byUuid = new Map(repo.records.map((r) => [r.uuid, r]));
  for (const s of g.view.stories) out.push(storyLink(repo, byUuid.get(s.uuid)!, s, g.version, includeDates, 'default'));
  return out.sort((a, b) => a.slug.localeCompare(b.slug));
}

export function storyLink(repo: ContentRepository, r: StoryRecord, s: ApiStory, version: ContentVersion, includeDates: boolean, lang: ContentLang): LinkObject {
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
