import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/**
 * The sandbox chain (decision 130): a local EVM development chain (ganache, in-process, on a
 * free port of 127.0.0.1) with a test USDT token deployed from OpenZeppelin's precompiled
 * ERC20PresetFixedSupply (18 decimals, like USDT on BNB Smart Chain). The deployer holds the
 * whole supply and the faucet sends from it. Only ever started while the sandbox is on.
 */

/** Hardhat's and ganache's well-known development mnemonic: the deployer's key is public. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const ERC20_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address) view returns (uint256)']);
const SUPPLY_BASE_UNITS = 10n ** 30n;

export type DevChain = {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  /** Sends `amount` base units of `token` (default: the test USDT) to `to`; resolves when mined. */
  send(to: string, amount: bigint, token?: string): Promise<{ txHash: string; blockNumber: number }>;
  /** Deploys another ERC-20 (tests: a token the watcher must ignore). */
  deployToken(name: string, symbol: string): Promise<string>;
  balanceOf(address: string, token?: string): Promise<bigint>;
  /** A raw JSON-RPC call (tests: evm_mine, evm_snapshot, evm_revert, evm_increaseTime). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
};

type Artifact = { abi: Abi; bytecode: Hex };

export async function startDevChain(options: { chainId: number; blockMs: number }): Promise<DevChain> {
  const server = ganache.server({
    logging: { quiet: true },
    wallet: { mnemonic: DEV_MNEMONIC, totalAccounts: 2 },
    chain: { chainId: options.chainId },
    // 0: a block per transaction (tests mine by hand); otherwise interval mining, so that
    // confirmations advance in the sandbox without any transaction.
    miner: { blockTime: options.blockMs / 1000 },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = (server as unknown as { address(): AddressInfo }).address();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: options.chainId,
    name: 'Colorplay dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = mnemonicToAccount(DEV_MNEMONIC);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ chain, transport, account });
  const artifact = createRequire(import.meta.url)('@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json') as Artifact;

  // One transaction at a time: the deployer's nonce is shared by every send.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const mined = async (hash: Hex) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 });

  const deployToken = (name: string, symbol: string) =>
    serial(async () => {
      const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [name, symbol, SUPPLY_BASE_UNITS, account.address] });
      return (await mined(hash)).contractAddress!.toLowerCase();
    });
  const tokenAddress = await deployToken('Tether USD (Colorplay test)', 'USDT');

  return {
    rpcUrl,
    chainId: options.chainId,
    tokenAddress,
    send: (to, amount, token = tokenAddress) =>
      serial(async () => {
        const hash = await wallet.writeContract({ address: token as Address, abi: ERC20_ABI, functionName: 'transfer', args: [to as Address, amount] });
        const receipt = await mined(hash);
        return { txHash: hash.toLowerCase(), blockNumber: Number(receipt.blockNumber) };
      }),
    deployToken,
    balanceOf: (address, token = tokenAddress) =>
      publicClient.readContract({ address: token as Address, abi: ERC20_ABI, functionName: 'balanceOf', args: [address as Address] }),
    rpc: <T>(method: string, params: unknown[] = []) => publicClient.request({ method: method as never, params: params as never }) as Promise<T>,
    close: () => server.close(),
  };
}
