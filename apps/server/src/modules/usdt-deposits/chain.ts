import { createPublicClient, decodeEventLog, http, parseAbiItem, type Address, type Hash } from 'viem';

/** The ERC-20 Transfer event: the only log the watcher reads. */
export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** One Transfer log of the token (addresses and hashes lower-case). */
export type TokenTransferLog = {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  from: string;
  to: string;
  amount: bigint;
};

/** What the watcher asks of the chain: a small surface so its rules can be read in one place. */
export type ChainReader = {
  headNumber(): Promise<number>;
  /** The block at a height on the current chain, or null when the chain is not that long. */
  block(number: number): Promise<{ hash: string; time: Date } | null>;
  /** The token's Transfer logs to any of `to` in [fromBlock, toBlock]. */
  transfersTo(token: string, to: string[], fromBlock: number, toBlock: number): Promise<TokenTransferLog[]>;
  /** The log as the chain has it now (its receipt), or null when the transaction is not mined on it. */
  findTransfer(token: string, txHash: string, logIndex: number): Promise<TokenTransferLog | null>;
};

/** A chain reader over JSON-RPC (viem's public client, HTTP transport). */
export function createChainReader(rpcUrl: string, timeoutMs = 10_000): ChainReader {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 1 }) });
  const lower = (s: string) => s.toLowerCase();
  return {
    async headNumber() {
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },
    async block(number) {
      try {
        const b = await client.getBlock({ blockNumber: BigInt(number) });
        return b.hash ? { hash: lower(b.hash), time: new Date(Number(b.timestamp) * 1000) } : null;
      } catch (err) {
        if ((err as Error).name === 'BlockNotFoundError') return null;
        throw err;
      }
    },
    async transfersTo(token, to, fromBlock, toBlock) {
      if (to.length === 0) return [];
      const logs = await client.getLogs({
        address: token as Address,
        event: TRANSFER_EVENT,
        args: { to: to as Address[] },
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
      });
      return logs
        .filter((l) => !l.removed && l.transactionHash && l.blockHash && l.blockNumber !== null && l.logIndex !== null)
        .map((l) => ({
          txHash: lower(l.transactionHash!),
          logIndex: l.logIndex!,
          blockNumber: Number(l.blockNumber),
          blockHash: lower(l.blockHash!),
          from: lower(l.args.from!),
          to: lower(l.args.to!),
          amount: l.args.value!,
        }));
    },
    async findTransfer(token, txHash, logIndex) {
      let receipt;
      try {
        receipt = await client.getTransactionReceipt({ hash: txHash as Hash });
      } catch (err) {
        if ((err as Error).name === 'TransactionReceiptNotFoundError') return null;
        throw err;
      }
      const log = receipt.logs.find((l) => l.logIndex === logIndex && lower(l.address) === lower(token));
      if (!log) return null;
      const decoded = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
      return {
        txHash: lower(txHash),
        logIndex,
        blockNumber: Number(receipt.blockNumber),
        blockHash: lower(receipt.blockHash),
        from: lower(decoded.args.from),
        to: lower(decoded.args.to),
        amount: decoded.args.value,
      };
    },
  };
}
