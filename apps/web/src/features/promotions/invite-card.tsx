import type { InviteFriend, InviteSummary } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId } from 'react';
import { CopyButton } from '../../components/ui/copy-button';
import { LoadNotice } from '../../components/ui/load-notice';
import { api } from '../../lib/api-client';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource, type ResourceSpec } from '../../lib/resource';
import './invites-i18n';
import './invite-card.css';

const invitesResource: ResourceSpec<InviteSummary> = {
  key: 'promotions-invites',
  fetch: async (signal) => (await api.get<{ data: InviteSummary }>(LAZY_API_PATHS.player_invites, { signal })).data,
};

/** The friend's status: the outcome, with its reason when there is one. */
function statusOf(f: InviteFriend, t: ReturnType<typeof useI18n>['t']): string {
  const status = t(`invites.outcome.${f.outcome}`);
  return f.reason ? t('invites.withReason', { status, reason: t(`invites.reason.${f.reason}`) }) : status;
}

/**
 * Invite a friend (docs/promotions.md; decisions 550-552): the player's code with the one copy
 * button, a link that opens the register page with the code filled in, the reward's terms and cap
 * as the server states them, and each friend (nickname and phone ending only) with their step.
 * Mounted by the Activity page.
 */
export function InviteCard() {
  const { t } = useI18n();
  const titleId = useId();
  const friendsId = useId();
  const invites = useResource(invitesResource);
  const data = invites.data;
  const link = data ? new URL(data.linkPath, window.location.origin).toString() : '';
  const share = async () => {
    // The system's share sheet (the button shows only where there is one); a cancelled share is no error.
    await navigator.share({ title: t('invites.title'), text: t('invites.shareText', { code: data!.code }), url: link }).catch(() => undefined);
  };
  return (
    <section className="invite-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="invite-card__title">
        {t('invites.title')}
      </h2>
      <LoadNotice loaded={Boolean(data)} error={invites.error} retry={invites.reload} />
      {data && (
        <>
          <dl className="invite-card__codes">
            <div>
              <dt>{t('invites.code')}</dt>
              <dd>
                <span className="invite-card__code">{data.code}</span> <CopyButton value={data.code} what={t('invites.codeWhat')} />
              </dd>
            </div>
            <div>
              <dt>{t('invites.link')}</dt>
              <dd>
                <span className="invite-card__link">{link}</span> <CopyButton value={link} what={t('invites.linkWhat')} />
              </dd>
            </div>
          </dl>
          {typeof navigator.share === 'function' && (
            <button type="button" className="button button--ghost" onClick={() => void share()}>
              {t('invites.share')}
            </button>
          )}
          <p className="invite-card__terms">
            {t('invites.terms', {
              reward: formatMoneyMinor(data.terms.rewardMinor, data.currency),
              multiple: data.terms.wageringMultiple,
              days: data.terms.validDays,
              minPlay: formatMoneyMinor(data.terms.minPlayMinor, data.currency),
            })}
          </p>
          <p className="invite-card__terms">{t('invites.capTerms', { count: data.cap.rewards, n: data.cap.rewards, days: data.cap.periodDays, used: data.cap.usedInPeriod })}</p>
          <p className="invite-card__terms">{t('invites.offerRules')}</p>
          <p className="invite-card__counts">{t('invites.counts', { joined: data.joined, qualified: data.qualified, rewarded: data.rewarded })}</p>
          {data.friends.length === 0 ? (
            <p>{t('invites.none')}</p>
          ) : (
            <table className="invite-card__friends" aria-labelledby={friendsId}>
              <caption id={friendsId}>{t('invites.friends')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('invites.col.friend')}</th>
                  <th scope="col">{t('invites.col.joined')}</th>
                  <th scope="col">{t('invites.col.step')}</th>
                  <th scope="col">{t('invites.col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.friends.map((f) => (
                  <tr key={`${f.joinedAt}-${f.nickname}-${f.phoneEnding}`}>
                    <th scope="row">{t('invites.friendName', { nickname: f.nickname, ending: f.phoneEnding })}</th>
                    <td>{formatDateTimeIst(Date.parse(f.joinedAt))}</td>
                    <td>{t(`invites.step.${f.step}`)}</td>
                    <td>{statusOf(f, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
