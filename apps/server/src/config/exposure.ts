import { flagSchema, isOn, type NodeEnv, secretSchema } from './shared';

/** Exposure settings (metrics, API docs): what an outsider can read in production (decision 051). */

export const EXPOSURE_ENV = {
  /** Bearer token that /metrics requires; in production /metrics does not exist without it. */
  METRICS_TOKEN: secretSchema.optional(),
  /** The OpenAPI document and viewer under /api/docs: on outside production, off in it unless 1. */
  API_DOCS: flagSchema.optional(),
};

export type ExposureConfig = {
  /** Required as `Authorization: Bearer <token>` on /metrics when set. */
  metricsToken: string | undefined;
  /** False in production unless asked for: /metrics is then not registered at all. */
  metricsEnabled: boolean;
  /** Serve /api/docs (OpenAPI JSON and viewer). */
  apiDocs: boolean;
};

export function exposureConfig(e: { NODE_ENV: NodeEnv; METRICS_TOKEN?: string | undefined; API_DOCS?: string | undefined }): ExposureConfig {
  const production = e.NODE_ENV === 'production';
  return {
    metricsToken: e.METRICS_TOKEN,
    metricsEnabled: !production || e.METRICS_TOKEN !== undefined,
    apiDocs: e.API_DOCS === undefined ? !production : isOn(e.API_DOCS),
  };
}
