// Issue 27: the data a page carries for hydration (loader data, boot facts, streamed values and the page's
// strings) is at most half of the document, on every page type a visitor lands on (bytes are exact; the
// benchmark test/bench/hydration/run.ts prints the same figures for the production build).
import t from 'tap';
import { startShopStack } from './helpers.ts';
import { HYDRATION_PAGES, HYDRATION_SHARE_GOAL, hydrationShare } from '../bench/hydration/share.ts';

const shop = await startShopStack(t);

t.test('the hydration data is at most half of each page', async (t) => {
  for (const page of HYDRATION_PAGES) {
    const res = await shop.get('ch.localhost', page.path);
    t.equal(res.status, 200, `${page.name} answers`);
    const s = hydrationShare(res.text);
    t.comment(`${page.name.padEnd(10)} document ${s.document} B, data ${s.data} B (strings ${s.strings}, loader data ${s.loaderData}): ${s.share.toFixed(3)}`);
    t.ok(s.strings > 0 && s.loaderData > 0, `${page.name}: the page carries its strings and its loader data`);
    t.ok(s.share <= HYDRATION_SHARE_GOAL, `${page.name}: ${s.data} of ${s.document} bytes (${s.share.toFixed(2)}) is data for hydration`);
  }
});
