import type { AdminService } from './service';

/**
 * The sandbox demo operator printed at start beside the demo player (SEED_DEMO, never in
 * production: server.ts refuses). Its TOTP secret is fixed so the e2e tests and a developer's
 * authenticator app can compute codes; it is as public as the demo player's password.
 */
export const DEMO_OPERATOR = {
  username: 'demo-admin',
  password: 'DemoOperator#2026',
  role: 'admin',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** Creates the demo operator once; later starts leave it as it is. */
export async function ensureDemoOperator(admin: AdminService): Promise<{ created: boolean }> {
  if (await admin.findOperator(DEMO_OPERATOR.username)) return { created: false };
  await admin.createOperator({ ...DEMO_OPERATOR });
  return { created: true };
}
