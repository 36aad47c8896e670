import { useEffect, useState } from 'react';
import { Logo } from '../components/ui/logo';
import { COOKIE_NAMES, SPLASH_COOKIE_LIFETIME_MINUTES, SPLASH_DURATION_MS } from '../config/constants';
import { getCookie, setCookie } from '../lib/cookies';
import { useI18n } from '../lib/i18n';
import { SplashArt } from './splash-art';
import './splash-screen.css';

/**
 * The first-visit splash: shown while the cookie is_splash_screen_shown
 * is absent, hidden after 1000 ms, and only then is the cookie set (for 300 minutes), so a visit
 * that ends before the splash has been seen shows it again next time.
 */
export function SplashScreen() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(() => getCookie(COOKIE_NAMES.splashShown) === null);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => {
      setVisible(false);
      setCookie(COOKIE_NAMES.splashShown, 'true', SPLASH_COOKIE_LIFETIME_MINUTES);
    }, SPLASH_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="splash">
      <SplashArt className="splash__art" />
      <p className="splash__tagline">{t('splash.tagline')}</p>
      <div className="splash__brand">
        <Logo className="splash__logo" title={t('brand.logo')} />
        <span className="splash__name">{t('brand.name')}</span>
      </div>
    </div>
  );
}
