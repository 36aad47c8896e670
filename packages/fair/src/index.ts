/**
 * @colorplay/fair: provably fair primitives for lottery rounds (docs/fairness.md). Pure and
 * browser-safe: WebCrypto only, no `node:` imports, no clock, no randomness. The server's fast
 * synchronous chain generation lives in `@colorplay/fair/node`.
 */
export { bytesToHex, equalBytes, hexToBytes, LINK_BYTES, parseLink, periodBytes } from './bytes';
export { assertChainArgs, chainToHex, generateChain, stepsToReach, type Chain } from './chain';
export {
  BEACON_DST,
  beaconMessage,
  beaconRandomness,
  beaconRoundAfter,
  beaconRoundTimeMs,
  checkBeaconValue,
  QUICKNET,
  roundBytes,
  verifyBeaconSignature,
  type BeaconParams,
  type BeaconValue,
} from './beacon';
export {
  deriveDigit,
  deriveDrawDigit,
  drawMessage,
  deriveFromFirstMac,
  deriveFromFirstMacSync,
  macWords,
  pickFromMac,
  REJECTION_BOUND,
  WORDS_PER_MAC,
  type Derivation,
} from './derive';
export {
  verifyRevealedLink,
  verifyRound,
  type BeaconProof,
  type RevealedLinkProof,
  type RevealedLinkResult,
  type RoundProof,
  type VerifyCheck,
  type VerifyFailure,
  type VerifyOptions,
  type VerifyResult,
} from './verify';
export { hmacSha256, sha256 } from './web-crypto';
export { deriveDrawValues, drawSpecOfGame, GAME_DRAWS, valuesBound, valuesFromFirstMac, valuesFromMacs, type DrawSpec, type ValuesDerivation } from './values';
export { verifyGameRound, type GameRoundProof, type GameVerifyCheck, type GameVerifyFailure, type GameVerifyResult } from './verify-game';
export {
  checkTronWitness,
  encodeTronRawData,
  tronAddressOfPublicKey,
  tronBlockIdOfRaw,
  tronHeaderSigner,
  tronHeaderHashHex,
  trxReadOfId,
  verifyTrxRound,
  TRON_RAW_FIELDS,
  type TronBlockHeaderFields as TronBlockHeader,
  type TronElectedWitness,
  type TronWitnessCheck,
  type TronRawDataFields,
  type TrxRead,
  type TrxVerifyInput,
  type TrxVerifyResult,
} from './tron';
