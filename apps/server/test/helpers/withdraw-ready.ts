import type { TestApp } from './build-test-app';
import { accountCodes, ensureAccount, getBalance, postTransfer } from '../../src/modules/ledger';

let seq = 0;

/**
 * Makes a funded player able to withdraw now: identity verified (PAN ABCDE1234F), a UPI payout
 * method, and the balance staked and won back once, so wagering locks nothing. Answers the method.
 */
export async function readyToWithdraw(t: TestApp, playerId: number) {
  await t.app.kyc.submit(playerId, {
    fullName: 'Asha Verma',
    dateOfBirth: '1990-04-12',
    panNumber: 'ABCDE1234F',
    document: { base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', fileName: 'pan.png' },
  });
  const [pending] = (await t.app.kyc.listPending()).filter((s) => s.playerId === playerId);
  await t.app.kyc.verify({ submissionId: pending!.id, operatorId: 'op_kyc' });
  const method = await t.app.withdrawals.addMethod(playerId, { kind: 'upi', vpa: `p${playerId}@okaxis` });
  const house = accountCodes.houseLottery('wingo');
  await ensureAccount(t.db, { code: house, kind: 'house' });
  const main = accountCodes.playerMain(playerId);
  const balance = await getBalance(t.db, main);
  const key = `ready-to-withdraw:${playerId}:${++seq}`;
  await postTransfer(t.db, { idempotencyKey: `${key}:bet`, kind: 'lottery_bet', entries: [{ accountCode: main, amountMinor: -balance }, { accountCode: house, amountMinor: balance }] });
  await postTransfer(t.db, { idempotencyKey: `${key}:win`, kind: 'lottery_payout', entries: [{ accountCode: house, amountMinor: -balance }, { accountCode: main, amountMinor: balance }] });
  return method;
}
