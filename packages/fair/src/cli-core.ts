import { parseArgs } from 'node:util';
import { bytesToHex, hexToBytes, parseLink } from './bytes';
import { generateChain } from './chain';
import { deriveDigit, REJECTION_BOUND, type Derivation } from './derive';
import { verifyRevealedLink, verifyRound, type RoundProof } from './verify';
import { verifyGameRound, type GameRoundProof } from './verify-game';
import { verifyTrxRound, type TronBlockHeaderFields } from './tron';

// The CLI is Node-only (its tests and `npm run fair`); reading a file is its only I/O.
const readText = async (file: string) => (await import('node:fs/promises')).readFile(file, 'utf8');

/**
 * The fairness CLI, as a function of its arguments so tests run it in-process. It uses the
 * browser-safe WebCrypto code, the same the verify screen runs. Exit codes: 0 verified,
 * 1 verification failed, 2 usage error.
 */

export const USAGE = `Usage:
  fair verify --final <hex> --link <hex> --period <period> [--digit <0-9>] [--previous <hex>] [--round <k>] [--no-walk]
              [--game <tag> --beacon-key <hex> --beacon-round <r> --beacon-signature <hex>
               [--beacon-randomness <hex>] [--lock-ms <ms> --beacon-genesis-ms <ms> --beacon-period-ms <ms> --beacon-margin-ms <ms>]]
  fair verify --game k3|5d --outcome <v,v,...> --final <hex> --link <hex> --period <period> [--previous <hex>] [--round <k>]
              --beacon-key <hex> --beacon-round <r> --beacon-signature <hex> [--lock-ms ... as above]
  fair verify --json <file>                  (the fairness endpoint's answer, saved; checked offline; any game, Trx Win included)
  fair derive --link <hex> --period <period>
  fair chain  --seed <hex> --length <n>      (n <= 1000; prints the final hash and every link)
See docs/fairness.md for the scheme.`;

function derivationLines(link: string, period: string, d: Derivation): string[] {
  const lines = [
    `message   = UTF-8 bytes of "${period}" = ${bytesToHex(new TextEncoder().encode(period))}`,
    `key       = link bytes = ${link.toLowerCase()}`,
  ];
  d.macsHex.forEach((mac, i) => {
    lines.push(i === 0 ? `mac[0]    = HMAC-SHA256(key, message) = ${mac}` : `mac[${i}]    = HMAC-SHA256(key, mac[${i - 1}]) = ${mac}`);
  });
  if (d.rejectedWords.length > 0) lines.push(`rejected  = ${d.rejectedWords.join(', ')} (>= ${REJECTION_BOUND})`);
  lines.push(`word      = mac[${d.macIndex}] bytes ${d.wordIndex * 4}..${d.wordIndex * 4 + 3} as big-endian uint32 = ${d.word} (< ${REJECTION_BOUND}: accepted)`);
  lines.push(`digit     = ${d.word} mod 10 = ${d.digit}`);
  return lines;
}

async function printVerification(proof: RoundProof, walkChain: boolean, print: (line: string) => void): Promise<number> {
  const result = await verifyRound(proof, { walkChain });
  for (const check of result.checks) print(`[${check.status}] ${check.name}: ${check.detail}`);
  if (result.derivation && proof.scheme !== 2 && !proof.beacon) for (const line of derivationLines(proof.link, proof.period, result.derivation)) print(`  ${line}`);
  if (result.derivation && (proof.scheme === 2 || proof.beacon)) print(`  mac[0] = ${result.derivation.macsHex[0]}; word ${result.derivation.word}; digit ${result.derivation.digit}`);
  print(result.ok ? `VERIFIED: period ${proof.period} drew ${result.derivation!.digit}` : `NOT VERIFIED: ${result.failure}`);
  return result.ok ? 0 : 1;
}

async function printGameVerification(proof: GameRoundProof, walkChain: boolean, print: (line: string) => void): Promise<number> {
  const result = await verifyGameRound(proof, { walkChain });
  for (const check of result.checks) print(`[${check.status}] ${check.name}: ${check.detail}`);
  if (result.derivation) print(`  mac[0] = ${result.derivation.macsHex[0]}`);
  print(result.ok ? `VERIFIED: ${proof.game} period ${proof.period} drew ${result.derivation!.values.join(' ')}` : `NOT VERIFIED: ${result.failure}`);
  return result.ok ? 0 : 1;
}

/**
 * A K3 or 5D proof from the game fairness endpoint's `data` (or the whole `{ data }` answer),
 * or null when the record is Wingo's (it has a digit, not an outcome).
 */
export function gameProofFromFairness(raw: Record<string, unknown>): GameRoundProof | null {
  const f = (raw.data ?? raw) as Record<string, unknown>;
  if (!('outcome' in f) || !f.beacon) return null;
  const base = proofFromFairness(raw);
  const draw = f.draw as Record<string, unknown> | undefined;
  return {
    finalHash: base.finalHash,
    link: base.link,
    period: base.period,
    game: String(f.game),
    outcome: Array.isArray(f.outcome) ? (f.outcome as number[]) : undefined,
    draw: draw ? { count: Number(draw.count), min: Number(draw.min), max: Number(draw.max) } : undefined,
    previousLink: base.previousLink,
    roundIndex: base.roundIndex,
    beacon: base.beacon!,
  };
}

/**
 * A proof from the fairness endpoint's `data` (or the whole `{ data }` answer), as published:
 * the CLI checks it offline, trusting nothing in it but what the checks confirm. The beacon's
 * public key in it must be the one the player expects (quicknet's is printed for comparison).
 */
export function proofFromFairness(raw: Record<string, unknown>): RoundProof {
  const f = (raw.data ?? raw) as Record<string, unknown>;
  const beacon = f.beacon as Record<string, unknown> | null | undefined;
  const proof: RoundProof = {
    finalHash: String(f.finalHash),
    link: String(f.link),
    period: String(f.period),
    digit: typeof f.digit === 'number' ? f.digit : undefined,
    previousLink: typeof f.previousLink === 'string' ? f.previousLink : undefined,
    roundIndex: typeof f.roundIndex === 'number' ? f.roundIndex : undefined,
    scheme: f.scheme === 2 ? 2 : 1,
  };
  if (beacon) {
    proof.game = String(f.game);
    proof.beacon = {
      publicKey: String(beacon.publicKey),
      round: Number(beacon.round),
      signature: String(beacon.signature),
      randomness: typeof beacon.randomness === 'string' ? beacon.randomness : undefined,
      genesisMs: Number(beacon.genesisMs),
      periodMs: Number(beacon.periodMs),
      marginMs: Number(beacon.marginMs),
      locksAtMs: Number(f.locksAtMs),
    };
  }
  return proof;
}

/**
 * A chain round's record published at its lock, before its result (status `locked`, no beacon
 * signature yet): its link is checked against the chain (decision 380). Exit 0 when the link is
 * the committed one; the result itself is verified once the record carries it.
 */
async function printRevealedLinkVerification(f: Record<string, unknown>, walkChain: boolean, print: (line: string) => void): Promise<number> {
  const result = await verifyRevealedLink(
    {
      finalHash: String(f.finalHash),
      link: String(f.link),
      previousLink: typeof f.previousLink === 'string' ? f.previousLink : undefined,
      roundIndex: typeof f.roundIndex === 'number' ? f.roundIndex : undefined,
    },
    { walkChain },
  );
  for (const check of result.checks) print(`[${check.status}] ${check.name}: ${check.detail}`);
  const beacon = f.beacon as Record<string, unknown> | null | undefined;
  const waits = beacon ? `; its result waits for beacon round ${String(beacon.round)}` : '';
  print(result.ok ? `LINK VERIFIED: period ${String(f.period)} uses L[${String(f.roundIndex)}] = ${String(f.link)}${waits}` : `NOT VERIFIED: ${result.failure}`);
  return result.ok ? 0 : 1;
}

/** A chain record with its link but no result yet (a locked round): only its link can be verified. */
const isLinkOnly = (f: Record<string, unknown>) =>
  typeof f.link === 'string' && f.status === 'locked' && !(f.beacon && typeof (f.beacon as Record<string, unknown>).signature === 'string');

/**
 * A Trx Win record (`source: "tron"`) verified offline from its two headers (verifyTrxRound):
 * each check printed, then the digit and where it was read. A record without its blocks (not drawn
 * yet, or voided) cannot be verified: exit 1, saying why.
 */
function printTrxVerification(f: Record<string, unknown>, print: (line: string) => void): number {
  const period = String(f.period);
  if (!f.block || !f.parent) {
    print(`NOT VERIFIED: period ${period} has no deciding block in this record (status ${String(f.status)}${f.void ? `, voided: ${String((f.void as Record<string, unknown>).reason)}` : ''})`);
    return 1;
  }
  const block = f.block as TronBlockHeaderFields;
  const outcome = Array.isArray(f.outcome) ? (f.outcome as number[]) : undefined;
  const r = verifyTrxRound({ locksAtMs: Number(f.locksAtMs), block, parent: f.parent as TronBlockHeaderFields, ...(outcome ? { outcome } : {}) });
  const line = (ok: boolean, name: string, detail: string) => print(`[${ok ? 'ok' : 'FAIL'}] ${name}: ${detail}`);
  line(r.checks.blockId, 'block id', 'number (8 bytes) || last 24 bytes of SHA-256(protobuf BlockHeader.raw)');
  line(r.checks.parentId, 'parent id', 'the same rule on the parent');
  line(r.checks.linked, 'linked', "block number = parent's + 1 and parentHash = the parent's id");
  line(r.checks.timing, 'deciding block', `parent timestamp <= lock ${String(f.locksAtMs)} < block timestamp`);
  line(r.checks.signature, 'producer signatures', 'each header signed by its witness (or the key it delegated to), recovered from witness_signature');
  line(r.checks.digit, 'digit', outcome ? `published outcome [${outcome.join(',')}], read ${r.digit ?? '?'}` : `read ${r.digit ?? '?'}`);
  if (r.read) print(`  id's last 24 bytes = ${r.read.hashHex}; character ${r.read.charIndex} from the left${r.read.fallback ? ' (all letters: the fallback)' : ''}`);
  if (!r.ok) {
    print(`NOT VERIFIED: ${r.reason}`);
    return 1;
  }
  print(`VERIFIED: trx period ${period} drew ${r.digit} from TRON block ${block.raw_data.number}`);
  // That the producer was elected, and that the blocks are TRON's, is the public chain's to say.
  if (f.network === 'tron') print(`  check the producers are TRON's: https://tronscan.org/#/block/${block.raw_data.number} (same id, an elected super representative)`);
  return 0;
}

export async function runFairCli(argv: string[], print: (line: string) => void): Promise<number> {
  const [command, ...rest] = argv;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        final: { type: 'string' },
        link: { type: 'string' },
        period: { type: 'string' },
        digit: { type: 'string' },
        previous: { type: 'string' },
        round: { type: 'string' },
        'no-walk': { type: 'boolean' },
        seed: { type: 'string' },
        length: { type: 'string' },
        game: { type: 'string' },
        'beacon-key': { type: 'string' },
        'beacon-round': { type: 'string' },
        'beacon-signature': { type: 'string' },
        'beacon-randomness': { type: 'string' },
        'lock-ms': { type: 'string' },
        'beacon-genesis-ms': { type: 'string' },
        'beacon-period-ms': { type: 'string' },
        'beacon-margin-ms': { type: 'string' },
        json: { type: 'string' },
        outcome: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    print((e as Error).message);
    print(USAGE);
    return 2;
  }
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const num = (name: string) => {
    const v = str(name);
    return v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  };

  if (command === 'derive') {
    const link = str('link');
    const period = str('period');
    if (!link || !parseLink(link) || period === undefined) {
      print('derive needs --link <64 hex> and --period <period>');
      return 2;
    }
    for (const line of derivationLines(link, period, await deriveDigit(link, period))) print(line);
    return 0;
  }

  if (command === 'chain') {
    const seed = hexToBytes(str('seed') ?? '');
    const length = num('length');
    if (!seed || seed.length !== 32 || length === undefined || !(length >= 1 && length <= 1000)) {
      print('chain needs --seed <64 hex> and --length <1..1000>');
      return 2;
    }
    const chain = await generateChain(seed, length);
    print(`final hash L[0] = ${bytesToHex(chain.finalHash)}`);
    chain.links.forEach((l, i) => print(`L[${i + 1}] = ${bytesToHex(l)}`));
    return 0;
  }

  if (command === 'verify' && str('json') !== undefined) {
    let proof: RoundProof;
    let gameProof: GameRoundProof | null;
    try {
      const raw = JSON.parse(await readText(str('json')!)) as Record<string, unknown>;
      const record = (raw.data ?? raw) as Record<string, unknown>;
      if (record.source === 'tron') return printTrxVerification(record, print);
      if (isLinkOnly(record)) return printRevealedLinkVerification(record, values['no-walk'] !== true, print);
      gameProof = gameProofFromFairness(raw);
      proof = proofFromFairness(raw);
    } catch (e) {
      print(`cannot read ${str('json')}: ${(e as Error).message}`);
      return 2;
    }
    if (gameProof) return printGameVerification(gameProof, values['no-walk'] !== true, print);
    return printVerification(proof, values['no-walk'] !== true, print);
  }
  if (command === 'verify') {
    const finalHash = str('final');
    const link = str('link');
    const period = str('period');
    if (finalHash === undefined || link === undefined || period === undefined) {
      print('verify needs --final, --link and --period');
      print(USAGE);
      return 2;
    }
    const beaconKey = str('beacon-key');
    const proof: RoundProof = { finalHash, link, period, digit: num('digit'), previousLink: str('previous'), roundIndex: num('round') };
    const outcome = str('outcome');
    if (outcome !== undefined) {
      // A game with several values (K3, 5D): scheme 2 only.
      if (beaconKey === undefined || str('game') === undefined || !/^\d+(,\d+)*$/.test(outcome)) {
        print('verify --outcome needs --game, the beacon fields and the values as v,v,...');
        return 2;
      }
      return printGameVerification(
        {
          finalHash,
          link,
          period,
          game: str('game')!,
          outcome: outcome.split(',').map(Number),
          previousLink: str('previous'),
          roundIndex: num('round'),
          beacon: {
            publicKey: beaconKey,
            round: num('beacon-round') ?? Number.NaN,
            signature: str('beacon-signature') ?? '',
            randomness: str('beacon-randomness'),
            locksAtMs: num('lock-ms'),
            genesisMs: num('beacon-genesis-ms'),
            periodMs: num('beacon-period-ms'),
            marginMs: num('beacon-margin-ms'),
          },
        },
        values['no-walk'] !== true,
        print,
      );
    }
    if (beaconKey !== undefined) {
      proof.scheme = 2;
      proof.game = str('game');
      proof.beacon = {
        publicKey: beaconKey,
        round: num('beacon-round') ?? Number.NaN,
        signature: str('beacon-signature') ?? '',
        randomness: str('beacon-randomness'),
        locksAtMs: num('lock-ms'),
        genesisMs: num('beacon-genesis-ms'),
        periodMs: num('beacon-period-ms'),
        marginMs: num('beacon-margin-ms'),
      };
    }
    return printVerification(proof, values['no-walk'] !== true, print);
  }

  print(USAGE);
  return 2;
}
