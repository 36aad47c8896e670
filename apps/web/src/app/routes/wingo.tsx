import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { BalanceChip } from '../../features/wallet/balance-chip';
import { VoiceToggle } from '../../features/wingo/voice-toggle';
import { WingoProvider } from '../../features/wingo/wingo-context';
import { useI18n } from '../../lib/i18n';

/**
 * Wingo (/home/AllLotteryGames/Wingo). The route provides the shared Wingo state (refresh counters
 * and voice setting) to everything on the page. The game itself comes with a later issue; the
 * voice toggle already works and persists to its cookie.
 */
export default function WingoRoute() {
  const { t } = useI18n();
  return (
    <WingoProvider>
      <PlaceholderPage
        title={t('page.wingo.title')}
        description={t('page.wingo.text')}
        backTo={paths.home.getHref()}
        actions={<VoiceToggle />}
      >
        <BalanceChip />
      </PlaceholderPage>
    </WingoProvider>
  );
}
