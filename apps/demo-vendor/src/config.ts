import { z } from 'zod';

/** The demo vendor's settings; the only place it reads the environment. */
const EnvSchema = z.object({
  DEMO_VENDOR_HOST: z.string().min(1).default('127.0.0.1'),
  DEMO_VENDOR_PORT: z.coerce.number().int().min(0).max(65_535).default(3003),
  // Our operator's API as the vendor reaches it (server to server).
  COLORPLAY_API_URL: z.url().default('http://127.0.0.1:3002'),
  DEMO_VENDOR_SECRET: z.string().min(32, 'must be the secret the operator gave this vendor (32+ characters)'),
  // Where "Back to the lobby" leads (the operator's web app).
  COLORPLAY_LOBBY_URL: z.url().default('http://localhost:3002/'),
});

export type VendorConfig = { host: string; port: number; apiUrl: string; secret: string; lobbyUrl: string };

export function loadVendorConfig(env: NodeJS.ProcessEnv = process.env): VendorConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'));
  }
  const e = parsed.data;
  return { host: e.DEMO_VENDOR_HOST, port: e.DEMO_VENDOR_PORT, apiUrl: e.COLORPLAY_API_URL.replace(/\/+$/, ''), secret: e.DEMO_VENDOR_SECRET, lobbyUrl: e.COLORPLAY_LOBBY_URL };
}
