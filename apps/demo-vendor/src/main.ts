import { loadVendorConfig } from './config';
import { loadVendorGames } from './games';
import { createVendorServer } from './server';
import { createWalletClient } from './wallet-client';

/** Entry point of the demo game vendor (a sandbox channel; see docs/architecture.md, Games). */
const config = loadVendorConfig();
const wallet = createWalletClient({ apiUrl: config.apiUrl, secret: config.secret });
const server = createVendorServer({ wallet, games: loadVendorGames(), lobbyUrl: config.lobbyUrl });
server.listen(config.port, config.host, () => {
  process.stdout.write(`  Demo vendor: http://${config.host}:${config.port} (wallet API at ${config.apiUrl})\n`);
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    wallet.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
