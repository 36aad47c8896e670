import { SERVER_PATHS } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { sandboxAccount, sandboxBlockJson, sandboxWitnessList, type SandboxBlockRow } from './sandbox-blocks';
import type { SandboxTronChain } from './service';

/**
 * The sandbox TRON chain served on a full node's paths and shapes (decision 341): POST
 * getnowblock and getblockbynum {"num": n}, a block as java-tron prints it (signed, decision 388),
 * `{}` for a block that does not exist yet; listwitnesses (the elected set: the chain's one
 * witness) and getaccount {"address"} (that witness's signing key), read as TRON's are. `/wallet/` and `/walletsolidity/` answer the same: a sandbox block is final
 * as soon as it is made. Registered by app.ts only while TRON_SOURCE=sandbox (off: 404), and
 * left out of the API document: this is a stand-in for TRON's API, not ours.
 */

const NumBody = z.object({ num: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
const AddressBody = z.object({ address: z.string().max(64) });

export const sandboxTronRoutes: FastifyPluginAsync<{ chain: SandboxTronChain }> = async (app, { chain }) => {
  const json = (block: SandboxBlockRow | null) => (block ? sandboxBlockJson(block, chain.witnessKey) : {});
  const nowBlock = async () => json(await chain.head());
  const byNum = async (body: unknown) => {
    const parsed = NumBody.safeParse(body ?? {});
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'num must be a block number (a whole number >= 0)', [{ path: 'num', message: 'must be a whole number >= 0' }]);
    return json(await chain.byNumber(parsed.data.num));
  };
  for (const path of [SERVER_PATHS.sandbox_tron_getnowblock, SERVER_PATHS.sandbox_tron_solidity_getnowblock]) {
    app.post(path, { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send(await nowBlock()));
  }
  for (const path of [SERVER_PATHS.sandbox_tron_getblockbynum, SERVER_PATHS.sandbox_tron_solidity_getblockbynum]) {
    app.post(path, { schema: { hide: true } }, async (request, reply) => reply.header('cache-control', 'no-store').send(await byNum(request.body)));
  }
  for (const path of [SERVER_PATHS.sandbox_tron_listwitnesses, SERVER_PATHS.sandbox_tron_solidity_listwitnesses]) {
    app.post(path, { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send(sandboxWitnessList()));
  }
  for (const path of [SERVER_PATHS.sandbox_tron_getaccount, SERVER_PATHS.sandbox_tron_solidity_getaccount]) {
    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      const parsed = AddressBody.safeParse(request.body ?? {});
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'address must be an account address', [{ path: 'address', message: 'must be a string' }]);
      return reply.header('cache-control', 'no-store').send(sandboxAccount(parsed.data.address, chain.witnessKey));
    });
  }
};
