import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCookie } from '../../lib/cookies';
import { VoiceToggle } from './voice-toggle';
import { useWingo, WingoProvider } from './wingo-context';

function Probe() {
  const w = useWingo();
  return (
    <>
      <p>
        bets {w.betHistoryRefreshKey}, balance {w.balanceRefreshKey}, voice {w.voiceDisabled ? 'off' : 'on'}
      </p>
      <button type="button" onClick={w.incrementBetHistoryRefreshKey}>
        refresh bets
      </button>
      <button type="button" onClick={w.incrementBalanceRefreshKey}>
        refresh balance
      </button>
    </>
  );
}

function renderWingo() {
  return render(
    <WingoProvider>
      <Probe />
      <VoiceToggle />
    </WingoProvider>,
  );
}

describe('Wingo shared context', () => {
  it('increments the two refresh counters independently', () => {
    renderWingo();
    expect(screen.getByText('bets 0, balance 0, voice on')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'refresh bets' }));
    fireEvent.click(screen.getByRole('button', { name: 'refresh bets' }));
    fireEvent.click(screen.getByRole('button', { name: 'refresh balance' }));
    expect(screen.getByText('bets 2, balance 1, voice on')).toBeTruthy();
  });

  it('toggles the voice and persists it to the voiceDisabled cookie', () => {
    renderWingo();
    const toggle = screen.getByRole('button', { name: 'Voice' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle);
    expect(getCookie('voiceDisabled')).toBe('true');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('bets 0, balance 0, voice off')).toBeTruthy();

    fireEvent.click(toggle);
    expect(getCookie('voiceDisabled')).toBe('false');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('starts from the cookie', () => {
    document.cookie = 'voiceDisabled=true; path=/';
    renderWingo();
    expect(screen.getByText('bets 0, balance 0, voice off')).toBeTruthy();
  });

  it('is provided on the Wingo route only', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/WingoProvider/);
  });
});
