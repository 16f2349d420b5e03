// Component tests of consent (spec 3 groups, all but Necessary denied until given): the banner, the
// settings dialog (keyboard and focus), the remembered choice, and the embeds that wait for Targeting
// consent (video and map).
import 'global-jsdom/register';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConsentBanner } from '../../views/components/consent/ConsentBanner.tsx';
import { ConsentSettingsLink } from '../../views/components/consent/ConsentSettingsLink.tsx';
import { SkipLink } from '../../views/components/SkipLink.tsx';
import { Blocks } from '../../views/blocks/Blocks.tsx';
import { CONSENT_STORAGE_KEY, getConsent, resetConsentForTests } from '../../client/state/consent.ts';
import type { Block } from '../../src/contracts/content.ts';
import { renderView } from './helpers.tsx';

t.afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie = 'aurumConsent=; Path=/; Max-Age=0';
  resetConsentForTests();
});

const consentCookie = () => /(?:^|; )aurumConsent=([^;]*)/.exec(document.cookie)?.[1] ?? null;

/** What every page has around the banner: the skip link first, the main content, the footer's link. */
function Page({ children }: { children?: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <ConsentBanner />
      <main id="main" tabIndex={-1}>{children}</main>
      <footer><ConsentSettingsLink /></footer>
    </>
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { version: number; groups: Record<string, boolean> } | null;

t.test('the banner asks first, by keyboard right after the skip link, and "Accept all" is remembered', async (t) => {
  renderView(<Page />);
  const banner = screen.getByRole('region', { name: 'Cookies und Ihre Privatsphäre' });
  t.ok(within(banner).getByRole('link', { name: 'Datenschutzerklärung' }));
  await userEvent.tab();
  t.equal(document.activeElement?.textContent, 'Direkt zum Hauptinhalt');
  await userEvent.tab();
  await userEvent.tab();
  t.equal(document.activeElement, within(banner).getByRole('button', { name: 'Alle akzeptieren' }), 'the banner comes next');
  await userEvent.keyboard('{Enter}');
  t.equal(screen.queryByRole('region', { name: 'Cookies und Ihre Privatsphäre' }), null, 'the banner is gone');
  t.equal(document.activeElement?.id, 'main', 'focus moves on to the main content');
  t.same(stored()?.groups, { necessary: true, performance: true, functional: true, targeting: true, social: true });
  t.equal(consentCookie(), '1.performance-functional-targeting-social', 'the choice is in the cookie the server reads');

  cleanup();
  resetConsentForTests(); // a new page load: the choice comes from storage
  renderView(<Page />);
  t.equal(screen.queryByRole('region', { name: 'Cookies und Ihre Privatsphäre' }), null, 'the next page does not ask again');
  t.equal(getConsent().choice.targeting, true);
});

t.test('"Only necessary" weighs as much as "Accept all" and denies every other group', async (t) => {
  renderView(<Page />, { lang: 'en' });
  const accept = screen.getByRole('button', { name: 'Accept all' });
  const necessary = screen.getByRole('button', { name: 'Only necessary' });
  t.equal(necessary.className, accept.className, 'the same look');
  await userEvent.click(necessary);
  t.same(stored()?.groups, { necessary: true, performance: false, functional: false, targeting: false, social: false });
});

t.test('the settings dialog: modal, focused, Tab stays inside, Escape closes and focus returns', async (t) => {
  renderView(<Page />);
  const opener = within(screen.getByRole('region', { name: 'Cookies und Ihre Privatsphäre' })).getByRole('button', { name: 'Cookie-Einstellungen' });
  await userEvent.click(opener);
  // the dialog's code is a chunk of its own (issue 27): it shows once loaded
  const dialog = await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' });
  t.equal(dialog.getAttribute('aria-modal'), 'true');
  t.equal(document.activeElement, dialog, 'focus moves into the dialog');
  const groups = within(dialog).getAllByRole('checkbox');
  t.same(groups.map((g) => (g as HTMLInputElement).labels?.[0]?.textContent?.replace(/ \(.*\)$/, '')), ['Notwendig', 'Leistung', 'Funktional', 'Targeting', 'Soziale Medien'], 'the five groups of spec 3');
  t.same(groups.map((g) => (g as HTMLInputElement).checked), [true, false, false, false, false], 'all but Necessary denied until given');
  t.ok((groups[0] as HTMLInputElement).disabled, 'Necessary cannot be switched off');
  within(dialog).getByRole('button', { name: 'Abbrechen' }).focus();
  await userEvent.tab();
  t.ok(dialog.contains(document.activeElement), 'Tab from the last control wraps to the first');
  await userEvent.tab({ shift: true });
  t.equal(document.activeElement?.textContent, 'Abbrechen', 'and Shift+Tab back');
  await userEvent.keyboard('{Escape}');
  t.equal(screen.queryByRole('dialog'), null);
  t.equal(document.activeElement, opener, 'focus is back on the button that opened it');
  t.equal(stored(), null, 'nothing was chosen');
});

t.test('a choice saved in the settings holds for exactly the groups ticked', async (t) => {
  renderView(<Page />);
  await userEvent.click(screen.getAllByRole('button', { name: 'Cookie-Einstellungen' })[0]);
  await userEvent.click(screen.getByRole('checkbox', { name: /Leistung/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Targeting/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
  t.same(stored()?.groups, { necessary: true, performance: true, functional: false, targeting: true, social: false });
  t.equal(screen.queryByRole('region', { name: 'Cookies und Ihre Privatsphäre' }), null);
});

t.test('the choice can be changed from the footer, starting from what was chosen', async (t) => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 1, groups: { targeting: true } }));
  renderView(<Page />);
  t.equal(screen.queryByRole('region', { name: 'Cookies und Ihre Privatsphäre' }), null, 'decided: no banner');
  const footerLink = within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie-Einstellungen' });
  await userEvent.click(footerLink);
  t.ok((screen.getByRole('checkbox', { name: /Targeting/ }) as HTMLInputElement).checked);
  await userEvent.click(screen.getByRole('checkbox', { name: /Targeting/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
  t.equal(stored()?.groups.targeting, false, 'consent withdrawn');
  t.equal(document.activeElement, footerLink);
});

t.test('a choice stored under another version of the groups is asked again', async (t) => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 0, groups: { targeting: true } }));
  renderView(<Page />);
  t.ok(screen.getByRole('region', { name: 'Cookies und Ihre Privatsphäre' }));
  t.equal(getConsent().choice.targeting, false);
});

const video = (over: Partial<Extract<Block, { type: 'video' }>> = {}): Block => ({
  type: 'video', id: 'v', provider: 'youtube', videoId: 'dQw4w9WgXcQ', title: 'So prüfen wir Gold', alignment: 'right', embedded: false,
  placeholderText: 'Dieses Video liegt bei YouTube.', caption: 'Im Prüflabor', ...over,
});

t.test('video: a placeholder with explanation and buttons until Targeting consent, then the player', async (t) => {
  const { container } = renderView(<Page><Blocks blocks={[video()]} /></Page>);
  t.equal(container.querySelector('iframe'), null, 'nothing of YouTube loads before consent');
  const main = screen.getByRole('main');
  t.ok(within(main).getByText('So prüfen wir Gold'));
  t.ok(within(main).getByText('Dieses Video liegt bei YouTube.'));
  t.ok(container.querySelector('.video-fixed.video-align-right'), 'right-aligned, 560 x 315 (not embedded)');
  await userEvent.click(within(main).getByRole('button', { name: 'Targeting-Cookies erlauben und Video zeigen' }));
  const frame = screen.getByTitle('So prüfen wir Gold');
  t.equal(frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  t.equal(stored()?.groups.targeting, true, 'the consent is the visitor\'s choice from now on');
  t.equal(stored()?.groups.performance, false, 'and only that group');
  t.ok(container.querySelector('.consent-gate')?.contains(document.activeElement), 'focus stays where the button was');
});

t.test('video: its settings button opens the dialog; consent there shows the (Vimeo, embedded 16:9) video', async (t) => {
  const { container } = renderView(<Page><Blocks blocks={[video({ provider: 'vimeo', videoId: '123456789', embedded: true, alignment: 'center' })]} /></Page>);
  t.ok(container.querySelector('.video-embedded'));
  await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Cookie-Einstellungen' }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Targeting/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Auswahl speichern' }));
  t.equal(screen.getByTitle('So prüfen wir Gold').getAttribute('src'), 'https://player.vimeo.com/video/123456789?dnt=1');
  t.equal(document.activeElement, container.querySelector('.consent-gate'), 'focus returns to the video');
});

t.test('a choice made in another tab reaches this one', async (t) => {
  renderView(<Page><Blocks blocks={[video()]} /></Page>);
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 1, groups: { targeting: true } }));
  window.dispatchEvent(new window.StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
  t.ok(await screen.findByTitle('So prüfen wir Gold'));
});

t.test('a choice stored in this browser before the cookie existed still counts and goes into the cookie', async (t) => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 1, groups: { necessary: true, social: true } }));
  resetConsentForTests();
  t.equal(getConsent().decided, true);
  t.equal(consentCookie(), '1.social');
});
