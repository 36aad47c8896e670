/** The runtime-config module's public face: GET /api/config. */
export { runtimeConfigRoutes } from './routes';
