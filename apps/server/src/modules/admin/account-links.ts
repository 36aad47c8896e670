import { LINK_REGISTRATION_WINDOW_HOURS, type AccountLink, type AdminLinkDecisionInput, type LinkDecision, type LinkReason } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import { playersSharingDevice, playersSignedInSince } from '../auth';
import { playersSharingPan, playersSubmittingKycSince } from '../kyc';
import { findPlayerById, playersRegisteredNear, playersRegisteredSince } from '../players';
import { playersAddingPayoutSince, playersSharingPayoutDestination } from '../withdrawals';
import type { AuditLog, RequestOrigin } from './audit';
import { claimLinkAlert, insertLinkDecision, latestLinkDecisions, linkScanCursor, setLinkScanCursor } from './links-repo';
import type { OperatorPrincipal } from './operators';
import { LINK_SCAN_OVERLAP_MS, mergeLinks, type LinkFact } from './link-rules';

/** Every fact `playerId` shares with another account, one indexed query per kind (decision 430). */
export async function linkFacts(q: Queryable, playerId: number): Promise<LinkFact[]> {
  const [payout, pan, device, address] = await Promise.all([
    playersSharingPayoutDestination(q, playerId),
    playersSharingPan(q, playerId),
    playersSharingDevice(q, playerId),
    playersRegisteredNear(q, playerId, LINK_REGISTRATION_WINDOW_HOURS * 3600),
  ]);
  return [
    ...payout.map((r) => ({ playerId: r.playerId, reason: (r.kind === 'upi' ? 'payout_upi' : 'payout_bank') as LinkReason, detail: r.summary, at: r.at })),
    ...pan.map((r) => ({ playerId: r.playerId, reason: 'pan' as const, detail: null, at: r.at })),
    ...device.map((r) => ({ playerId: r.playerId, reason: 'device' as const, detail: null, at: r.at })),
    ...address.map((r) => ({ playerId: r.playerId, reason: 'registration_ip' as const, detail: null, at: r.at })),
  ];
}

/**
 * Linked accounts (decisions 430, 431): computed on read from the facts the other modules keep,
 * never stored, so a link disappears when its fact does. An operator's decision on a link is
 * appended and audited; no decision bans anyone (a suspension is its own audited action).
 */
export function createAccountLinks({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditLog }) {
  async function playerLinks(playerId: number): Promise<AccountLink[]> {
    const [facts, decisions] = await Promise.all([linkFacts(db, playerId), latestLinkDecisions(db, playerId)]);
    const links: AccountLink[] = [];
    for (const link of mergeLinks(playerId, facts)) {
      const other = await findPlayerById(db, link.playerId);
      if (!other) continue;
      const d = decisions.get(link.playerId);
      const decision: LinkDecision | null = d ? { decision: d.decision, note: d.note, operatorId: d.operator_id, at: d.decided_at.toISOString() } : null;
      links.push({ playerId: other.id, uid: other.uid, nickname: other.nickname, reasons: link.reasons, decision });
    }
    return links;
  }

  return {
    playerLinks,

    /**
     * The link alerts' job (decision 432): the players with a fact newer than the cursor are
     * looked at, and each of their links not alerted before raises one `accounts_linked` alert.
     * A link is found from its newer side, so an old account linked by a new one is found too.
     */
    async raiseLinkAlerts(): Promise<{ alerted: number }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const cursor = await linkScanCursor(tx);
        // A fact stamped before the cursor can commit after the last scan: the scans overlap, and
        // the alerts' table keeps it to one alert per link.
        const since = cursor ? new Date(cursor.getTime() - LINK_SCAN_OVERLAP_MS) : new Date(0);
        const found = await Promise.all([playersRegisteredSince(tx, since), playersSignedInSince(tx, since), playersAddingPayoutSince(tx, since), playersSubmittingKycSince(tx, since)]);
        let alerted = 0;
        for (const playerId of [...new Set(found.flat())].sort((a, b) => a - b)) {
          for (const link of mergeLinks(playerId, await linkFacts(tx, playerId))) {
            if (!(await claimLinkAlert(tx, playerId, link.playerId, now))) continue;
            await audit.raiseAlert(tx, 'accounts_linked', { id: null, username: null }, `player:${playerId}`, { ip: null, userAgent: null }, {
              playerId,
              linkedPlayerId: link.playerId,
              reasons: link.reasons.map((r) => r.reason),
            });
            alerted++;
          }
        }
        await setLinkScanCursor(tx, now);
        return { alerted };
      });
    },

    /** Records an operator's decision on the link between two players; refused unless they are linked now. */
    async decideLink(playerId: number, otherPlayerId: number, input: AdminLinkDecisionInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<AccountLink> {
      if (!(await findPlayerById(db, playerId))) throw new AppError('NOT_FOUND', 'No such player');
      const link = (await playerLinks(playerId)).find((l) => l.playerId === otherPlayerId);
      if (!link) throw new AppError('NOT_FOUND', 'These two accounts are not linked');
      const at = clock.now();
      await db.transaction(async (tx) => {
        await insertLinkDecision(tx, { playerA: playerId, playerB: otherPlayerId, decision: input.decision, note: input.note, operatorId: by.id, at });
        await audit.write(tx, by, 'player.link_decision', `player:${playerId}`, origin, {
          before: { decision: link.decision?.decision ?? null },
          after: { otherPlayerId, decision: input.decision, note: input.note, reasons: link.reasons.map((r) => r.reason) },
        });
      });
      return { ...link, decision: { decision: input.decision, note: input.note, operatorId: by.id, at: at.toISOString() } };
    },
  };
}
