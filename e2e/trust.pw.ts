// The footer's company facts (CMS story `company`): hotline, insured shipping, payments, the Trusted Shops
// badge and the legal line, per store, at desktop, tablet (768 px, spec 9) and phone widths; axe clean.
import { test, expect, url, consentDecided, fitsViewport, reviewPickupOrder } from './fixtures.ts';

for (const [width, height] of [[1280, 800], [768, 1024], [375, 812]] as const) {
  test(`the footer shows the store's hotline, insured shipping, payments, reviews and legal line at ${width} px`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height });
    await consentDecided(page);
    await page.goto(url('de.localhost', '/'));
    const trust = page.getByTestId('trust-bar');
    await trust.scrollIntoViewIfNeeded();
    await expect(trust.getByRole('link', { name: /^\+49 / })).toHaveAttribute('href', /^tel:\+49\d+$/);
    await expect(trust).toContainText('Versicherter Versand');
    await expect(trust).toContainText('Überweisung');
    await expect(trust.getByRole('link', { name: 'Bewertungen bei Trusted Shops' })).toHaveAttribute('href', /^https:\/\/www\.trustedshops\.de\//);
    await expect(page.getByTestId('legal-line')).toContainText(/Aurum Edelmetalle GmbH · Feingoldstraße 14 · 80331 München · Amtsgericht München HRB \d+ · USt-IdNr\. DE\d{9}/);
    await expect(page.locator('footer')).toContainText('Edelmetalle zu Marktpreisen');
    await fitsViewport(page);
    await axe();
  });
}

test('the US imprint gives the company, a US address and the USD account; the link is in the footer', async ({ page, axe }) => {
  await consentDecided(page);
  await page.goto(url('us.localhost', '/en'));
  await page.locator('footer').getByRole('link', { name: 'Imprint' }).click();
  await expect(page).toHaveURL(url('us.localhost', '/en/imprint'));
  const facts = page.getByTestId('company-details');
  await expect(facts).toContainText('Aurum Precious Metals Inc.');
  await expect(facts).toContainText('New York, NY 10036');
  await expect(facts).toContainText('Routing number (ABA)');
  await expect(facts).not.toContainText('IBAN');
  await axe();
});

test('the checkout names the account a bank transfer goes to, from the company story, before the order is placed', async ({ page, axe }) => {
  await consentDecided(page);
  await reviewPickupOrder(page);
  const account = page.getByTestId('transfer-account');
  await expect(account).toContainText('Aurum Edelmetalle AG');
  await expect(account).toContainText(/CH\d\d( \d{4}){4} \d/);
  await axe();
});
