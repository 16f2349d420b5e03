// JavaScript per page (issue 27, "Phones get less JavaScript"): the browser bundle is built into a temporary
// folder as the shop builds it (src/build.ts bundleClient, production), and each page's weight is counted from the
// metafile as scripts/bundle-weights.ts counts it for the weight bench: the entry with its static imports
// plus the page's chunk with its static imports, every file at its brotli size. Bytes, not timings: the
// test fails when a page's first load grows back over its budget or a deferred part's code is pulled
// into every page's entry again.
import t from 'tap';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { brotliOptions, bundleClient } from '../../src/build.ts';
import { bundleWeights } from '../../scripts/bundle-weights.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Budgets in bytes (brotli) of the entry and a page's own chunks, what a phone fetches before any tap.
 * Decision: the budgets are what the code-split parts and the code loaded on first use measured (session 6)
 * plus about 1 kB of room; before them (the same count) home was 153.2 kB, shop 144.9 and product 151.1.
 * Session 9: the entry and the chunks it imports became one file (src/build-merge.ts), about 9 kB less
 * on every page (home was 143.5 kB by this count, shop 139.3, product 145.2); the budgets came down with it.
 * Session 16: terser minifies the production bundle again after esbuild (src/build-minify.ts), about 5-6 kB
 * less on every page (home was 134.3 kB by this count, shop 130.1, product 136.0); the budgets came down with it.
 * Session 16: islands (views/components/Island.tsx) keep what the first screen does without out of the first
 * load: home was 128.8 kB by this count after terser, shop 124.8, product 130.7. Home, shop and product are held
 * at the 120 kB itself, not at their figure plus room.
 * The goal (120 kB on home, shop and product, 150 kB elsewhere) holds by this count; the bench
 * (npm run bench:weight) measures it as a phone fetches it. Lower a budget when a change makes a page lighter. */
const BUDGETS: Record<string, number> = {
  'home/Page.tsx': 119_000,
  'shop/Page.tsx': 120_000,
  'product/Page.tsx': 120_000,
  'cms/Page.tsx': 118_500,
  'content/Page.tsx': 119_000,
  'sell/Page.tsx': 121_000,
  'blog/Page.tsx': 121_500,
  'encyclopedia/Page.tsx': 121_500,
  'search/Page.tsx': 122_000,
  'login/Page.tsx': 122_000,
  'cart/Page.tsx': 120_000,
  'register/Page.tsx': 122_500,
  // the phone check and the checkout's steps load on first use, and the contact form takes the phone rule
  // without the address rules (session 7): contact was 155.8, checkout 168.3
  'contact/Page.tsx': 125_000,
  'checkout/Page.tsx': 122_500,
  // The signed-in account area (issue 27: 150 kB elsewhere). Before the account pages stopped importing
  // TypeBox schema modules and ibantools (same count): account-order 169.3 kB, account-deposit 161.2,
  // account-limit-order 159.8, account 159.3, account-limit-orders 158.6, account-orders 158.4.
  'account/Page.tsx': 119_000,
  'account-orders/Page.tsx': 118_000,
  'account-order/Page.tsx': 124_000,
  'account-deposit/Page.tsx': 120_500,
  'account-limit-orders/Page.tsx': 118_000,
  'account-limit-order/Page.tsx': 123_500,
  // profile and addresses were 148.4 and 148.2 kB before the phone check loaded on first use (session 7)
  'account-profile/Page.tsx': 125_000,
  'account-addresses/Page.tsx': 124_500,
  'account-passkeys/Page.tsx': 122_000,
  'account-sessions/Page.tsx': 119_000,
  'account-authenticator/Page.tsx': 120_000,
};

/** Modules no first view needs: the code-split parts, loaded only by pages that show them
 * (views/components/Deferred.tsx), and what loads on the visitor's first use of it. */
const DEFERRED = [
  'views/components/forms/Whistleblower.tsx',
  'views/components/cart/ScrapForm.tsx',
  'views/components/prices/PriceChart.tsx',
  'views/blocks/PriceChartBlock.tsx',
  'views/parts-in-place.ts',
  // the checkout layout's steps, a part of the checkout's pages
  'views/components/CheckoutSteps.tsx',
  'views/state/checkout-progress.ts',
  // the footer shows the trust bar and legal line, not the contact data block or opening hours
  'views/blocks/ContactData.tsx',
  'views/lib/opening-hours.ts',
  // on first use: the consent settings, the step-up dialog, the CMS editor's bridge (preview page only)
  'views/components/consent/ConsentSettings.tsx',
  'views/components/StepUpDialog.tsx',
  'client/state/preview-bridge.ts',
  // the footer's newsletter form comes alive on first use (views/components/Island.tsx), and with it the form
  // fields, rules and state every other form shares; a sold-out product's alert form is a part of its page
  'views/components/forms/NewsletterForm.tsx',
  'views/components/forms/Fields.tsx',
  'views/components/forms/useForm.ts',
  'views/components/forms/validation.ts',
  'views/pages/product/AvailabilityAlert.tsx',
  // session 16: the layout's islands (views/components/layout-islands.ts), alive on first use: the footer
  // with its trust bar and legal line, the header's search box; what carries a visitor's input over to a
  // live island; the cart notices' content (loaded with the first notice); the error page
  'views/components/Footer.tsx',
  'views/components/CompanyFacts.tsx',
  'views/components/SearchBox.tsx',
  'views/components/island-carry.ts',
  'views/components/cart/Notice.tsx',
  'views/RootErrorBoundary.tsx',
];

// Built as src/build.ts builds it (esbuild, then the entry's closure as one file), in a folder of its own.
const out = mkdtempSync(join(tmpdir(), 'page-weight-'));
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const metafile = await bundleClient(true, out);
const brSize = (p: string) => {
  const bytes = readFileSync(`${root}${p}`);
  return brotliCompressSync(bytes, brotliOptions(bytes.length)).length;
};
const weights = bundleWeights(metafile, root, brSize);
const outputs = metafile.outputs;
const entry = Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith('client/entry.tsx')) as string;

t.test('the code every page loads first is one file, and every chunk that uses it imports that file', async (t) => {
  t.same(outputs[entry].imports.filter((i) => i.kind === 'import-statement'), [], 'the entry imports no chunk before it runs');
  const inputs = Object.keys(outputs[entry].inputs);
  for (const m of ['node_modules/react-dom/', 'node_modules/react-router/', 'views/routes.ts', 'client/state/cart-store.ts']) {
    t.ok(inputs.some((i) => i.includes(m)), `${m} is in the entry`);
  }
  // every import names a file that was written; the pages take what the entry holds from the entry
  const js = Object.keys(outputs).filter((p) => p.endsWith('.js'));
  const missing = js.flatMap((p) => outputs[p].imports.filter((i) => !existsSync(`${root}${i.path}`)).map((i) => `${p} -> ${i.path}`));
  t.same(missing, [], 'no import names a file that is not there');
  const home = js.find((p) => outputs[p].entryPoint?.endsWith('views/pages/home/Page.tsx')) as string;
  const text = readFileSync(`${root}${home}`, 'utf8');
  t.match(text, new RegExp(`^import\\{[^}]+\\}from"\\.\\./${basename(entry).replace('.', '\\.')}";`), 'the home page imports what it uses from the entry, first');
  // what every page uses is in the entry alone, not also in a chunk of its own
  for (const m of ['node_modules/react-router/', 'client/state/cart-store.ts']) {
    t.same(js.filter((p) => p !== entry && Object.keys(outputs[p].inputs).some((i) => i.includes(m))), [], `${m} is in no other file`);
  }
});

t.test('no code-split part and nothing loaded on first use is in the code every page loads first', async (t) => {
  const first = weights.closure([entry]);
  const inputs = new Set([...first].flatMap((p) => Object.keys(outputs[p].inputs)));
  for (const m of DEFERRED) t.notOk(inputs.has(m), `${m} is not loaded with the entry`);
  // the check sees what it looks for: each module is in the bundle, in a chunk loaded later
  for (const m of DEFERRED.filter((x) => x !== 'views/parts-in-place.ts')) t.ok(Object.values(outputs).some((o) => m in o.inputs), `${m} is still built`);
});

t.test('the home page does not load the code of blocks it does not show', async (t) => {
  const home = weights.pages.find((p) => p.page === 'home/Page.tsx');
  const page = Object.keys(outputs).find((p) => outputs[p].entryPoint?.endsWith('views/pages/home/Page.tsx')) as string;
  t.ok(home, 'the home page is built');
  const inputs = new Set([...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs)));
  for (const m of ['views/components/forms/Whistleblower.tsx', 'views/components/cart/ScrapForm.tsx']) {
    t.notOk(inputs.has(m), `${m} is not loaded with the home page`);
  }
});

t.test('home and product pages load the code of what is below the first screen only when it comes near (islands)', async (t) => {
  const firstLoad = (name: string) => {
    const page = Object.keys(outputs).find((p) => outputs[p].entryPoint?.endsWith(`views/pages/${name}`)) as string;
    return new Set([...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs)));
  };
  const home = firstLoad('home/Page.tsx');
  for (const m of ['views/blocks/Products.tsx', 'views/blocks/Articles.tsx', 'views/blocks/HowToSell.tsx', 'views/blocks/Video.tsx', 'views/blocks/StoresList.tsx']) {
    t.notOk(home.has(m), `home/Page.tsx loads nothing of ${m} first`);
  }
  const product = firstLoad('product/Page.tsx');
  for (const m of ['views/pages/product/TierTable.tsx', 'views/pages/product/PriceBreakdown.tsx', 'views/pages/product/ProductDetails.tsx', 'views/components/listing/ProductGrid.tsx', 'views/components/prices/PriceChart.tsx', 'views/pages/product/AlertLinkNotice.tsx', 'src/contracts/checkout-rules.ts']) {
    t.notOk(product.has(m), `product/Page.tsx loads nothing of ${m} first`);
  }
  // the check sees what it looks for: each is built, in a chunk of its own reached later
  for (const m of ['views/blocks/Products.tsx', 'views/pages/product/TierTable.tsx', 'views/components/listing/ProductGrid.tsx']) {
    t.ok(Object.values(outputs).some((o) => m in o.inputs), `${m} is still built`);
  }
});

t.test('home, shop and product pages load no form code before the first use: the footer form is an island', async (t) => {
  for (const name of ['home/Page.tsx', 'shop/Page.tsx', 'product/Page.tsx']) {
    const page = Object.keys(outputs).find((p) => outputs[p].entryPoint?.endsWith(`views/pages/${name}`)) as string;
    const inputs = new Set([...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs)));
    for (const m of ['views/components/forms/Fields.tsx', 'views/components/forms/useForm.ts', 'views/components/forms/NewsletterForm.tsx', 'views/pages/product/AvailabilityAlert.tsx']) {
      t.notOk(inputs.has(m), `${name} loads nothing of ${m} first`);
    }
  }
});

/** Libraries the signed-in account area's first load does without: the schema library (the browser checks
 * no schema; runtime values live in schema-free modules such as src/contracts/order-states.ts) and the IBAN
 * checker (an order page prints the shop's IBAN, display.ts formatIban; checking is for forms that take one). */
const NOT_IN_ACCOUNT_PAGES = ['node_modules/typebox/', 'node_modules/ibantools/'];

/** Parts of one account page (module -> that page's folder), which the other account pages do without. */
const ACCOUNT_PAGE_PARTS: Record<string, string> = {
  'views/components/account-area/limit-order-input.ts': 'account-limit-order',
  'views/components/account-area/DepositParts.tsx': 'account-deposit',
};

t.test('no account-area page loads the schema library, the IBAN checker or the parts of another account page before the first tap', async (t) => {
  const accountPages = Object.keys(outputs).filter((p) => /views\/pages\/account[^/]*\/Page\.tsx$/.test(outputs[p].entryPoint ?? ''));
  t.ok(accountPages.length >= 11, `every account-area page is checked (${accountPages.length})`);
  for (const page of accountPages) {
    const inputs = [...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs));
    for (const lib of NOT_IN_ACCOUNT_PAGES) {
      t.same(inputs.filter((m) => m.includes(lib)), [], `${outputs[page].entryPoint} loads nothing of ${lib}`);
    }
  }
  // one page's parts load with that page only: the other pages name an expiry with the store's clock alone
  // (store-time.ts), and the order page signs a sale's gain without the deposit's lots and sale preview (gain.ts)
  for (const [module, owner] of Object.entries(ACCOUNT_PAGE_PARTS)) {
    for (const page of accountPages.filter((p) => !outputs[p].entryPoint?.includes(`/${owner}/`))) {
      const inputs = [...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs));
      t.notOk(inputs.includes(module), `${outputs[page].entryPoint} does not load ${module}`);
    }
  }
  // the check sees what it looks for: the checkout's payout form still checks IBANs with ibantools
  t.ok(Object.values(outputs).some((o) => Object.keys(o.inputs).some((m) => m.includes('node_modules/ibantools/'))), 'ibantools is still built, for the forms');
});

t.test('each page type stays within its budget of JavaScript before the first tap or scroll', async (t) => {
  for (const [page, budget] of Object.entries(BUDGETS)) {
    const w = weights.pages.find((p) => p.page === page);
    if (!w) {
      t.fail(`${page} is built`);
      continue;
    }
    t.ok(w.total <= budget, `${page}: ${(w.total / 1000).toFixed(1)} kB <= ${(budget / 1000).toFixed(1)} kB`);
  }
});

t.test('no page loads the phone check or a checkout step it does not show before the visitor uses it', async (t) => {
  // views/components/forms/field-rules.ts and views/pages/checkout/step-chunks.ts load them on first use
  const later = (m: string) => m.startsWith('node_modules/libphonenumber-js/') || m === 'src/contracts/phone-rules.ts'
    || /^views\/pages\/checkout\/(DataStep|DeliveryStep|ReviewStep)\.tsx$/.test(m);
  for (const page of Object.keys(outputs).filter((p) => p.endsWith('.js') && /views\/pages\/[^/]+\/Page\.tsx$/.test(outputs[p].entryPoint ?? ''))) {
    const inputs = [...weights.closure([entry, page])].flatMap((p) => Object.keys(outputs[p].inputs));
    const found = inputs.filter(later);
    t.same(found, [], `${outputs[page].entryPoint}: nothing of it before the first use`);
  }
  // the check sees what it looks for: each is built, in a chunk loaded later
  for (const m of ['src/contracts/phone-rules.ts', 'views/pages/checkout/DeliveryStep.tsx']) t.ok(Object.values(outputs).some((o) => m in o.inputs), `${m} is still built`);
});

/** The checkout landed on directly on a step (a reload, a link back from the sign-in): the entry, the
 * checkout page's chunk and that step's chunk, with their static imports (views/pages/checkout/step-chunks.ts
 * loads the step shown before anything else). Issue 27's goal, 150 kB elsewhere, for each of them.
 * Decision: before TransferAccount left CompanyDetails.tsx (the contact block's opening hours) and the
 * IBAN check (ibantools) loaded on first use (views/components/forms/bank-rules.ts), the same count gave
 * data 147.8 kB, delivery 152.7, review 150.1. */
const STEP_BUDGET = 150_000;
const STEPS = ['DataStep', 'DeliveryStep', 'ReviewStep'] as const;
const checkoutPage = Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith('views/pages/checkout/Page.tsx')) as string;
const stepChunk = (step: string) => Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith(`views/pages/checkout/${step}.tsx`));
const stepFiles = (chunk: string) => [...weights.closure([entry, checkoutPage, chunk])];
const stepInputs = (chunk: string) => stepFiles(chunk).flatMap((p) => Object.keys(outputs[p].inputs));

t.test('the checkout landed on directly on each step stays within 150 kB before the first tap', async (t) => {
  t.ok(checkoutPage, 'the checkout page is built');
  for (const step of STEPS) {
    const chunk = stepChunk(step);
    if (!chunk) {
      t.fail(`${step} is a chunk of its own`);
      continue;
    }
    const total = stepFiles(chunk).reduce((n, p) => n + weights.br(p), 0);
    t.ok(total <= STEP_BUDGET, `checkout/${step}: ${(total / 1000).toFixed(1)} kB <= ${(STEP_BUDGET / 1000).toFixed(1)} kB`);
  }
});

t.test('no checkout step loads the IBAN checker or the contact block before the first use', async (t) => {
  const notBefore = ['node_modules/ibantools/', 'views/lib/opening-hours.ts', 'views/components/CompanyDetails.tsx'];
  for (const step of STEPS) {
    const chunk = stepChunk(step);
    t.ok(chunk, `${step} is a chunk of its own`);
    if (!chunk) continue;
    const inputs = stepInputs(chunk);
    for (const m of notBefore) t.same(inputs.filter((x) => x.includes(m)), [], `checkout/${step} loads nothing of ${m}`);
    // the check sees what it looks for: the steps are still counted with the transfer account they show
    if (step !== 'DataStep') t.ok(inputs.some((x) => x.includes('views/components/TransferAccount.tsx')), `checkout/${step} shows the transfer account`);
  }
  // ... and the IBAN check is still built, for the payout account (views/components/forms/bank-rules.ts)
  const built = (m: string) => Object.values(outputs).some((o) => Object.keys(o.inputs).some((x) => x.includes(m)));
  t.ok(built('node_modules/ibantools/'), 'ibantools is still built, for the payout account');
  t.ok(built('src/contracts/bank-details.ts'), 'the IBAN check is still built');
});
