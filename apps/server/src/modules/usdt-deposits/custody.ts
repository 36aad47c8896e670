import type { Queryable } from '../../db/db';
import { chainOrUnavailable, type UsdtDepositsDeps } from './deps';
import { readCursor } from './repo';

/** One deposit address whose chain history and our records disagree (token base units, as strings). */
export type CustodyDifference = { address: string; orderId: string; chainBaseUnits: string; recordedBaseUnits: string };

export type CustodyReport = {
  /** The last block the watcher scanned: what is compared (null: the watcher has not run yet). */
  checkedToBlock: number | null;
  addresses: number;
  chainBaseUnits: string;
  recordedBaseUnits: string;
  differences: CustodyDifference[];
};

/**
 * The chain against our records of it (reconciliation, decision 417): for every deposit address of
 * our orders, the token the chain says arrived there (its Transfer logs up to the block the watcher
 * last scanned) against the transfers we recorded there (credited, in review or pending; a
 * transfer dropped in a reorganisation is not ours). Transfers IN are compared rather than
 * balances: the operator's wallet sweeps the addresses outside the platform, which would make every
 * balance differ. A difference is money that reached one of our addresses and was never seen (an
 * address the watcher stopped following, a missed block), or a record the chain does not back.
 */
export async function usdtCustodyCheck(deps: Pick<UsdtDepositsDeps, 'db' | 'config' | 'chain' | 'log'>): Promise<CustodyReport> {
  const { db, config } = deps;
  const { reader, tokenAddress } = await chainOrUnavailable(deps);
  const token = tokenAddress.toLowerCase();
  const cursor = await readCursor(db, config.chainId, token);
  const empty: CustodyReport = { checkedToBlock: null, addresses: 0, chainBaseUnits: '0', recordedBaseUnits: '0', differences: [] };
  if (!cursor) return empty;
  const upTo = Number(cursor.block_number);
  const orders = await orderAddresses(db, config.chainId, token);
  if (orders.size === 0) return { ...empty, checkedToBlock: upTo };
  const onChain = new Map<string, bigint>();
  // In the watcher's batches (USDT_BLOCK_BATCH): nodes refuse log queries over too many blocks.
  const addresses = [...orders.keys()];
  for (let from = config.startBlock ?? 0; from <= upTo; from += config.blockBatch) {
    for (const log of await reader.transfersTo(token, addresses, from, Math.min(upTo, from + config.blockBatch - 1))) {
      onChain.set(log.to, (onChain.get(log.to) ?? 0n) + log.amount);
    }
  }
  const recorded = await recordedTo(db, upTo);
  const differences: CustodyDifference[] = [];
  let chainTotal = 0n;
  let recordedTotal = 0n;
  for (const [address, orderId] of orders) {
    const c = onChain.get(address) ?? 0n;
    const r = recorded.get(address) ?? 0n;
    chainTotal += c;
    recordedTotal += r;
    if (c !== r) differences.push({ address, orderId, chainBaseUnits: c.toString(), recordedBaseUnits: r.toString() });
  }
  return { checkedToBlock: upTo, addresses: orders.size, chainBaseUnits: chainTotal.toString(), recordedBaseUnits: recordedTotal.toString(), differences };
}

async function orderAddresses(q: Queryable, chainId: number, token: string): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; address: string }>('SELECT id, address FROM usdt_orders WHERE chain_id = $1 AND token_address = $2', [chainId, token]);
  return new Map(rows.map((r) => [r.address.toLowerCase(), r.id]));
}

async function recordedTo(q: Queryable, upToBlock: number): Promise<Map<string, bigint>> {
  const { rows } = await q.query<{ to_address: string; total: string }>(
    `SELECT to_address, sum(amount_base_units)::text AS total FROM usdt_transfers WHERE status <> 'dropped' AND block_number <= $1 GROUP BY to_address`,
    [upToBlock],
  );
  return new Map(rows.map((r) => [r.to_address.toLowerCase(), BigInt(r.total)]));
}
