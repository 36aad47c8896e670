import type { UsdtConfig } from '../../config';
import { createChainReader } from './chain';
import { startDevChain, type DevChain } from './dev-chain';
import type { UsdtChainAccess } from './service';

/**
 * The configured chain. A real node (rpc) is just a reader. The sandbox starts its dev chain on
 * first use, not at boot, so an app (or a test) that never touches USDT never pays for it.
 */
export function createUsdtChainAccess(config: UsdtConfig, onDevChainStarted?: (chain: DevChain) => void): UsdtChainAccess {
  if (config.kind === 'rpc') {
    const env = { reader: createChainReader(config.rpcUrl!), tokenAddress: config.tokenAddress!, devChain: undefined };
    return { get: async () => env, close: async () => undefined };
  }
  let starting: Promise<{ reader: ReturnType<typeof createChainReader>; tokenAddress: string; devChain: DevChain }> | undefined;
  let closed = false;
  return {
    get() {
      if (closed) return Promise.reject(new Error('the sandbox chain is stopped'));
      starting ??= startDevChain({ chainId: config.chainId, blockMs: config.devChainBlockMs }).then((devChain) => {
        onDevChainStarted?.(devChain);
        return { reader: createChainReader(devChain.rpcUrl), tokenAddress: devChain.tokenAddress, devChain };
      });
      // A failed start is tried again on the next use.
      starting.catch(() => (starting = undefined));
      return starting;
    },
    async close() {
      closed = true;
      if (starting) await (await starting.catch(() => undefined))?.devChain.close();
    },
  };
}
