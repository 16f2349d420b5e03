// The repository as data and back (src/content/repository.ts repositoryData, repositoryFromData): the tests keep
// one copy of the shop's stories between their processes (test/storefront/harness.ts contentRepository). The
// copy must answer exactly what the stories read from their files answer, frozen as they are.
import t from 'tap';
import { deserialize, serialize } from 'node:v8';
import { contentLangs, loadRepository, repositoryData, repositoryFromData, type RepositoryData } from '../../src/content/repository.ts';

t.test('a copy through v8.serialize answers every view as the files do, its stories frozen', async (t) => {
  const read = loadRepository();
  const copy = repositoryFromData(deserialize(serialize(repositoryData(read))) as RepositoryData);
  t.equal(copy.cv, read.cv);
  t.same(copy.records, read.records);
  t.same(copy.folders, read.folders);
  for (const version of ['published', 'draft'] as const) {
    for (const lang of contentLangs) {
      const a = read.view(version, lang);
      const b = copy.view(version, lang);
      t.ok(b.stories.length > 0, `${version} ${lang}: stories`);
      t.same(b.stories, a.stories, `${version} ${lang}: the same stories`);
      t.same([...b.bySlug.keys()], [...a.bySlug.keys()]);
      // one story object behind the list and the indexes, as in the repository read from the files
      const first = b.stories[0];
      t.equal(b.bySlug.get(first.full_slug), first);
      t.equal(b.byId.get(first.id), first);
      t.equal(b.byUuid.get(first.uuid), first);
      t.ok(Object.isFrozen(first) && Object.isFrozen(first.content), `${version} ${lang}: frozen`);
    }
  }
});

t.test('a copy without one of the views is refused, not served half', async (t) => {
  const data = repositoryData(loadRepository());
  t.throws(() => repositoryFromData({ ...data, views: data.views.slice(1) }), /without the published view in default/);
});
