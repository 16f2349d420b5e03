import t from 'tap';
import { readFileSync } from 'node:fs';
import { configTable, variables } from '../../src/config.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

t.test('the README configuration table is the one generated from src/config.ts', async (t) => {
  t.ok(readme.includes(configTable()), 'run `npx tsx src/config.ts` and paste the table into README.md');
  for (const name of Object.keys(variables)) t.match(readme, `\`${name}\``, `${name} is documented`);
});

t.test('the README quick start has the two commands: install and start, run all tests', async (t) => {
  t.match(readme, 'npm install && npm start');
  t.match(readme, 'npm test');
});
