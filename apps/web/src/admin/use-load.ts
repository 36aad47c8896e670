import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Loads data on mount, whenever `key` changes, and on `reload()`: the console's only data hook.
 * `loading` is derived (the answer in hand is not for the current key and version), so the
 * effect never sets state synchronously.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ for: string; data?: T; error?: unknown } | null>(null);
  const current = `${version}:${key}`;
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ for: current, data }),
      (error: unknown) => !controller.signal.aborted && setState({ for: current, error }),
    );
    return () => controller.abort();
  }, [current]);
  return { data: state?.data, error: state?.error, loading: state?.for !== current, reload: () => setVersion((v) => v + 1) };
}
