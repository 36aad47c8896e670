/**
 * Operator command for deposit orders awaiting review, until the back office exists:
 *
 *   npm run deposits -- list
 *   npm run deposits -- approve dep_… "bank statement line 42"
 *   npm run deposits -- reject dep_… "no matching credit"
 *
 * It uses the same configuration as the server (DATABASE_URL or the embedded database; the
 * embedded one can only be opened while the server is stopped) and the same service, so every
 * decision goes through the state machine and the ledger and is recorded with its note.
 */
import { minorToDecimal } from '@colorplay/contract';
import { runCli, withApp } from './with-app';

const USAGE = 'usage: npm run deposits -- list | approve <orderId> <note> | reject <orderId> <note>';

async function main(): Promise<number> {
  const [command, orderId, ...noteWords] = process.argv.slice(2);
  const note = noteWords.join(' ').trim();
  if (command !== 'list' && !(command === 'approve' || command === 'reject')) {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'list' && (!orderId || !note)) {
    console.error(`${USAGE}\n(a note saying what was checked is required)`);
    return 2;
  }
  return withApp(async (app) => {
    if (command === 'list') {
      const orders = await app.deposits.listForReview();
      if (orders.length === 0) console.log('No orders await review.');
      for (const o of orders) {
        console.log(`${o.id}  player ${o.player_id}  ₹${minorToDecimal(o.amount_minor)}  UTR ${o.utr ?? '-'}  gateway UTR ${o.gateway_utr ?? '-'}  reason ${o.review_reason ?? '-'}  since ${o.updated_at.toISOString()}`);
      }
      return 0;
    }
    const order = await app.deposits.review(orderId!, command === 'approve' ? 'approve' : 'reject', note);
    console.log(`${order.id} is now ${order.status}.`);
    return 0;
  });
}

runCli(main);
