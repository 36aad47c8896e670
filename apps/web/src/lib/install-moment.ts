/**
 * A good moment to offer installing the app (after a first win): features signal it, the PWA
 * module (app/pwa.tsx) decides whether to offer. An event, so no feature imports the app layer.
 */
export const INSTALL_MOMENT_EVENT = 'colorplay:install-moment';

export function signalInstallMoment(): void {
  window.dispatchEvent(new Event(INSTALL_MOMENT_EVENT));
}
