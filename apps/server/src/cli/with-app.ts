import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openAppDatabase } from '../db/roles';

/**
 * What every operator command shares: the server's configuration and services, on the same
 * database, with no periodic job started (a command must not run the round clock or the chain
 * watcher beside a server), closed when the command is done. Errors print as one line; the exit
 * code is the command's.
 */
export async function withApp(command: (app: FastifyInstance) => Promise<number>): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const db = await openAppDatabase(config);
  const app = await buildApp({ config, db, startJobs: false });
  try {
    return await command(app);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await app.close();
  }
}

/** Runs a command's `main` and exits with its code; a configuration problem prints its lines. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
