import { parseArgs } from 'node:util';
import { bytesToHex, hexToBytes, parseLink } from './bytes';
import { generateChain } from './chain';
import { deriveDigit, REJECTION_BOUND, type Derivation } from './derive';
import { verifyRound } from './verify';

/**
 * The fairness CLI, as a function of its arguments so tests run it in-process. It uses the
 * browser-safe WebCrypto code, the same the verify screen runs. Exit codes: 0 verified,
 * 1 verification failed, 2 usage error.
 */

export const USAGE = `Usage:
  fair verify --final <hex> --link <hex> --period <period> [--digit <0-9>] [--previous <hex>] [--round <k>] [--no-walk]
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

  if (command === 'verify') {
    const finalHash = str('final');
    const link = str('link');
    const period = str('period');
    if (finalHash === undefined || link === undefined || period === undefined) {
      print('verify needs --final, --link and --period');
      print(USAGE);
      return 2;
    }
    const result = await verifyRound(
      { finalHash, link, period, digit: num('digit'), previousLink: str('previous'), roundIndex: num('round') },
      { walkChain: values['no-walk'] !== true },
    );
    for (const check of result.checks) print(`[${check.status}] ${check.name}: ${check.detail}`);
    if (result.derivation) for (const line of derivationLines(link, period, result.derivation)) print(`  ${line}`);
    print(result.ok ? `VERIFIED: period ${period} drew ${result.derivation!.digit}` : `NOT VERIFIED: ${result.failure}`);
    return result.ok ? 0 : 1;
  }

  print(USAGE);
  return 2;
}
