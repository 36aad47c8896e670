import { randomBytes } from 'node:crypto';

/**
 * A transfer's id (decision 576): `xfer_`, the milliseconds since the epoch in 12 hex digits, then
 * 12 random hex digits. Ids sort in posting time, so a transfer's insert lands at the right-hand
 * end of the transfers' primary key and of the entries' (transfer_id, account_id) index instead
 * of on a random page of each: fewer pages touched per bet (and fewer full-page images in the
 * WAL after a checkpoint). 48 random bits keep ids of one millisecond apart; a collision would
 * be refused by the primary key, never merged. The time is not a rule (nothing reads it back),
 * so the wall clock is right here, not the app's clock.
 */
export function transferIdAt(epochMs: number, random: Buffer = randomBytes(6)): string {
  return `xfer_${Math.trunc(epochMs).toString(16).padStart(12, '0')}${random.toString('hex', 0, 6)}`;
}

export const newTransferId = (): string => transferIdAt(Date.now());
