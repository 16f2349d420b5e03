// Ports for a test that starts the whole shop (PORT and the parts' PORT+1..PORT+4, src/config.ts servicePorts).
// Decision (CI, stop 40): they come from below the kernel's ephemeral range. CI's tap run on PGlite runs beside the
// database restart test, and its tests make thousands of outgoing connections and listen(0) servers, each on a port
// the kernel picks from that range (32768-60999 on Linux): a block found free there could be taken before the
// shop listened, and the shop exits at start with EADDRINUSE (stop 40's CI failed with two failures and the
// restart test's 15 checks missing, which is what that start failure gives). Below the range only tests that
// choose a port themselves compete, and they take theirs here too. The test PostgreSQL server's port is never
// handed out, even while the restart test has the server stopped.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel hands out by itself; 32768 where the setting cannot be read (Linux's default). */
export function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 1024 && low <= 65535) return low;
  } catch {
    // not Linux
  }
  return 32768;
}

export function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

/** The test PostgreSQL server's port: from TEST_DATABASE_URL, or from the `-p` of TEST_PG_START_ARGS (.ci/run),
 * which the tap run on PGlite still sees (scripts/test-suites.ts takes TEST_DATABASE_URL away from it). */
export function databasePort(env: NodeJS.ProcessEnv = process.env): number | null {
  const fromArgs = /(?:^|\s|')-p\s+(\d+)/.exec(env.TEST_PG_START_ARGS ?? '')?.[1];
  if (fromArgs) return Number(fromArgs);
  if (!env.TEST_DATABASE_URL) return null;
  try {
    return Number(new URL(env.TEST_DATABASE_URL).port || 5432);
  } catch {
    return null;
  }
}

/** The first of `count` free ports in a row (default 5: the shop's storefront, commerce, prices, content and back
 * office), from 10000 to below the ephemeral range. */
export async function freePortBlock(count = 5): Promise<number> {
  const low = 10_000;
  const high = Math.max(low + 1000, ephemeralLow()) - count;
  const avoid = databasePort();
  for (let i = 0; i < 100; i++) {
    const base = low + Math.floor(Math.random() * (high - low));
    if (avoid !== null && avoid >= base && avoid < base + count) continue;
    let ok = true;
    for (let p = base; p < base + count && ok; p++) ok = await portFree(p);
    if (ok) return base;
  }
  throw new Error(`no ${count} free ports in a row below ${high + count}`);
}
