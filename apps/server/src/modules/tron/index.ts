/**
 * Trx Win's TRON blocks (docs/games.md "Trx Win", decisions 340-342): the block source the round
 * engine calls, its full-node HTTP adapter, the sandbox chain and its routes, and the draw rule.
 */
export { checkTronBlock, tronBlockIdOf, type TronBlock, type TronBlockJson } from './block-format';
export { decideTrxDraw, findDecidingBlock, TronChainError, TRX_GIVE_UP_MS, trxDigitOfBlock, type DecidingBlock, type TronBlockReader, type TrxDrawVerdict } from './deciding';
export { createTronFullNodeClient, TronSourceError, type TronFullNodeClient } from './fullnode-client';
export { sandboxTronRoutes } from './routes';
export { TronDisagreementError } from './providers';
export { SANDBOX_WITNESS_ADDRESS, sandboxBlock, sandboxBlockJson, sandboxWitnessKey, signerAddressOf } from './sandbox-blocks';
export { createTronService, MAX_BLOCKS_PER_RUN, SANDBOX_TRON_PREFIX, type SandboxTronChain, type TronAlert, type TronBlockSource, type TronService } from './service';
