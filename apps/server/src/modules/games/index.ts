/** The games module's public face: the catalog, launch tickets, the launch address and vendor sessions. */
export { CATALOG_FILE, loadCatalogFile, type CatalogFile } from './catalog-file';
export { gamesRoutes } from './routes';
export { createGamesService, hashSecretToken, type GameProvider, type GamesService, type VendorSessionInfo } from './service';
export { OWNED_TABLES } from './tables';
