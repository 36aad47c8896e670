/**
 * Lottery operator commands (decision 183):
 *
 *   npm run lottery -- retire-chains --reason "<why>"
 *
 * Retires every lottery chain in use from the first round of its room that has no row yet and
 * whose betting is still open (decision 381), and records who did it and why in the audit log. Run
 * it when LOTTERY_CHAIN_SECRET was lost or replaced (the server refuses to start with chains it
 * cannot open). It cannot void a round anyone bet on: every round that exists has its link stored
 * since its creation (public from its lock, decision 380) and is drawn without the secret; the
 * server publishes new chains at its next start. Only a round from before migration 024 without
 * its stored link can still be refunded as `chain_retired`, with its public audit record.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { runCli, withApp } from './with-app';

const USAGE = 'usage: npm run lottery -- retire-chains --reason "<why, for the audit log>"';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let reason: string | undefined;
  try {
    reason = parseArgs({ args: rest, options: { reason: { type: 'string' } }, strict: true }).values.reason;
  } catch {
    reason = undefined;
  }
  if (command !== 'retire-chains' || !reason || reason.trim().length < 5) {
    console.error(USAGE);
    return 2;
  }
  return withApp(async (app) => {
    const retired = await app.lottery.retireChains(reason.trim());
    const who = `cli:${userInfo().username}`;
    await app.admin.record({ id: null, username: who }, 'lottery.retire_chains', 'lottery:chains', { ip: null, userAgent: 'npm run lottery' }, { after: { reason: reason.trim(), retired } });
    for (const r of retired) console.log(`chain ${r.chainId} (${r.game ?? 'wingo'} room ${r.roomId}) retired from period ${r.fromPeriod}`);
    console.log(`${retired.length} chain(s) retired by ${who}; the server publishes new chains when it starts.`);
    return 0;
  });
}

runCli(main);
