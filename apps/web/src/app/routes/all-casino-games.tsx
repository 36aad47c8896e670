import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { BalanceChip } from '../../features/wallet/balance-chip';
import { useI18n } from '../../lib/i18n';

/** All casino games (/home/AllCasinoGames). Its content comes with a later issue; until then it says what will be here. */
export default function AllCasinoGamesRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage title={t('page.allCasinoGames.title')} description={t('page.allCasinoGames.text')} backTo={paths.allGames.getHref()}>
      <BalanceChip />
    </PlaceholderPage>
  );
}
