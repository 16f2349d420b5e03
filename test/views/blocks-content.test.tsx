// Component tests of the CMS blocks that show content as it is: what a visitor reads and can use, found by
// role and label as a screen reader would.
import 'global-jsdom/register';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Block } from '../../src/contracts/content.ts';
import { Blocks } from '../../views/blocks/Blocks.tsx';
import { richDoc } from '../../src/storefront/cms/reshape.ts';
import { renderView, takeDataLayer } from './helpers.tsx';

t.afterEach(() => cleanup());

const p = (text: string) => [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }];

t.test('hero: the page heading, its text and the call to action', async (t) => {
  renderView(<Blocks blocks={[{ type: 'hero', id: 'h', headline: 'Edelmetalle kaufen', text: p('Zu Live-Preisen.'), cta: { href: '/shop', label: 'Zum Shop' } }]} />);
  t.equal(screen.getByRole('heading', { level: 1 }).textContent, 'Edelmetalle kaufen');
  t.ok(screen.getByText('Zu Live-Preisen.'));
  t.equal(screen.getByRole('link', { name: 'Zum Shop' }).getAttribute('href'), '/shop');
});

const banner = { id: 'b1', headline: 'Altgold verkaufen?', text: 'Wert in einer Minute schätzen.', href: '/shop/altgold-ankauf', linkLabel: 'Zum Rechner', theme: 'gold' as const, trackingName: 'home-scrap' };

t.test('banner: one link that navigates in the app and pushes banner_click', async (t) => {
  const navigated: string[] = [];
  takeDataLayer();
  renderView(<Blocks blocks={[{ type: 'banner', ...banner }]} />, { navigated });
  t.ok(screen.getByRole('heading', { name: 'Altgold verkaufen?' }));
  await userEvent.click(screen.getByRole('link', { name: 'Zum Rechner' }));
  t.same(navigated, ['/shop/altgold-ankauf']);
  t.same(takeDataLayer(), [{ event: 'banner_click', banner: { name: 'home-scrap', href: '/shop/altgold-ankauf' } }]);
});

t.test('slider: a labelled carousel announcing "n of N", turned by buttons, with the slide position tracked', async (t) => {
  takeDataLayer();
  const slides = [banner, { ...banner, id: 'b2', headline: 'Depot', linkLabel: 'Zum Depot', href: '/kundenkonto/depotverwaltung', trackingName: 'home-depot' }, { ...banner, id: 'b3', headline: 'Filialen', linkLabel: 'Zu den Filialen', href: '/filialen', trackingName: 'home-stores' }];
  renderView(<Blocks blocks={[{ type: 'slider', id: 's', label: 'Aktuelles bei Aurum', slides, autoplay: false }]} />);
  const carousel = screen.getByRole('region', { name: 'Aktuelles bei Aurum' });
  t.equal(carousel.getAttribute('aria-roledescription'), 'Karussell');
  t.equal(screen.getByRole('group', { name: '1 von 3' }).getAttribute('aria-roledescription'), 'Folie');
  t.equal(screen.queryByRole('link', { name: 'Zum Depot' }), null, 'only the current slide is shown');
  await userEvent.click(screen.getByRole('button', { name: 'Nächste Folie' }));
  await userEvent.click(screen.getByRole('link', { name: 'Zum Depot' }));
  t.match(takeDataLayer(), [{ event: 'banner_click', banner: { name: 'home-depot', position: 2 } }]);
  await userEvent.click(screen.getByRole('button', { name: 'Vorherige Folie' }));
  await userEvent.click(screen.getByRole('button', { name: 'Vorherige Folie' }));
  t.ok(screen.getByRole('link', { name: 'Zu den Filialen' }), 'previous from the first slide wraps to the last');
  t.equal(screen.queryByRole('button', { name: /Folien anhalten|Folien abspielen/ }), null, 'no pause button without autoplay');
});

t.test('rich text: headline and text, links kept, content headings start below the page title', async (t) => {
  renderView(<Blocks blocks={[{ type: 'rich_text', id: 'r', headline: 'Über uns', text: [{ type: 'heading', level: 1, content: [{ type: 'text', text: 'Geschichte' }] }, { type: 'paragraph', content: [{ type: 'text', text: 'Filialen', href: '/filialen' }] }] }]} />);
  t.ok(screen.getByRole('heading', { level: 2, name: 'Über uns' }));
  t.ok(screen.getByRole('heading', { level: 2, name: 'Geschichte' }), 'an editor h1 becomes h2');
  t.equal(screen.getByRole('link', { name: 'Filialen' }).getAttribute('href'), '/filialen');
});

t.test('rich text from the CMS: text without marks travels as a plain string and reads the same, marks and links kept', async (t) => {
  const doc = richDoc({
    type: 'doc',
    content: [{ type: 'paragraph', content: [
      { type: 'text', text: 'Verantwortlich ist die ' },
      { type: 'text', text: 'Aurum AG', marks: [{ type: 'bold' }] },
      { type: 'hard_break' },
      { type: 'text', text: 'E-Mail: ' },
      { type: 'text', text: 'datenschutz@aurum.example', marks: [{ type: 'link', attrs: { href: 'mailto:datenschutz@aurum.example' } }] },
    ] }],
  });
  // the hydration data carries a run without marks as its text alone (issue 27)
  t.same(doc, [{ type: 'paragraph', content: ['Verantwortlich ist die ', { type: 'text', text: 'Aurum AG', bold: true }, { type: 'hard_break' }, 'E-Mail: ', { type: 'text', text: 'datenschutz@aurum.example', href: 'mailto:datenschutz@aurum.example' }] }]);
  t.same(richDoc('Ein Satz.'), [{ type: 'paragraph', content: ['Ein Satz.'] }], 'a plain string field');
  const { container } = renderView(<Blocks blocks={[{ type: 'rich_text', id: 'r', text: doc }]} />);
  t.equal(container.querySelector('.rich-text p')?.innerHTML, 'Verantwortlich ist die <span><strong>Aurum AG</strong></span><br>E-Mail: <a href="mailto:datenschutz@aurum.example" rel="noopener noreferrer">datenschutz@aurum.example</a>');
});

for (const kind of ['faq', 'accordion'] as const) {
  t.test(`${kind}: one native disclosure per item (keyboard comes with <details>), closed at first`, async (t) => {
    const block: Block = kind === 'faq'
      ? { type: 'faq', id: 'f', headline: 'Häufige Fragen', items: [{ id: 'q1', question: 'Wie schnell wird geliefert?', answer: p('In 3–5 Werktagen.') }, { id: 'q2', question: 'Kann ich zurückgeben?', answer: p('Ja.') }] }
      : { type: 'accordion', id: 'f', headline: 'Häufige Fragen', items: [{ id: 'q1', title: 'Wie schnell wird geliefert?', text: p('In 3–5 Werktagen.') }, { id: 'q2', title: 'Kann ich zurückgeben?', text: p('Ja.') }] };
    const { container } = renderView(<Blocks blocks={[block]} />);
    t.ok(screen.getByRole('heading', { name: 'Häufige Fragen' }));
    const details = container.querySelectorAll('details');
    t.equal(details.length, 2);
    t.notOk(details[0].open);
    await userEvent.click(screen.getByText('Wie schnell wird geliefert?'));
    t.ok(details[0].open, 'the summary opens it');
    t.notOk(details[1].open, 'the others stay closed');
  });
}

t.test('cards: title, text, icon (decorative) and the link with its label', async (t) => {
  const { container } = renderView(<Blocks blocks={[{ type: 'cards', id: 'c', headline: 'Was wir tun', items: [{ id: 'c1', title: 'Gold kaufen', text: 'Barren und Münzen.', icon: 'gold', link: { href: '/shop', label: 'Gold ansehen' } }] }]} />);
  const list = screen.getByRole('list');
  t.ok(within(list).getByRole('heading', { name: 'Gold kaufen' }));
  t.equal(within(list).getByRole('link', { name: 'Gold ansehen' }).getAttribute('href'), '/shop');
  t.equal(container.querySelector('svg')?.getAttribute('aria-hidden'), 'true');
});

t.test('notice: title and text in an aside with its tone', async (t) => {
  const { container } = renderView(<Blocks blocks={[{ type: 'notice', id: 'n', tone: 'warning', title: 'Nur mit Termin', text: p('Bitte vorher anrufen.') }]} />);
  t.ok(screen.getByRole('complementary'));
  t.ok(screen.getByText('Nur mit Termin'));
  t.ok(container.querySelector('.notice-warning'));
});

t.test('how to sell: numbered steps in order, with the link on to the sell page', async (t) => {
  renderView(<Blocks blocks={[{ type: 'how_to_sell', id: 'h', headline: 'So verkaufen Sie', intro: 'In vier Schritten.', steps: [{ id: 's1', title: 'Ware auswählen', text: 'Legen Sie sie in den Korb.', icon: 'cart' }, { id: 's2', title: 'Einsenden', text: 'Versichert.', icon: 'package' }], link: { href: '/ankauf', label: 'Mehr zum Ankauf' } }]} />);
  const steps = within(screen.getByRole('list')).getAllByRole('listitem');
  t.equal(steps.length, 2);
  t.equal(screen.getByRole('list').tagName, 'OL');
  t.match(steps[0].textContent, /^1 Ware auswählen/);
  t.equal(screen.getByRole('link', { name: 'Mehr zum Ankauf' }).getAttribute('href'), '/ankauf');
});

t.test('contact data: address, phone and e-mail as links, opening hours grouped by day', async (t) => {
  renderView(
    <Blocks blocks={[{
      type: 'contact_data', id: 'c', headline: 'Kontakt und Sprechzeiten',
      contact: { name: 'Honorarkonsulat', streetAddress: 'Stickereiplatz 4', postalCode: '9000', city: 'St. Gallen', country: 'CH', phone: '+41 71 555 06 00', email: 'konsulat@aurum.example', hours: [{ dayFrom: 'Monday', dayTo: 'Friday', from: '09:00', to: '12:00' }], note: 'Nur mit Termin.' },
    }]} />,
  );
  t.equal(screen.getByRole('link', { name: '+41 71 555 06 00' }).getAttribute('href'), 'tel:+41715550600');
  t.equal(screen.getByRole('link', { name: 'konsulat@aurum.example' }).getAttribute('href'), 'mailto:konsulat@aurum.example');
  t.ok(screen.getByText('Schweiz'));
  t.ok(screen.getByText('Montag – Freitag'));
  t.ok(screen.getByText('09:00 – 12:00 Uhr'));
  t.ok(screen.getByText('Samstag – Sonntag'));
  t.ok(screen.getByText('Nur mit Termin.'));
});

t.test('contact data of a store links to the store page, times in 12-hour style in the US', async (t) => {
  renderView(
    <Blocks blocks={[{ type: 'contact_data', id: 'c', headline: 'Visit us', contact: { name: 'Aurum New York', city: 'New York', hours: [{ dayFrom: 'Monday', dayTo: 'Friday', from: '09:00', to: '17:00' }], storeSlug: 'new-york' } }]} />,
    { store: 'us', lang: 'en' },
  );
  t.equal(screen.getByRole('link', { name: /Aurum New York/ }).getAttribute('href'), '/en/stores/new-york');
  t.ok(screen.getByText('9:00 AM – 5:00 PM'));
});

t.test('newsletter: the block carries the subscription form (double opt-in notice, privacy policy linked)', async (t) => {
  renderView(<Blocks blocks={[{ type: 'newsletter', id: 'n', headline: 'Marktberichte per E-Mail', text: 'Einmal im Monat.' }]} />);
  t.ok(screen.getByRole('heading', { name: 'Marktberichte per E-Mail' }));
  t.ok(screen.getByLabelText(/^E-Mail-Adresse für den Newsletter/));
  t.ok(screen.getByRole('button', { name: 'Abonnieren' }));
  t.equal(screen.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href'), '/datenschutz');
});

t.test('whistleblower form: its intro, the report form (anonymous by default) and the way to read answers', async (t) => {
  renderView(<Blocks blocks={[{ type: 'whistleblower_form', id: 'w', headline: 'Meldung abgeben', intro: p('Anonym möglich.') }]} />, { lang: 'en' });
  t.ok(screen.getByRole('heading', { name: 'Meldung abgeben' }));
  t.ok(screen.getByText('Anonym möglich.'));
  t.ok((screen.getByRole('checkbox', { name: 'Report anonymously' }) as HTMLInputElement).checked);
  t.ok(screen.getByRole('heading', { name: 'Read the answers to your report' }));
  t.ok(screen.getByLabelText(/^Case reference/));
});

t.test('section: its blocks side by side in the columns the editor chose', async (t) => {
  const { container } = renderView(<Blocks blocks={[{ type: 'section', id: 's', headline: 'Kontakt', columns: 2, blocks: [{ type: 'rich_text', id: 'a', headline: 'Links', text: p('A') }, { type: 'rich_text', id: 'b', headline: 'Rechts', text: p('B') }] }]} />);
  t.ok(container.querySelector('.section-cols-2 .section-grid'));
  t.equal(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent).join(','), 'Kontakt,Links,Rechts');
});
