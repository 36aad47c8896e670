import { useEffect, useRef } from 'react';
import { beep } from './voice';
import { useWingo } from './wingo-context';

/** Countdown beeps in the last 5 s, one per second, unless the voice is off. */
export function useCountdownBeeps(period: string, secondsLeft: number): void {
  const { voiceDisabled } = useWingo();
  const lastBeep = useRef<string | null>(null);
  useEffect(() => {
    if (voiceDisabled || secondsLeft < 1 || secondsLeft > 5) return;
    const id = `${period}:${secondsLeft}`;
    if (lastBeep.current === id) return;
    lastBeep.current = id;
    beep(secondsLeft === 1);
  }, [voiceDisabled, period, secondsLeft]);
}
