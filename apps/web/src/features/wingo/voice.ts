/**
 * Countdown beeps through Web Audio (decision 124): an OscillatorNode per beep, no
 * downloaded sound files. The AudioContext is made on first use; browsers keep it suspended until
 * the player has interacted with the page, and then a beep is silently skipped.
 */
let context: AudioContext | null = null;

export function beep(final: boolean): void {
  const Ctor = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    // The last beep (the draw) is higher and longer, as players of such games expect.
    oscillator.frequency.value = final ? 1320 : 880;
    const start = context.currentTime;
    const lengthS = final ? 0.4 : 0.15;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + lengthS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + lengthS);
  } catch {
    // Audio is a nicety: a browser that refuses it must not break the game.
  }
}
