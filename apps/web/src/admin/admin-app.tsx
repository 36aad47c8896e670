import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { OperatorSession } from '@colorplay/contract';
import { useState } from 'react';
import { NavLink, Navigate, useLocation, useRoutes } from 'react-router';
import { ApiError } from '../lib/api-client';
import { adminApi } from './api';
import { AlertsPage } from './alerts-page';
import { AuditLogPage } from './audit-page';
import { EnrolPage } from './enrol-page';
import { HomePage } from './home-page';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { LoginPage } from './login-page';
import { ChangePasswordPage } from './password-page';
import { OperatorsPage } from './operators-page';
import { PlayersPage } from './players-page';
import { ReportsPage } from './reports-page';
import { ReconciliationPage } from './reconciliation-page';
import { SupportQueuePage, SupportTicketPage } from './support-page';
import { AnnouncementsPage } from './announcements-page';
import { PromotionsPage } from './promotions-page';
import { FirstDepositOffersPage } from './first-deposit-offers-page';
import { DepositsQueue, KycQueue, WithdrawalsQueue } from './queues';
import { UsdtQueue } from './usdt-queue';
import { useLoad } from './use-load';
import './admin.css';

/**
 * The operator console (`/admin`): sign-in, then a layout opening on the home page (queues'
 * sizes and ages, today's figures), with the queues, player lookup, the
 * audit log and (for admins) operators. Rendered inside a router whose basename is /admin.
 */
export function AdminApp() {
  const location = useLocation();
  // An enrolment link is for someone without an account yet: no session is looked for.
  if (location.pathname === '/enrol') return <EnrolPage token={location.hash.replace(/^#/, '')} />;
  return <SignedInApp />;
}

function SignedInApp() {
  const [session, setSession] = useState<OperatorSession | null>(null);
  const me = useLoad(async (signal) => {
    try {
      setSession(await adminApi.get<OperatorSession>(LAZY_API_PATHS.admin_me, signal));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      setSession(null);
    }
    return true;
  }, '');
  if (me.loading && !session) return <p role="status">{t('admin.loading')}</p>;
  if (me.error) return <LoadError error={me.error} retry={me.reload} />;
  if (!session) return <LoginPage onSignedIn={setSession} />;
  if (session.mustChangePassword) return <ChangePasswordPage onChanged={setSession} />;
  return <AdminLayout session={session} onSignedOut={() => setSession(null)} />;
}

function AdminLayout({ session, onSignedOut }: { session: OperatorSession; onSignedOut: () => void }) {
  const isAdmin = session.permissions.includes('operators.manage');
  const seesReports = session.permissions.includes('reports.read');
  const seesPromotions = session.permissions.includes('promotions.read');
  // useRoutes, as the player app does: <Routes> would add router code the player bundle shares.
  const page = useRoutes([
    { path: '/', element: <HomePage session={session} /> },
    { path: '/deposits', element: <DepositsQueue session={session} /> },
    { path: '/usdt', element: <UsdtQueue session={session} /> },
    { path: '/withdrawals', element: <WithdrawalsQueue session={session} /> },
    { path: '/kyc', element: <KycQueue session={session} /> },
    { path: '/players', element: <PlayersPage session={session} /> },
    { path: '/audit', element: <AuditLogPage /> },
    { path: '/alerts', element: <AlertsPage /> },
    ...(seesReports ? [{ path: '/reports', element: <ReportsPage /> }] : []),
    { path: '/reconciliation', element: <ReconciliationPage session={session} /> },
    { path: '/support', element: <SupportQueuePage /> },
    { path: '/support/:ticketId', element: <SupportTicketPage session={session} /> },
    { path: '/announcements', element: <AnnouncementsPage session={session} /> },
    ...(seesPromotions
      ? [
          { path: '/promotions', element: <PromotionsPage session={session} /> },
          { path: '/first-deposit-offers', element: <FirstDepositOffersPage session={session} /> },
        ]
      : []),
    ...(isAdmin ? [{ path: '/operators', element: <OperatorsPage session={session} /> }] : []),
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
  async function logout() {
    try {
      await adminApi.post(LAZY_API_PATHS.admin_logout);
    } finally {
      onSignedOut();
    }
  }
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <strong>{t('admin.title')}</strong>
        <span>{t('admin.signedInAs', { username: session.operator.username, role: t(`admin.role.${session.operator.role}`) })}</span>
        <button type="button" onClick={() => void logout()}>
          {t('admin.logout')}
        </button>
      </header>
      <nav aria-label={t('admin.nav.label')} className="admin-nav">
        <NavLink to="/" end>
          {t('admin.nav.home')}
        </NavLink>
        <NavLink to="/deposits">{t('admin.nav.deposits')}</NavLink>
        <NavLink to="/usdt">{t('admin.nav.usdt')}</NavLink>
        <NavLink to="/withdrawals">{t('admin.nav.withdrawals')}</NavLink>
        <NavLink to="/kyc">{t('admin.nav.kyc')}</NavLink>
        <NavLink to="/players">{t('admin.nav.players')}</NavLink>
        <NavLink to="/audit">{t('admin.nav.audit')}</NavLink>
        <NavLink to="/alerts">{t('admin.nav.alerts')}</NavLink>
        {seesReports && <NavLink to="/reports">{t('admin.nav.reports')}</NavLink>}
        <NavLink to="/reconciliation">{t('admin.nav.reconciliation')}</NavLink>
        <NavLink to="/support">{t('admin.nav.support')}</NavLink>
        <NavLink to="/announcements">{t('admin.nav.announcements')}</NavLink>
        {seesPromotions && <NavLink to="/promotions">{t('admin.nav.promotions')}</NavLink>}
        {seesPromotions && <NavLink to="/first-deposit-offers">{t('admin.nav.firstDepositOffers')}</NavLink>}
        {isAdmin && <NavLink to="/operators">{t('admin.nav.operators')}</NavLink>}
      </nav>
      <main className="admin-main">
        {page}
      </main>
    </div>
  );
}
