import type { RenderResult } from '@testing-library/react';
import { ToastProvider } from '../components/ui/toast';
import { LotteryPage } from '../features/lottery/lottery-page';
import { WingoProvider } from '../features/lottery/wingo-context';
import { renderWithRouter } from './render';

/** A lottery game's page with the providers the app gives it (toasts, the lottery layout's context), inside a router. */
export function renderLotteryPage(game: Parameters<typeof LotteryPage>[0]['game']): RenderResult {
  return renderWithRouter(
    <ToastProvider>
      <WingoProvider>
        <LotteryPage game={game} />
      </WingoProvider>
    </ToastProvider>,
  );
}
