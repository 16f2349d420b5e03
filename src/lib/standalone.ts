// Running a process of this repository: read the configuration (a bad value stops start-up with a
// message naming the variable), start, and on SIGTERM/SIGINT close (in-flight requests finish first)
// and exit 0; a close that hangs longer than the part's stop budget exits 1. Every line the process
// writes is pino JSON: start-up, shutdown, failures, and whatever a library prints with console.*
// (storyblok-js-client, for one) - a log collector reads one format.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { stopBudgetMs } from './drain.ts';
import { loggerOptions } from './service.ts';

/** The supervisor's liveness question over IPC and the answer (src/supervisor.ts). */
export interface LivePing { type: 'live-ping'; id: number }
export interface LivePong { type: 'live-pong'; id: number }
export const isLivePing = (m: unknown): m is LivePing => !!m && typeof m === 'object' && (m as LivePing).type === 'live-ping';
export const isLivePong = (m: unknown): m is LivePong => !!m && typeof m === 'object' && (m as LivePong).type === 'live-pong';

/** Under the supervisor: answer its liveness pings. The answer needs this process's event loop, which is
 * what a stuck process (a spin, a deadlock, SIGSTOP) no longer turns. */
export function answerLiveness(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (m: unknown) => {
    if (isLivePing(m)) send({ type: 'live-pong', id: m.id } satisfies LivePong, () => {});
  });
}

export interface Started {
  close(): Promise<unknown>;
}

/** Decision: a close that takes longer than the part's stop budget (SHOP_STOP_BUDGET_MS from the
 * supervisor, shorter than the supervisor's own for the part; else 15 s, src/lib/drain.ts) is stuck: the
 * process exits 1 before the supervisor would have to kill it. */

/** The process's own logger (lifecycle lines), in the format of the services' request logs. */
export function processLogger(name: string, level = 'info'): Logger {
  return pino(loggerOptions(level, name) as LoggerOptions);
}

/** console.* of this process (libraries' messages) as log lines of `log`, so no plain text reaches the
 * JSON log. */
export function routeConsoleToLog(log: Logger): void {
  const as = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => log[level]({ source: 'console' }, format(...args));
  console.log = as('info');
  console.info = as('info');
  console.debug = as('debug');
  console.warn = as('warn');
  console.error = as('error');
}

/** Writes the last line synchronously before exiting (pino writes to stdout asynchronously otherwise). */
function exitWith(log: Logger, code: number): never {
  log.flush();
  process.exit(code);
}

export async function runStandalone(name: string, start: (config: Config, log: Logger) => Promise<Started>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // no LOG_LEVEL to trust yet: the default level, which keeps fatal lines
      const log = processLogger(name);
      log.fatal({ variable: err.variable }, `Configuration error: ${err.message}`);
      exitWith(log, 1);
    }
    throw err;
  }
  const log = processLogger(name, config.LOG_LEVEL);
  routeConsoleToLog(log);
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception; exiting');
    exitWith(log, 1);
  });
  process.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'unhandled rejection; exiting');
    exitWith(log, 1);
  });
  process.on('warning', (warning) => log.warn({ warning: warning.name, reason: warning.message }, 'process warning'));

  let running: Started;
  try {
    running = await start(config, log);
  } catch (err) {
    log.fatal({ reason: (err as Error).message }, 'start-up failed');
    exitWith(log, 1);
  }
  // Under the supervisor (src/supervisor.ts): tell it this part listens; a supervisor that is gone (its
  // IPC channel closed) leaves no orphan: the part stops as on SIGTERM.
  if (process.send) {
    answerLiveness();
    process.send({ type: 'part-ready' }, () => {});
    process.once('disconnect', () => stop('disconnect'));
  }
  let stopping = false;
  function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const budgetMs = stopBudgetMs();
    setTimeout(() => {
      log.error({ timeoutMs: budgetMs }, 'shutdown took too long; exiting');
      exitWith(log, 1);
    }, budgetMs).unref();
    running.close().then(
      () => {
        log.info('shut down');
        exitWith(log, 0);
      },
      (err: unknown) => {
        log.error({ reason: (err as Error).message }, 'shutdown failed');
        exitWith(log, 1);
      },
    );
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** True when this module is the process's entry script (`tsx src/x/main.ts`). */
export function isEntry(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && pathToFileURL(resolve(entry)).href === moduleUrl;
}
