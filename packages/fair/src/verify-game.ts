import { beaconRandomness } from './beacon';
import { parseLink } from './bytes';
import { drawMessage } from './derive';
import { drawSpecOfGame, valuesFromFirstMac, type DrawSpec, type ValuesDerivation } from './values';
import { verifyRound, type BeaconProof, type VerifyCheck, type VerifyFailure, type VerifyOptions } from './verify';
import { hmacSha256 } from './web-crypto';

/**
 * Verifying a round of a game whose outcome is several values (K3, 5D: docs/fairness.md "Reading
 * K3 and 5D", decision 334). The chain, link and beacon checks are verifyRound's, unchanged; the
 * last check is the outcome's, read from the HMAC stream by the game's draw (GAME_DRAWS: the
 * verifier's own table, never the record's).
 */
export interface GameRoundProof {
  finalHash: string;
  link: string;
  period: string;
  /** The game tag (k3, 5d, ...): it selects the draw and is part of the HMAC message. */
  game: string;
  /** The outcome the operator says was drawn, in order; omitted to just compute it. */
  outcome?: number[] | undefined;
  /** The draw as the record states it; when given it must be the game's. */
  draw?: DrawSpec | undefined;
  previousLink?: string | undefined;
  roundIndex?: number | undefined;
  beacon: BeaconProof;
}

export type GameVerifyFailure = Exclude<VerifyFailure, 'WRONG_DIGIT'> | 'WRONG_OUTCOME';

export interface GameVerifyCheck {
  name: Exclude<VerifyCheck['name'], 'digit'> | 'outcome';
  status: VerifyCheck['status'];
  detail: string;
}

export interface GameVerifyResult {
  ok: boolean;
  failure: GameVerifyFailure | null;
  checks: GameVerifyCheck[];
  /** The values read from the stream, with every word (null only for malformed input). */
  derivation: ValuesDerivation | null;
  roundIndex: number | null;
}

const sameDraw = (a: DrawSpec, b: DrawSpec) => a.count === b.count && a.min === b.min && a.max === b.max;

function malformed(detail: string): GameVerifyResult {
  return { ok: false, failure: 'MALFORMED_INPUT', checks: [{ name: 'input', status: 'failed', detail }], derivation: null, roundIndex: null };
}

export async function verifyGameRound(proof: GameRoundProof, options: VerifyOptions = {}): Promise<GameVerifyResult> {
  const spec = drawSpecOfGame(proof.game);
  if (!spec) return malformed(`unknown game "${proof.game}"`);
  if (proof.draw && !sameDraw(proof.draw, spec)) {
    return malformed(`the record says the draw is ${proof.draw.count} values in ${proof.draw.min}..${proof.draw.max}, but ${proof.game} draws ${spec.count} in ${spec.min}..${spec.max}`);
  }
  const o = proof.outcome;
  if (o !== undefined && !(Array.isArray(o) && o.length === spec.count && o.every((v) => Number.isInteger(v) && v >= spec.min && v <= spec.max))) {
    return malformed(`the outcome must be ${spec.count} integers in ${spec.min}..${spec.max}`);
  }
  // Chain, link and beacon exactly as for a Wingo round (scheme 2, no digit claimed).
  const base = await verifyRound(
    { finalHash: proof.finalHash, link: proof.link, period: proof.period, previousLink: proof.previousLink, roundIndex: proof.roundIndex, scheme: 2, game: proof.game, beacon: proof.beacon },
    options,
  );
  const checks: GameVerifyCheck[] = base.checks.flatMap((c) => (c.name === 'digit' ? [] : [{ ...c, name: c.name }]));
  if (base.failure === 'MALFORMED_INPUT') return { ok: false, failure: 'MALFORMED_INPUT', checks, derivation: null, roundIndex: null };
  const link = parseLink(proof.link)!;
  const randomness = await beaconRandomness(proof.beacon.signature);
  const derivation = await valuesFromFirstMac(link, await hmacSha256(link, drawMessage(proof.game, proof.period, randomness)), spec);
  const how = `HMAC-SHA256(link, "${proof.game}:${proof.period}:" + randomness): words ${derivation.words
    .map((w) => (w.value === null ? `${w.word} (skipped, >= ${derivation.bound})` : `${w.word} -> ${w.value}`))
    .join(', ')}; outcome ${derivation.values.join(' ')}`;
  if (o === undefined) checks.push({ name: 'outcome', status: 'skipped', detail: `no outcome claimed; ${how}` });
  else if (o.every((v, i) => v === derivation.values[i])) checks.push({ name: 'outcome', status: 'passed', detail: how });
  else checks.push({ name: 'outcome', status: 'failed', detail: `claimed ${o.join(' ')}, but ${how}` });
  const failed = checks.find((c) => c.status === 'failed');
  const failure: GameVerifyFailure | null = failed ? (failed.name === 'outcome' ? 'WRONG_OUTCOME' : (base.failure as GameVerifyFailure)) : null;
  return { ok: !failed, failure, checks, derivation, roundIndex: base.roundIndex };
}
