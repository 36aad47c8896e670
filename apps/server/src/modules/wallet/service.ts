import type { Wallet } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { accountCodes, ensureAccount, findTransferByKey, getAccountBalance, listAccountsOfOwner, postTransfer } from '../ledger';

/** The player's purses as the wallet page shows them; read from the ledger, never cached. */
export function createWalletService({ db, currency }: { db: Db; currency: string }) {
  async function wallet(q: Db | Queryable, playerId: number): Promise<Wallet> {
    const accounts = await listAccountsOfOwner(q, String(playerId));
    const mainCode = accountCodes.playerMain(playerId);
    const vendorPrefix = `player:${playerId}:vendor:`;
    const mainMinor = accounts.find((a) => a.code === mainCode)?.balanceMinor ?? 0;
    const vendors = accounts
      .filter((a) => a.code.startsWith(vendorPrefix))
      .map((a) => ({ vendorCode: a.code.slice(vendorPrefix.length), balanceMinor: a.balanceMinor }));
    return {
      currency,
      mainMinor,
      vendors,
      totalMinor: vendors.reduce((sum, v) => sum + v.balanceMinor, mainMinor),
    };
  }

  return {
    async balance(playerId: number) {
      const main = await getAccountBalance(db, accountCodes.playerMain(playerId));
      return { balanceMinor: main?.balanceMinor ?? 0, currency: main?.currency ?? currency };
    },

    wallet: (playerId: number) => wallet(db, playerId),

    /**
     * Sweeps every vendor sub-account back into the main wallet in one transfer. Idempotent per
     * player and key: a retry returns the same result and moves nothing again.
     */
    async transferToMain(playerId: number, idempotencyKey: string) {
      return db.transaction(async (tx) => {
        const key = `sweep:${playerId}:${idempotencyKey}`;
        const prior = await findTransferByKey(tx, key);
        if (prior) return { movedMinor: creditedTo(prior.entries, accountCodes.playerMain(playerId)), wallet: await wallet(tx, playerId) };
        const before = await wallet(tx, playerId);
        const movable = before.vendors.filter((v) => v.balanceMinor > 0);
        if (movable.length === 0) return { movedMinor: 0, wallet: before };
        const main = accountCodes.playerMain(playerId);
        await ensureAccount(tx, { code: main, kind: 'player', owner: playerId, currency });
        const movedMinor = movable.reduce((s, v) => s + v.balanceMinor, 0);
        const posted = await postTransfer(tx, {
          idempotencyKey: key,
          kind: 'sweep',
          reference: `player:${playerId}`,
          entries: [
            ...movable.map((v) => ({ accountCode: accountCodes.playerAtVendor(playerId, v.vendorCode), amountMinor: -v.balanceMinor })),
            { accountCode: main, amountMinor: movedMinor },
          ],
        });
        return { movedMinor: creditedTo(posted.entries, main), wallet: await wallet(tx, playerId) };
      });
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

function creditedTo(entries: readonly { accountCode: string; amountMinor: number }[], code: string): number {
  return entries.find((e) => e.accountCode === code)?.amountMinor ?? 0;
}
