import { inboxMessage } from '@colorplay/contract';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { addNotification } from '../notifications';
import { findPlayerByPhone, insertPlayer } from '../players';
import { hashPassword } from './passwords';

/** The sandbox demo account printed at start (embedded default only; never in production). */
export const DEMO_PLAYER = { phone: '9000000001', password: 'DemoPlayer#2026' } as const;

/** Creates the demo player once; later starts find it and leave it as it is. */
export async function ensureDemoPlayer(db: Db, clock: Clock): Promise<{ created: boolean }> {
  if (await findPlayerByPhone(db, DEMO_PLAYER.phone)) return { created: false };
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const p = await insertPlayer(tx, { phone: DEMO_PLAYER.phone, passwordHash, inviteCode: undefined, now });
    await addNotification(tx, p.id, inboxMessage('welcomeDemo', {}), now);
  });
  return { created: true };
}
