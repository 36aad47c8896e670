import { paths } from '../../config/paths';
import { VendorGames } from '../../features/lobby/vendor-games';
import { useI18n } from '../../lib/i18n';

/** All casino games (/home/AllCasinoGames): the casino vendors and their games. */
export default function AllCasinoGamesRoute() {
  const { t } = useI18n();
  return <VendorGames title={t('page.allCasinoGames.title')} backTo={paths.allGames.getHref(2)} type="casino" typeInAddress={false} />;
}
