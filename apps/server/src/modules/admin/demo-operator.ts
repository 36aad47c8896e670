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

/**
 * A sandbox finance operator beside it, seeded the same way (a CLI-style origin, so it needs no
 * countersignature): finance's view of the console can be tried, and the e2e reconciliation spec
 * signs in as finance. As public as the demo admin.
 */
export const DEMO_FINANCE_OPERATOR = {
  username: 'demo-finance',
  password: 'DemoFinance#2026',
  role: 'finance',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
} as const;

/**
 * A sandbox support operator (docs/support.md): answers tickets, sees no finance report. The
 * e2e support spec answers a player as this operator. As public as the demo admin.
 */
export const DEMO_SUPPORT_OPERATOR = {
  username: 'demo-support',
  password: 'DemoSupport#2026',
  role: 'support',
  totpSecret: 'ONSWG4TFORZXK4DQN5ZHIZLSONSWG4TF',
} as const;

/** Creates the demo operators once; later starts leave them as they are. */
export async function ensureDemoOperator(admin: AdminService): Promise<{ created: boolean }> {
  let created = false;
  for (const demo of [DEMO_OPERATOR, DEMO_FINANCE_OPERATOR, DEMO_SUPPORT_OPERATOR]) {
    if (await admin.findOperator(demo.username)) continue;
    await admin.createOperator({ ...demo });
    created = true;
  }
  return { created };
}
