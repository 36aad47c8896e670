import { lazy, Suspense } from 'react';
import { AccountPage } from '../../features/accounts/account-page';
import { DepositLimitPrompt } from '../../features/safety/deposit-limit-prompt';
import { SafetyPage } from '../../features/safety/safety-page';

/** Account page (/main), with the bottom navigation. */
export default function AccountRoute() {
  // Until answered, the prompt to set a deposit limit (decision 210), as a card under the page's
  // top bar rather than above it (decision 479).
  return <AccountPage notice={<DepositLimitPrompt />} />;
}

/**
 * Safer gambling (/main/Safety, decision 213): limits, a break, self-exclusion, reality checks and
 * net deposits. It loads with the account page, in its chunk: a chunk of its own would add its
 * import and preload entry to `/`, whose budget is full (decision 160).
 */
export function SafetyRoute() {
  return <SafetyPage />;
}

// A chunk of its own, imported from the account chunk (not from the entry): `/` carries only the
// route's path, and the account page does not carry the Help page's code.
const HelpPage = lazy(() => import('../../features/support/help-page').then((m) => ({ default: m.HelpPage })));

/** Account › Help (/main/Help, docs/support.md): the standing notice, support tickets and their threads. */
export function HelpRoute() {
  return (
    <Suspense fallback={null}>
      <HelpPage />
    </Suspense>
  );
}
