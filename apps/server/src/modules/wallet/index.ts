/** The wallet's public face: the player's purses read from the ledger, and their routes. */
export { walletRoutes, type WalletRoutesOptions } from './routes';
export { createWalletService, type WalletService } from './service';
