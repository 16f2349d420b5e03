// The ticker's change for screen readers says the direction in words, so the figure carries no sign
// ("gefallen um 0,57 %", not "gefallen um +0,57 %": that read as a rise).
import t from 'tap';
import { changeWords } from '../../views/components/prices/format.ts';
import { translator } from '../../src/i18n.ts';

t.test('the spoken change has no sign: the word says up or down', async (t) => {
  const de = translator('de');
  const en = translator('en');
  t.match(changeWords(-57, 'de-DE', de), /^gefallen um 0,57\s%\sin 24 Stunden$/);
  t.match(changeWords(57, 'de-DE', de), /^gestiegen um 0,57\s%\sin 24 Stunden$/);
  t.match(changeWords(-57, 'en-US', en), /^[^+-]*0\.57%[^+-]*$/);
});
