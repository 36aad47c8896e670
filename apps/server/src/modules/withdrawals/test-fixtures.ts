import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, getAccount, getBalance, postTransfer } from '../ledger';
import { insertPlayer } from '../players';

/** Shared fixtures for the withdrawals tests (imported only by *.test.ts files). */

/** The smallest valid PNG signature plus a few bytes: the KYC check reads magic bytes only. */
export const TINY_PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

let seq = 0;
const key = (what: string) => `test:${what}:${Date.now()}:${++seq}`;

// A random start per test process: several files may share one database.
let phoneSeq = Math.floor(Math.random() * 9_000_000);

/**
 * A real player row (no login needed): the withdrawal and KYC events reach the inbox, whose
 * messages belong to a player, so a made-up id would make their delivery fail and retry.
 */
export async function newPlayer(q: Queryable, now = new Date()): Promise<number> {
  const phone = `93${String(++phoneSeq).padStart(8, '0')}`;
  const player = await insertPlayer(q, { phone, passwordHash: 'not-a-login', inviteCode: undefined, now });
  return player.id;
}

/** A credited deposit, as the deposits module posts it (house:deposits → main). */
export async function deposit(q: Queryable, playerId: number, amountMinor: number): Promise<void> {
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(q, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(q, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(q, {
    idempotencyKey: key('deposit'),
    kind: 'deposit',
    entries: [
      { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor },
      { accountCode: main, amountMinor },
    ],
  });
}

/** A Wingo stake (main → the house's lottery account), and optionally a win paid back. */
export async function play(q: Queryable, playerId: number, stakeMinor: number, winMinor = 0): Promise<void> {
  const main = accountCodes.playerMain(playerId);
  const house = accountCodes.houseLottery('wingo');
  await ensureAccount(q, { code: house, kind: 'house' });
  await postTransfer(q, {
    idempotencyKey: key('bet'),
    kind: 'lottery_bet',
    entries: [
      { accountCode: main, amountMinor: -stakeMinor },
      { accountCode: house, amountMinor: stakeMinor },
    ],
  });
  if (winMinor > 0) {
    await postTransfer(q, {
      idempotencyKey: key('win'),
      kind: 'lottery_payout',
      entries: [
        { accountCode: house, amountMinor: -winMinor },
        { accountCode: main, amountMinor: winMinor },
      ],
    });
  }
}

export const balanceOf = (q: Queryable, playerId: number) => getBalance(q, accountCodes.playerMain(playerId));
/** The hold account's balance (0 before the first withdrawal creates it). */
export const holdBalance = async (q: Queryable) => (await getAccount(q, HOUSE_ACCOUNTS.withdrawalHold))?.balanceMinor ?? 0;

/** Submits a KYC document and has an operator verify it. */
export async function verifiedKyc(app: FastifyInstance, playerId: number): Promise<void> {
  await app.kyc.submit(playerId, {
    fullName: 'Asha Verma',
    dateOfBirth: '1990-04-12',
    panNumber: 'ABCDE1234F',
    document: { base64: TINY_PNG_BASE64, fileName: 'pan.png' },
  });
  const [pending] = (await app.kyc.listPending()).filter((s) => s.playerId === playerId);
  await app.kyc.verify({ submissionId: pending!.id, operatorId: 'op_kyc' });
}
