import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/db';
import { openAppDatabase } from './db/roles';
import { systemClock } from './lib/clock';
import { DEMO_OPERATOR, ensureDemoOperator } from './modules/admin';
import { DEMO_PLAYER, ensureDemoPlayer } from './modules/auth';

/** Pending connections the kernel may queue for us (see the listen call). */
const LISTEN_BACKLOG = 4096;

/** Entry point: validate config, open and migrate the database, listen, shut down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  // Migrations run as the owner role when MIGRATION_DATABASE_URL is set (docs/operations.md).
  const db = await openAppDatabase(config);
  // The replicas (decision 428): opened like the primary, after it has migrated.
  const readDb = config.databaseReplicaUrl ? await openPostgres(config.databaseReplicaUrl) : undefined;
  const app = await buildApp({ config, db, readDb });
  try {
    // Chains this LOTTERY_CHAIN_SECRET cannot open: refuse to run rather than leave rounds undrawable (decision 183).
    await app.lottery.assertChainsOpen();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    await app.close();
    process.exit(78); // EX_CONFIG
  }
  // Every room has its chain and current round before the first request (decision 380).
  await app.lottery.prepareRooms();
  if (config.seedDemo) {
    if (config.env === 'production') throw new Error('SEED_DEMO must not be set in production');
    await ensureDemoPlayer(db, systemClock);
    await ensureDemoOperator(app.admin);
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  // The last seconds of a round bring thousands of new connections at once: with Node's default
  // accept backlog (511) the kernel drops their SYNs and clients retry after 1, 3, 7 s, so a bet
  // sent in time arrives late (decision 201). The kernel caps this at net.core.somaxconn.
  const address = await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  // The web app's API base rule (decision 013) sends a page on http://localhost
  // to port 3002, so localhost is only the right address on that port; elsewhere use the IP.
  const pageUrl = config.port === 3002 ? address.replace('127.0.0.1', 'localhost') : address;
  app.log.info(
    { database: db.kind === 'pglite' ? `PGlite at ${config.pgliteDir}` : 'PostgreSQL' },
    `Colorplay is running at ${pageUrl}`,
  );
  if (config.seedDemo) {
    process.stdout.write(
      `\n  Colorplay: ${pageUrl}\n` +
        `  Demo player (sandbox money only): phone ${DEMO_PLAYER.phone}, password ${DEMO_PLAYER.password}\n` +
        `  Demo operator (${pageUrl}/admin): username ${DEMO_OPERATOR.username}, password ${DEMO_OPERATOR.password}, ` +
        `TOTP secret ${DEMO_OPERATOR.totpSecret} (add it to an authenticator app)\n\n`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
