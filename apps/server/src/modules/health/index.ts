/** The health module's public face: liveness and readiness. The smallest module; copy it to start one. */
export { healthRoutes } from './routes';
