import { GIFT_CODE_PATTERN, type BonusGrant, type ErrorCode, type PromotionStatus } from '@colorplay/contract';
import { useId, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { LoadNotice } from '../../components/ui/load-notice';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatMoneyMinor, MONEY_LOCALE } from '../../lib/format';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { invalidateResources, keyMatches, useResource } from '../../lib/resource';
import { bonusesResource, offerStatusResource, PROMOTIONS_KEY, redeemGiftCode } from './api';
import './activity-i18n';
import './activity.css';
import { CheckInCard } from './check-in-card';
import { InviteCard } from './invite-card';

/**
 * The Activity tab (/activity, docs/promotions.md): the player's bonuses with their progress,
 * then the offers, or, when offers are paused (a break, an exclusion, a recent limit hit, no
 * marketing consent...), a notice saying so and why instead of any offer. Safer gambling first:
 * the server's own rule decides (GET /api/promotions/status), never this page.
 */

/** What an offer card is given: the terms version in force and the one the player last accepted. */
export interface OfferCardProps {
  status: PromotionStatus;
}

/**
 * This feature's offers, in order; shown only when offers may reach the player. An offer of this
 * feature joins as one line here; another feature's (the first-deposit offer, which lives with the
 * recharge) comes from the route as `extraOffers`, first, since no feature imports another.
 */
const OFFER_CARDS: readonly ComponentType<OfferCardProps>[] = [CheckInCard, GiftCodeCard, InviteCard];

export function ActivityPage({ extraOffers = [] }: { extraOffers?: readonly ComponentType<OfferCardProps>[] }) {
  const { t } = useI18n();
  const status = useResource(offerStatusResource);
  const bonuses = useResource(bonusesResource);
  const offers = status.data;
  const retry = () => {
    status.reload();
    bonuses.reload();
  };
  return (
    <main className="page activity">
      <TopBar title={t('activity.title')} />
      <LoadNotice loaded={Boolean(status.data && bonuses.data)} error={status.error ?? bonuses.error} retry={retry} />
      {bonuses.data && <Bonuses items={bonuses.data.items} />}
      {offers &&
        (offers.offersPaused ? (
          <OffersPaused status={offers} hasActiveBonus={Boolean(bonuses.data?.items.some((b) => b.status === 'active'))} />
        ) : (
          <section className="activity__section" aria-labelledby="activity-offers">
            <h2 id="activity-offers" className="activity__heading">
              {t('activity.offers.title')}
            </h2>
            {[...extraOffers, ...OFFER_CARDS].map((Card, i) => (
              <Card key={i} status={offers} />
            ))}
          </section>
        ))}
      {offers && <VipLink />}
    </main>
  );
}

/** A day in India time in the player's language, day first as money's Indian locale writes it, e.g. "3 Dec 2026". */
function useDay(): (iso: string) => string {
  const { locale } = useI18n();
  return (iso) => new Date(iso).toLocaleDateString(MONEY_LOCALE[locale], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
}

/** Active bonuses first, with their progress; ended ones below, each with how it ended. */
function Bonuses({ items }: { items: BonusGrant[] }) {
  const { t } = useI18n();
  const day = useDay();
  const active = items.filter((b) => b.status === 'active');
  const ended = items.filter((b) => b.status !== 'active');
  return (
    <section className="activity__section" aria-labelledby="activity-bonuses">
      <h2 id="activity-bonuses" className="activity__heading">
        {t('activity.bonuses.title')}
      </h2>
      {active.length === 0 && <p className="activity__muted">{t('activity.bonuses.none')}</p>}
      {active.map((b) => (
        <ActiveBonus key={b.id} bonus={b} />
      ))}
      {ended.length > 0 && (
        <>
          <h3 id="activity-ended" className="activity__subheading">
            {t('activity.bonuses.ended')}
          </h3>
          <ul className="activity__ended" aria-labelledby="activity-ended">
            {ended.map((b) => (
              <li key={b.id} className="activity__ended-item">
                <span>
                  {t(`activity.source.${b.source}`)} · {formatMoneyMinor(b.amountMinor)}
                </span>
                <span className="activity__muted">{t(`activity.ended.${b.status as Exclude<BonusGrant['status'], 'active'>}`, { date: day(b.endedAt ?? b.expiresAt) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One active bonus: its progress bar in rupees, the bonus balance, the expiry and the terms accepted. */
function ActiveBonus({ bonus: b }: { bonus: BonusGrant }) {
  const { t } = useI18n();
  const day = useDay();
  const titleId = useId();
  const progress = t('activity.bonus.progress', { wagered: formatMoneyMinor(b.wageredMinor), required: formatMoneyMinor(b.requiredMinor) });
  const percent = b.requiredMinor > 0 ? Math.min(100, (b.wageredMinor / b.requiredMinor) * 100) : 100;
  const rows: [string, string][] = [
    [t('activity.bonus.amount'), formatMoneyMinor(b.amountMinor)],
    [t('activity.bonus.balance'), formatMoneyMinor(b.balanceMinor)],
    [t('activity.bonus.expires'), day(b.expiresAt)],
    [t('activity.bonus.terms'), t('activity.bonus.termsVersion', { version: b.termsVersion })],
  ];
  return (
    <article className="activity__card" aria-labelledby={titleId}>
      <h3 id={titleId} className="activity__card-title">
        {t(`activity.source.${b.source}`)}
      </h3>
      <div
        className="activity__bar"
        role="progressbar"
        aria-label={t('activity.bonus.progressLabel', { bonus: formatMoneyMinor(b.amountMinor) })}
        aria-valuemin={0}
        aria-valuemax={b.requiredMinor}
        aria-valuenow={b.wageredMinor}
        aria-valuetext={progress}
      >
        <span className="activity__bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="activity__progress">{progress}</p>
      <p className="activity__muted">
        {t('activity.bonus.progressHint', { required: formatMoneyMinor(b.requiredMinor), multiple: b.wageringMultiple, date: day(b.expiresAt) })}
      </p>
      <dl className="activity__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="activity__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Instead of any offer: offers are paused, and why, in one sentence (with the day it ends when it ends by itself). */
function OffersPaused({ status, hasActiveBonus }: { status: PromotionStatus; hasActiveBonus: boolean }) {
  const { t } = useI18n();
  const day = useDay();
  const reason = status.reason ?? 'no_marketing_consent';
  const until = status.until ? day(status.until) : null;
  const why = (() => {
    switch (reason) {
      case 'on_break':
        return until ? t('activity.paused.on_break', { until }) : t('activity.paused.on_breakOpen');
      case 'self_excluded':
        return until ? t('activity.paused.self_excluded', { until }) : t('activity.paused.self_excludedOpen');
      case 'limit_hit_recently':
        return until ? t('activity.paused.limit_hit_recently', { until }) : t('activity.paused.limit_hit_recentlyOpen');
      default:
        return t(`activity.paused.${reason}`);
    }
  })();
  return (
    <section className="activity__section activity__paused" aria-labelledby="activity-paused">
      <h2 id="activity-paused" className="activity__heading">
        {t('activity.paused.title')}
      </h2>
      <p>{why}</p>
      {reason === 'no_marketing_consent' && (
        <Link to={paths.account.getHref()} className="button button--primary activity__link">
          {t('activity.paused.toAccount')}
        </Link>
      )}
      {hasActiveBonus && <p className="activity__muted">{t('activity.paused.bonusesStay')}</p>}
    </section>
  );
}

/**
 * VIP levels (decisions 546, 547): service benefits only, so shown to every player, offers paused
 * or not; the page publishes the levels in full.
 */
function VipLink() {
  const { t } = useI18n();
  return (
    <section className="activity__section" aria-labelledby="activity-vip">
      <h2 id="activity-vip" className="activity__heading">
        {t('activity.vip.title')}
      </h2>
      <p className="activity__muted">{t('activity.vip.text')}</p>
      <Link to={paths.vip.getHref()} className="button button--ghost activity__link">
        {t('activity.vip.link')}
      </Link>
    </section>
  );
}

/** The terms, readable before accepting, in the player's language; they name what the version promises. */
function Terms({ status }: { status: PromotionStatus }) {
  const { t } = useI18n();
  const id = useId();
  const points: PlainMessageKey[] = ['activity.terms.wagering', 'activity.terms.cashFirst', 'activity.terms.expiry', 'activity.terms.forfeit', 'activity.terms.oneAtATime', 'activity.terms.safer'];
  return (
    <section className="activity__terms" aria-labelledby={id}>
      <h4 id={id} className="activity__card-title">
        {t('activity.terms.title', { version: status.termsVersion })}
      </h4>
      <ul>
        {points.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {status.acceptedTermsVersion !== null && (
        <p className="activity__muted">
          {status.acceptedTermsVersion === status.termsVersion ? t('activity.terms.acceptedBefore') : t('activity.terms.changed', { version: status.acceptedTermsVersion })}
        </p>
      )}
    </section>
  );
}

/** The server's refusals of a redemption, each in this page's words. */
const REDEEM_ERRORS: Partial<Record<ErrorCode, PlainMessageKey>> = {
  PROMOTION_NOT_ELIGIBLE: 'activity.error.notEligible',
  PROMOTION_TERMS_OUTDATED: 'activity.error.termsOutdated',
  BONUS_ALREADY_ACTIVE: 'activity.error.alreadyActive',
  GIFT_CODE_NOT_FOUND: 'activity.error.notFound',
  GIFT_CODE_UNAVAILABLE: 'activity.error.unavailable',
  GIFT_CODE_CAP_REACHED: 'activity.error.capReached',
};

/** The gift-code form: the code and the terms' acceptance (never pre-checked), under the terms themselves. */
function GiftCodeCard({ status }: OfferCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  const acceptErrorId = useId();
  const [done, setDone] = useState<BonusGrant | null>(null);
  const form = useForm<{ code: string; accept: boolean }>({
    fields: {
      code: { initial: '', validate: (v) => (GIFT_CODE_PATTERN.test(v.trim().toUpperCase()) ? null : 'activity.gift.error.code'), issueMessage: 'activity.gift.error.code' },
      accept: { initial: false, validate: (v) => (v ? null : 'activity.gift.error.accept') },
    },
    onSubmit: async ({ code }) => {
      setDone(null);
      try {
        const bonus = await redeemGiftCode({ code, termsVersion: status.termsVersion });
        setDone(bonus);
        form.setValue('code', '');
        form.setValue('accept', false);
      } catch (err) {
        const key = err instanceof ApiError ? REDEEM_ERRORS[err.code as ErrorCode] : undefined;
        if (!key) throw err;
        form.setErrors(err instanceof ApiError && err.code.startsWith('GIFT_CODE') ? { code: { key } } : { form: { key } });
      } finally {
        // A refusal can mean the status changed (a break, new terms): the page reads both again.
        invalidateResources(keyMatches(PROMOTIONS_KEY));
      }
    },
  });
  const acceptError = form.error('accept');
  return (
    <article className="activity__card" aria-labelledby={titleId}>
      <h3 id={titleId} className="activity__card-title">
        {t('activity.gift.title')}
      </h3>
      <Terms status={status} />
      {done && (
        <p className="activity__done" role="status">
          {t('activity.gift.done', { amount: formatMoneyMinor(done.amountMinor), required: formatMoneyMinor(done.requiredMinor) })}
        </p>
      )}
      <form className="activity__form" noValidate onSubmit={form.onSubmit} aria-labelledby={titleId}>
        <TextField label={t('activity.gift.code')} autoComplete="off" autoCapitalize="characters" {...form.field('code')} />
        <div className="activity__check">
          <label className="activity__check-label">
            <input type="checkbox" {...form.checkbox('accept')} aria-describedby={acceptError ? acceptErrorId : undefined} />
            <span>{t('activity.gift.accept', { version: status.termsVersion })}</span>
          </label>
          {acceptError && (
            <p id={acceptErrorId} className="field__error" role="alert">
              {acceptError}
            </p>
          )}
        </div>
        <FormAlert text={form.error('form')} />
        <SubmitButton className="button button--primary activity__submit" busy={form.busy} label={t('activity.gift.submit')} busyLabel={t('activity.gift.submitting')} />
      </form>
    </article>
  );
}
