import { bytesToHex, equalBytes, parseLink } from './bytes';
import { stepsToReach } from './chain';
import { beaconRandomness, beaconRoundAfter, checkBeaconValue } from './beacon';
import { deriveDigitWith, deriveFromFirstMac, drawMessage, type Derivation } from './derive';
import { hmacSha256, sha256 } from './web-crypto';

/** What is published about one round: everything a verifier needs. Hashes are 64 hex chars. */
export interface RoundProof {
  /** The room chain's final hash L[0], published before its first round. */
  finalHash: string;
  /** The round's link L[k], published when betting on the round closes (decision 380). */
  link: string;
  /** The period string exactly as published; its UTF-8 bytes are the HMAC message. */
  period: string;
  /** The digit the operator says was drawn; omitted to just compute it. */
  digit?: number | undefined;
  /** L[k-1], the link revealed by the room's previous round (omit for round 1). */
  previousLink?: string | undefined;
  /** k, the round's position in the chain (1 = first round), when known. */
  roundIndex?: number | undefined;
  /**
   * The chain's scheme: 1 = link and period only (chains published before the beacon), 2 = link,
   * game tag, period and beacon randomness. Defaults to 2 when a beacon is given, else 1.
   */
  scheme?: 1 | 2 | undefined;
  /** The game tag of scheme 2 (`wingo`). */
  game?: string | undefined;
  /** Scheme 2: the beacon round the chain fixed for the period, and its signature. */
  beacon?: BeaconProof | undefined;
}

/** The beacon part of a scheme-2 proof. */
export interface BeaconProof {
  /** The beacon's public key (192 hex), as published with the chain. */
  publicKey: string;
  round: number;
  /** 96 hex characters. */
  signature: string;
  /** When given, it must equal SHA-256(signature); the digit is always computed from the signature. */
  randomness?: string | undefined;
  /**
   * When all four are given, the round must be the one the chain's rule fixes for the period:
   * the first beacon round strictly after locksAtMs + marginMs.
   */
  genesisMs?: number | undefined;
  periodMs?: number | undefined;
  marginMs?: number | undefined;
  locksAtMs?: number | undefined;
}

/**
 * Why a round does not verify, most basic first:
 * - MALFORMED_INPUT: a hash is not 64 hex characters, the period is empty, a number is invalid;
 * - TAMPERED_LINK: SHA-256 of the link is not the previous revealed link (or, for round 1, the
 *   final hash): this is not the link the chain committed to for this round;
 * - BROKEN_CHAIN: hashing the link forward does not reach the published final hash (in exactly
 *   roundIndex steps when it is given, else within maxSteps);
 * - BAD_BEACON: the beacon signature does not verify under the published key, the randomness
 *   is not SHA-256 of it, or the round is not the one fixed for the period;
 * - WRONG_DIGIT: the claimed digit is not the one derived from the link and period.
 */
export type VerifyFailure = 'MALFORMED_INPUT' | 'TAMPERED_LINK' | 'BROKEN_CHAIN' | 'BAD_BEACON' | 'WRONG_DIGIT';

export interface VerifyCheck {
  name: 'input' | 'link' | 'chain' | 'beacon' | 'digit';
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
}

export interface VerifyResult {
  ok: boolean;
  failure: VerifyFailure | null;
  checks: VerifyCheck[];
  /** The derivation from link and period (null only for malformed input). */
  derivation: Derivation | null;
  /** k as confirmed by the chain walk, when it reached the final hash. */
  roundIndex: number | null;
}

export interface VerifyOptions {
  /**
   * Walk the chain from the link to the final hash. Each step is one SHA-256; a verifier that
   * already checked the previous round may turn this off and rely on the link check alone.
   */
  walkChain?: boolean;
  /** Most hashes tried when roundIndex is unknown (default 1,000,000). */
  maxSteps?: number;
}

const FAILURE_OF: Record<VerifyCheck['name'], VerifyFailure> = {
  input: 'MALFORMED_INPUT',
  link: 'TAMPERED_LINK',
  chain: 'BROKEN_CHAIN',
  beacon: 'BAD_BEACON',
  digit: 'WRONG_DIGIT',
};

function finish(checks: VerifyCheck[], derivation: Derivation | null, roundIndex: number | null): VerifyResult {
  const failed = checks.find((c) => c.status === 'failed');
  return { ok: !failed, failure: failed ? FAILURE_OF[failed.name] : null, checks, derivation, roundIndex };
}

function inputProblems(proof: RoundProof): string[] {
  const problems: string[] = [];
  if (!parseLink(proof.finalHash)) problems.push('final hash must be 64 hex characters');
  if (!parseLink(proof.link)) problems.push('link must be 64 hex characters');
  if (proof.previousLink !== undefined && !parseLink(proof.previousLink)) problems.push('previous link must be 64 hex characters');
  if (proof.period.length === 0) problems.push('period must not be empty');
  if (proof.digit !== undefined && !(Number.isInteger(proof.digit) && proof.digit >= 0 && proof.digit <= 9)) problems.push('digit must be an integer 0-9');
  if (proof.roundIndex !== undefined && !(Number.isSafeInteger(proof.roundIndex) && proof.roundIndex >= 1)) problems.push('round index must be a positive integer');
  if (schemeOf(proof) === 2) {
    if (!proof.beacon) problems.push('scheme 2 needs the beacon round and signature');
    else {
      if (!/^[0-9a-fA-F]{192}$/.test(proof.beacon.publicKey)) problems.push('beacon public key must be 192 hex characters');
      if (!/^[0-9a-fA-F]{96}$/.test(proof.beacon.signature)) problems.push('beacon signature must be 96 hex characters');
      if (!(Number.isSafeInteger(proof.beacon.round) && proof.beacon.round >= 1)) problems.push('beacon round must be a positive integer');
      if (proof.beacon.randomness !== undefined && !parseLink(proof.beacon.randomness)) problems.push('beacon randomness must be 64 hex characters');
    }
    if (!/^[a-z0-9]+$/.test(proof.game ?? '')) problems.push('scheme 2 needs the game tag (lowercase letters and digits)');
  }
  return problems;
}

const schemeOf = (proof: RoundProof): 1 | 2 => proof.scheme ?? (proof.beacon ? 2 : 1);

/**
 * The link and chain checks of a round (docs/fairness.md "Verifying a round", steps 3 and 4): the
 * link hashes to the previous revealed link (or the final hash for round 1), and k times to the
 * final hash. Appends them to `checks`; returns k as the walk confirmed it.
 */
async function checkLinkAndChain(proof: Pick<RoundProof, 'finalHash' | 'link' | 'previousLink' | 'roundIndex'>, options: VerifyOptions, checks: VerifyCheck[]): Promise<number | null> {
  const finalHash = parseLink(proof.finalHash)!;
  const link = parseLink(proof.link)!;
  const previous = proof.previousLink === undefined ? null : parseLink(proof.previousLink)!;

  // The one-step check: the link must be the preimage of what the chain revealed last.
  const hashed = await sha256(link);
  const expected = previous ?? (proof.roundIndex === 1 ? finalHash : null);
  if (expected) {
    const what = previous ? 'the previous revealed link' : 'the final hash (round 1)';
    checks.push(
      equalBytes(hashed, expected)
        ? { name: 'link', status: 'passed', detail: `SHA-256(link) = ${bytesToHex(hashed)} = ${what}` }
        : { name: 'link', status: 'failed', detail: `SHA-256(link) = ${bytesToHex(hashed)}, but ${what} is ${bytesToHex(expected)}` },
    );
  } else {
    checks.push({ name: 'link', status: 'skipped', detail: 'no previous link given' });
  }

  let roundIndex: number | null = null;
  const linkFailed = checks.at(-1)!.status === 'failed';
  if (options.walkChain === false || linkFailed) {
    checks.push({ name: 'chain', status: 'skipped', detail: linkFailed ? 'the link check failed' : 'chain walk turned off' });
  } else if (proof.roundIndex !== undefined) {
    const steps = await stepsToReach(link, finalHash, proof.roundIndex);
    if (steps === proof.roundIndex) {
      roundIndex = steps;
      checks.push({ name: 'chain', status: 'passed', detail: `SHA-256 applied ${steps} times to the link gives the final hash` });
    } else {
      checks.push({
        name: 'chain',
        status: 'failed',
        detail:
          steps === null
            ? `SHA-256 applied ${proof.roundIndex} times to the link does not give the final hash`
            : `the link reaches the final hash after ${steps} hashes, not ${proof.roundIndex}`,
      });
    }
  } else {
    const maxSteps = options.maxSteps ?? 1_000_000;
    const steps = await stepsToReach(link, finalHash, maxSteps);
    roundIndex = steps;
    checks.push(
      steps === null
        ? { name: 'chain', status: 'failed', detail: `the final hash is not reached within ${maxSteps} hashes` }
        : { name: 'chain', status: 'passed', detail: `SHA-256 applied ${steps} times to the link gives the final hash (round ${steps} of the chain)` },
    );
  }
  return roundIndex;
}

/** What a locked round publishes before its result (docs/fairness.md "What is published when"). */
export type RevealedLinkProof = Pick<RoundProof, 'finalHash' | 'link' | 'previousLink' | 'roundIndex'>;

/** The result of verifyRevealedLink: the input, link and chain checks only. */
export type RevealedLinkResult = Omit<VerifyResult, 'derivation'>;

/**
 * Verifies the link a round publishes at its lock, before its result exists (decision 380): it is
 * L[k] of the committed chain (k hashes reach the final hash) and, when the previous slot's round
 * published its link, the preimage of that. From then on the result depends on public data only:
 * this link and the beacon round fixed in advance.
 */
export async function verifyRevealedLink(proof: RevealedLinkProof, options: VerifyOptions = {}): Promise<RevealedLinkResult> {
  const problems: string[] = [];
  if (!parseLink(proof.finalHash)) problems.push('final hash must be 64 hex characters');
  if (!parseLink(proof.link)) problems.push('link must be 64 hex characters');
  if (proof.previousLink !== undefined && !parseLink(proof.previousLink)) problems.push('previous link must be 64 hex characters');
  if (proof.roundIndex !== undefined && !(Number.isSafeInteger(proof.roundIndex) && proof.roundIndex >= 1)) problems.push('round index must be a positive integer');
  if (problems.length > 0) {
    const { derivation: _none, ...rest } = finish([{ name: 'input', status: 'failed', detail: problems.join('; ') }], null, null);
    return rest;
  }
  const checks: VerifyCheck[] = [{ name: 'input', status: 'passed', detail: 'all fields well formed' }];
  const roundIndex = await checkLinkAndChain(proof, options, checks);
  const { derivation: _none, ...rest } = finish(checks, null, roundIndex);
  return rest;
}

/** Verifies one round from its published data, with every step (WebCrypto: Node and browsers). */
export async function verifyRound(proof: RoundProof, options: VerifyOptions = {}): Promise<VerifyResult> {
  const problems = inputProblems(proof);
  if (problems.length > 0) return finish([{ name: 'input', status: 'failed', detail: problems.join('; ') }], null, null);
  const checks: VerifyCheck[] = [{ name: 'input', status: 'passed', detail: 'all fields well formed' }];
  const link = parseLink(proof.link)!;
  const roundIndex = await checkLinkAndChain(proof, options, checks);

  let derivation: Derivation;
  let message = `"${proof.period}"`;
  if (schemeOf(proof) === 2) {
    const beacon = proof.beacon!;
    const checked = await checkBeaconValue(beacon.publicKey, { round: beacon.round, signature: beacon.signature, randomness: beacon.randomness ?? bytesToHex(await beaconRandomness(beacon.signature)) });
    const { genesisMs, periodMs, marginMs, locksAtMs } = beacon;
    const fixed = genesisMs !== undefined && periodMs !== undefined && marginMs !== undefined && locksAtMs !== undefined ? beaconRoundAfter({ genesisMs, periodMs }, locksAtMs, marginMs) : null;
    if (!checked.ok) checks.push({ name: 'beacon', status: 'failed', detail: checked.detail });
    else if (fixed !== null && fixed !== beacon.round) checks.push({ name: 'beacon', status: 'failed', detail: `the period's beacon round is ${fixed} (first after lock time + margin), not ${beacon.round}` });
    else checks.push({ name: 'beacon', status: 'passed', detail: fixed === null ? checked.detail : `${checked.detail}; round ${fixed} is the first after lock time + margin` });
    const randomness = await beaconRandomness(beacon.signature);
    derivation = await deriveFromFirstMac(link, await hmacSha256(link, drawMessage(proof.game!, proof.period, randomness)), hmacSha256);
    message = `"${proof.game}:${proof.period}:" + randomness`;
  } else {
    derivation = await deriveDigitWith(link, proof.period, hmacSha256);
  }
  const how = `HMAC-SHA256(link, ${message}) word ${derivation.wordIndex} of MAC ${derivation.macIndex} = ${derivation.word}, mod 10 = ${derivation.digit}`;
  if (proof.digit === undefined) checks.push({ name: 'digit', status: 'skipped', detail: `no digit claimed; ${how}` });
  else if (proof.digit === derivation.digit) checks.push({ name: 'digit', status: 'passed', detail: how });
  else checks.push({ name: 'digit', status: 'failed', detail: `claimed ${proof.digit}, but ${how}` });

  return finish(checks, derivation, roundIndex);
}
