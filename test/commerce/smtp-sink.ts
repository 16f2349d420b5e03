// A minimal SMTP server for the tests that send real mail (nodemailer over SMTP): every message's envelope and
// raw data, the count of recipients asked for, and optionally refused recipients or custom answers. The tests
// take smtpServer (closed with the test); the benchmarks, which run without tap, startSmtpSink and close it.
import type { Test } from 'tap';
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSinkOptions {
  refuse?: boolean;
  answer?: (n: number) => string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  recipients(): number;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server: accepts everything, or refuses recipients with 554 when refuse is set; answer
 * decides the reply to the n-th recipient (1-based) instead, e.g. 451 (try again later) a few times.
 * Closed with the test.
 */
export async function smtpServer(t: Test, opts: SmtpSinkOptions = {}): Promise<Omit<SmtpSink, 'close'>> {
  const sink = await startSmtpSink(opts);
  t.teardown(sink.close);
  return sink;
}

/** The same server, started and closed by its caller. */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let rcpts = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    let buf = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    sock.write('220 test ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            sock.write('250 queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250 test\r\n');
        else if (cmd === 'MAIL') {
          current.from = line;
          sock.write('250 ok\r\n');
        } else if (cmd === 'RCPT') {
          const reply = opts.answer?.(++rcpts) ?? (opts.refuse ? '554 no such user' : '250 ok');
          if (!reply.startsWith('250')) sock.write(`${reply}\r\n`);
          else {
            current.to.push(line);
            sock.write('250 ok\r\n');
          }
        } else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  const port = (server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, recipients: () => rcpts, close };
}

/** Quoted-printable soft breaks and escapes undone, so a link in the mail reads as one line. */
const unQuote = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The activation token in the mail sent to `email`, once it has arrived (up to 10 s). */
export async function activationToken(smtp: Pick<SmtpSink, 'mails'>, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const token = /token=([A-Za-z0-9_-]+)/.exec(unQuote(smtp.mails.find((m) => m.data.includes(email))?.data ?? ''))?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no activation mail arrived');
}
