import t from 'tap';
import { scriptJson } from '../../views/components/Streamed.tsx';

t.test('data inlined into a script cannot close the script or break the line', async (t) => {
  const nasty = { title: '</script><script>alert(1)</script>', amp: 'a&b', ls: 'x\u2028y\u2029z' };
  const js = scriptJson(nasty);
  t.notMatch(js, /<|>|&|\u2028|\u2029/);
  t.same(JSON.parse(js), nasty, 'the value survives unchanged');
  t.equal(scriptJson(undefined), 'null');
});

t.test('hydration data: loader data as JSON, deferred values as null, shared values serialised once', async (t) => {
  const { hydrationJson, markShared } = await import('../../src/storefront/render/shared-json.ts');
  const page = markShared({ title: 'Gold </script><script>alert(1)</script>', blocks: [{ type: 'hero' }] });
  const loaderData = { root: undefined, 'home.de': { page, news: Promise.resolve([]), meta: { title: 'x', description: undefined } } };
  const json = hydrationJson(loaderData, null);
  t.notMatch(json, /<\/script>/i, 'nothing can close the script element');
  t.same(JSON.parse(json), { loaderData: { 'home.de': { page, news: null, meta: { title: 'x' } } }, actionData: null, errors: null });
  page.title = 'changed after marking';
  t.match(hydrationJson(loaderData, null), /alert/, 'a shared value is served from its first serialisation');
});
