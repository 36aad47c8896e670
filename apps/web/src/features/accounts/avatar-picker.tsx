import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useGlobalLoading } from '../../lib/global-loading';
import { useI18n } from '../../lib/i18n';
import { invalidateResources, keyMatches, setResourceData, useResource } from '../../lib/resource';
import { avatarSrc, updateAvatar, userInfoResource, type UserInfo } from './api';
import './accounts.css';
import './accounts-i18n';

export const AVATAR_NUMBERS = Array.from({ length: 20 }, (_, i) => i + 1);

/**
 * /main/Avatar: 20 avatars, 3 per row, the current one checked;
 * "Loading..." until it is known. A tap selects at once, turns the global loading flag on,
 * saves, turns it off and goes to /main. A failed save says so (and a 401 that a refresh
 * cannot cure has ended the session, decision 015).
 */
export function AvatarPicker() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const { setLoading } = useGlobalLoading();
  const user = useResource(userInfoResource);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen ?? user.data?.avatar ?? null;

  const choose = async (n: number) => {
    setChosen(n);
    setLoading(true);
    try {
      await updateAvatar(n);
      // The account page shows the new avatar at once, from the cache.
      if (user.data) setResourceData<UserInfo>(userInfoResource.key, { ...user.data, avatar: n });
      else invalidateResources(keyMatches(userInfoResource.key));
    } catch {
      toast.show(t('avatar.saveFailed'), { type: 'fail' });
    } finally {
      setLoading(false);
    }
    navigate(paths.account.path);
  };

  return (
    <main className="page avatar-page">
      <TopBar title={t('avatar.title')} backTo={paths.account.path} />
      {current === null ? (
        <p className="avatar-page__loading" role="status">
          {user.error ? t('common.loadFailed') : t('avatar.loading')}
        </p>
      ) : (
        <ul className="avatar-grid" aria-label={t('avatar.grid')}>
          {AVATAR_NUMBERS.map((n) => {
            const selected = n === current;
            return (
              <li key={n}>
                <button
                  type="button"
                  className="avatar-grid__option"
                  aria-label={t('avatar.option', { n })}
                  aria-pressed={selected}
                  onClick={() => void choose(n)}
                >
                  <img src={avatarSrc(n)} alt="" width="80" height="80" />
                  {selected && (
                    <svg className="avatar-grid__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <circle cx="12" cy="12" r="11" fill="var(--c-green)" />
                      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
