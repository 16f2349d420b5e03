// `npm run ops:create-admin -- --email anna@example.com`: creates an operator with the admin role on the
// configured database (DATABASE_URL / DATA_DIR, migrated first). The way to the first admin in production,
// where no demo operators exist; further operators are created by an admin in the back office.
//
// The password never comes from the command line (other users see a process's arguments in `ps`): from
// OPS_ADMIN_PASSWORD, else from standard input (typed without echo on a terminal, or piped: the first line).
// At least 12 characters. Exits 1 with a message when the e-mail is taken or the input is not valid.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { migrate, openDb } from '../src/commerce/db/index.ts';
import { createOperator } from '../src/commerce/ops/index.ts';
import { AppError } from '../src/lib/errors.ts';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPS_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let data = '';
    for await (const chunk of stdin) data += String(chunk);
    return data.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write('Password for the new admin (not shown): ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (s: string) => {
      for (const ch of s) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    console.error('Usage: npm run ops:create-admin -- --email admin@example.com  (password from OPS_ADMIN_PASSWORD or standard input)');
    return 1;
  }
  const password = await readPassword();
  if ([...password].length < 12 || password.length > 200) {
    console.error('The password needs 12 to 200 characters.');
    return 1;
  }
  const config = loadConfig(process.env);
  const db = await openDb(config.DATABASE_URL, config.DATA_DIR);
  try {
    await migrate(db);
    const operator = await createOperator(db, { email, password, roles: ['admin'] }, { type: 'system', id: 'ops:create-admin', email: null }, new Date());
    console.log(`Created admin ${operator.email} (${operator.id}).`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'operator_email_taken') {
      console.error(`An operator with the e-mail ${email} exists already.`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
