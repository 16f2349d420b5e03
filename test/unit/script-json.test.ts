import t from 'tap';
import { scriptJson } from '../../views/components/Streamed.tsx';

t.test('data inlined into a script cannot close the script or break the line', async (t) => {
  const nasty = { title: '</script><script>alert(1)</script>', amp: 'a&b', ls: 'x\u2028y\u2029z' };
  const js = scriptJson(nasty);
  t.notMatch(js, /<|>|&|\u2028|\u2029/);
  t.same(JSON.parse(js), nasty, 'the value survives unchanged');
  t.equal(scriptJson(undefined), 'null');
});
