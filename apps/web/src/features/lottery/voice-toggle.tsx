import { useI18n } from '../../lib/i18n';
import { useWingo } from './wingo-context';
import './voice-toggle.css';

/** A toggle button for the Wingo countdown voice (pressed = voice on). */
export function VoiceToggle() {
  const { t } = useI18n();
  const { voiceDisabled, toggleVoice } = useWingo();
  return (
    <button type="button" className="voice-toggle" aria-pressed={!voiceDisabled} onClick={toggleVoice}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {voiceDisabled ? (
          <path d="M16 9l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <span className="visually-hidden">{t('wingo.voice')}</span>
    </button>
  );
}
