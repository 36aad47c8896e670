import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';
import { runtimeConfigRequest } from '../lib/runtime-config';
import './demo-banner.css';

/**
 * "Demo: no real money" on every page while the server runs sandbox channels in production
 * (ALLOW_SANDBOX_IN_PRODUCTION=demo), so nobody takes play money for real money.
 */
export function DemoBanner() {
  const { t } = useI18n();
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void runtimeConfigRequest()?.then((config) => {
      if (live) setDemo(config?.demo === true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!demo) return null;
  return (
    <p className="demo-banner" role="status">
      {t('demo.banner')}
    </p>
  );
}
