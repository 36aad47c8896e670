import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';

/** Full game history (/home/AllLotteryGames/BettingRecordWin). Its content comes with a later issue; until then it says what will be here. */
export default function BettingRecordWinRoute() {
  const { t } = useI18n();
  return <PlaceholderPage title={t('page.bettingRecordWin.title')} description={t('page.bettingRecordWin.text')} backTo={paths.wingo.getHref()} />;
}
