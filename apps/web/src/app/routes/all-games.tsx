import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { BalanceChip } from '../../features/wallet/balance-chip';
import { useI18n } from '../../lib/i18n';

/** All Games (/home/AllGames). Its content comes with a later issue; until then it says what will be here. */
export default function AllGamesRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage title={t('page.allGames.title')} description={t('page.allGames.text')} backTo={paths.home.getHref()}>
      <BalanceChip />
    </PlaceholderPage>
  );
}
