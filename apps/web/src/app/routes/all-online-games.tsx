import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { VendorGames } from '../../features/lobby/vendor-games';
import { useI18n } from '../../lib/i18n';

/** All online games (/home/AllOnlineGames?type=casino|slot&tab=n); an unknown type reads as casino. */
export default function AllOnlineGamesRoute() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const type = search.get('type') === 'slot' ? 'slot' : 'casino';
  return (
    <VendorGames
      key={type}
      title={t('page.allOnlineGames.title')}
      backTo={paths.allGames.getHref(type === 'slot' ? 3 : 2)}
      type={type}
      typeInAddress
    />
  );
}
