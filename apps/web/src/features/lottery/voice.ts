/**
 * Countdown beeps through Web Audio (the Voice switch): an OscillatorNode per beep, no
 * downloaded sound files. Browsers only let an AudioContext run after the player has interacted
 * with the page, and warn ("The AudioContext was not allowed to start") when one is made before;
 * so the context is made by `unlockAudio`, which the Wingo screen calls on the first tap or key,
 * and until then a beep is silently skipped.
 */
let context: AudioContext | null = null;

function audioConstructor(): typeof AudioContext | undefined {
  return typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
}

/** Makes (or resumes) the audio context; call it from a user gesture's handler. */
export function unlockAudio(): void {
  const Ctor = audioConstructor();
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // Audio is a nicety: a browser that refuses it must not break the game.
  }
}

/** Whether a beep would sound now (for tests). */
export function audioUnlocked(): boolean {
  return context !== null;
}

export function beep(final: boolean): void {
  // No gesture yet: making a context now is what the browser warns about.
  if (!context || context.state !== 'running') return;
  try {
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
