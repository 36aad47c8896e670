import { API_PATHS, WingoServerMessageSchema, type WingoServerMessage } from '@colorplay/contract';
import WebSocket from 'ws';
import type { Clock } from '../../src/lib/clock';
import { buildTestApp, type TestApp } from './build-test-app';

/** A socket's inbox: every message checked against the contract, and a wait for the next of a type. */
export type LiveInbox = ReturnType<typeof listen>;

/** Collects the socket's messages (each parsed with the contract's schema) and waits for one that matches. */
export function listen(ws: WebSocket) {
  const seen: WingoServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    seen.push(WingoServerMessageSchema.parse(JSON.parse(String(raw))));
    for (const w of waiters.splice(0)) w();
  });
  return {
    seen,
    /** The first message of `type` not taken yet (taken by this call), once it has come. */
    async next<T extends WingoServerMessage['type']>(type: T, timeoutMs = 5_000, match: (m: Extract<WingoServerMessage, { type: T }>) => boolean = () => true): Promise<Extract<WingoServerMessage, { type: T }>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find((m) => m.type === type && match(m as Extract<WingoServerMessage, { type: T }>));
        if (found) {
          seen.splice(seen.indexOf(found), 1);
          return found as Extract<WingoServerMessage, { type: T }>;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} message; saw ${JSON.stringify(seen)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** A Wingo socket to the app listening on `port`, open, with its inbox. */
export async function openWingoSocket(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
  const inbox = listen(ws);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, inbox };
}

/**
 * The live tests' server: the app on the clock with short fair chains, listening on a free
 * loopback port (the sockets need a real one), its lottery ticked once so every room has a round.
 */
export async function liveTestApp(clock: Clock): Promise<{ t: TestApp; port: number }> {
  const t = await buildTestApp({ clock, lottery: { chainLength: 50, checkpointEvery: 8, chainRenewBeforeRounds: 5 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as { port: number }).port;
  await t.app.lottery.tick();
  return { t, port };
}
