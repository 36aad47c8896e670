import { API_PATHS } from '@colorplay/contract/paths';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { useGlobalLoading } from '../../lib/global-loading';
import { useI18n } from '../../lib/i18n';
import { loginHrefFor } from '../../lib/return-to';
import { loadRuntimeConfig } from '../../lib/runtime-config';
import { serverNow } from '../../lib/server-clock';
import { readStoredToken, refreshSession } from '../../lib/session';
import { mintLaunchTicket } from './api';
// The transfer-mode Tips dialog and its texts: in the lobby's chunk, which `/` loads only when
// it shows games (a dynamic import of its own here split a shared chunk out of `/` and grew it).
import TransferTips, { type TransferInfo } from './transfer-tips';
import './i18n';

/** A ticket is minted again this long before it expires while the Tips dialog stays open. */
const TICKET_RENEW_BEFORE_EXPIRY_MS = 10_000;

/** The launch address: open_game_url (relative to the API base) with `token` and `game_id`. */
export function launchUrl(openGameUrl: string, ticket: string, gameId: string): string {
  const url = new URL(openGameUrl, env.apiBaseUrl);
  url.searchParams.set('token', ticket);
  url.searchParams.set('game_id', gameId);
  return url.toString();
}

interface Pending {
  gameId: string;
  url: string;
  expiresAt: string;
  /** The vendor keeps its own wallet: the dialog says what moves there and lets the player choose. */
  transfer?: TransferInfo;
}

/** What `useLaunchGame` returns: `launch` for every tile, and the Tips dialog to render once. */
export interface LaunchGame {
  launch: (gameId: string) => void;
  dialog: ReactNode;
}

/**
 * The one way a tile launches a game (decision 126):
 * 1. no game id: the failure toast 'Game Under Maintenance';
 * 2. no token: go to /login (with the way back to this page);
 * 3. otherwise the global loading flag is on while the token is refreshed and a single-use launch
 *    ticket is minted, then the 'Tips' dialog asks to confirm;
 * 4. Confirm opens the launch address in a new tab. `window.open` runs in the Confirm click itself,
 *    not after an await, because pop-up blockers only allow a tab opened by a user's gesture; that
 *    is why the ticket is minted before the dialog, not after Confirm.
 * The access token never goes into the address: the ticket is valid 60 s and usable once, so while
 * the dialog stays open it is renewed shortly before it expires.
 */
export function useLaunchGame(): LaunchGame {
  const { t } = useI18n();
  const toast = useToast();
  const { setLoading } = useGlobalLoading();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = useRef(false);

  const prepare = useCallback(async (gameId: string): Promise<Pending> => {
    const [ticket, config] = await Promise.all([mintLaunchTicket(gameId), loadRuntimeConfig()]);
    // Without the runtime config the launch address is still ours: the spec's open_game_url path.
    const openGameUrl = config?.open_game_url ?? API_PATHS.open_game_url;
    return { gameId, url: launchUrl(openGameUrl, ticket.ticket, gameId), expiresAt: ticket.expiresAt, transfer: ticket.transfer };
  }, []);

  const launch = useCallback(
    (gameId: string) => {
      if (!gameId) {
        toast.show(t('lobby.maintenance'), { type: 'fail' });
        return;
      }
      if (!readStoredToken()) {
        navigate(loginHrefFor(paths.login.getHref(), `${location.pathname}${location.search}`));
        return;
      }
      // Two taps in one frame start one launch.
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      void (async () => {
        try {
          const refreshed = await refreshSession();
          if (refreshed === 'logged_out') {
            navigate(loginHrefFor(paths.login.getHref(), `${location.pathname}${location.search}`));
            return;
          }
          setPending(await prepare(gameId));
        } catch (err) {
          toast.show(messageText(t, apiErrorMessage(err)), { type: 'fail' });
        } finally {
          busy.current = false;
          setLoading(false);
        }
      })();
    },
    [location.pathname, location.search, navigate, prepare, setLoading, t, toast],
  );

  // Keep the ticket usable while the player reads the dialog: a fresh one shortly before expiry.
  useEffect(() => {
    if (!pending) return;
    const renewInMs = Math.max(0, Date.parse(pending.expiresAt) - serverNow() - TICKET_RENEW_BEFORE_EXPIRY_MS);
    let cancelled = false;
    const timer = setTimeout(() => {
      prepare(pending.gameId).then(
        (next) => {
          if (!cancelled) setPending((current) => (current?.gameId === next.gameId ? next : current));
        },
        // A failed renewal leaves the old ticket; if it has expired, the launch page says so.
        () => undefined,
      );
    }, renewInMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pending, prepare]);

  // `amountMinor`: what a transfer-mode vendor's wallet gets (the server checks it against the balance).
  const confirm = (amountMinor?: number) => {
    if (!pending) return;
    const url = new URL(pending.url);
    if (amountMinor !== undefined) url.searchParams.set('amount_minor', String(amountMinor));
    window.open(url.toString(), '_blank', 'noopener');
    setPending(null);
  };

  const dialog = pending?.transfer ? (
    <TransferTips transfer={pending.transfer} onConfirm={confirm} onCancel={() => setPending(null)} />
  ) : (
    <ConfirmDialog
      open={pending !== null}
      title={t('lobby.tipsTitle')}
      message={t('lobby.joinGame')}
      onConfirm={() => confirm()}
      onCancel={() => setPending(null)}
    />
  );

  return { launch, dialog };
}
