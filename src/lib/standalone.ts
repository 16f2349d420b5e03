// Running a process of this repository: read the configuration (a bad value stops start-up with a
// message naming the variable), start, and on SIGTERM/SIGINT close (in-flight requests finish first)
// and exit 0; a close that hangs longer than 15 s exits 1.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.ts';

export interface Started {
  close(): Promise<unknown>;
}

export async function runStandalone(name: string, start: (config: Config) => Promise<Started>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  let running: Started;
  try {
    running = await start(config);
  } catch (err) {
    console.error(`${name}: start-up failed: ${(err as Error).message}`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${name}: ${signal}, shutting down`);
    setTimeout(() => {
      console.error(`${name}: shutdown took longer than 15 s; exiting`);
      process.exit(1);
    }, 15_000).unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`${name}: shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** True when this module is the process's entry script (`tsx src/x/main.ts`). */
export function isEntry(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && pathToFileURL(resolve(entry)).href === moduleUrl;
}
