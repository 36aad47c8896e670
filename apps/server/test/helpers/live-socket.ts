import { API_PATHS, LAZY_API_PATHS, LotteryServerMessageSchema, WingoServerMessageSchema, type LotteryGameId, type LotteryServerMessage, type WingoServerMessage } from '@colorplay/contract';
import WebSocket from 'ws';
import type { Clock } from '../../src/lib/clock';
import { buildTestApp, type TestApp } from './build-test-app';

/** A socket's inbox: every message checked against the contract, and a wait for the next of a type. */
export type LiveInbox<M extends { type: string } = WingoServerMessage> = ReturnType<typeof listen<M>>;

/** Collects the socket's messages (each parsed with the contract's schema, Wingo's by default) and waits for one that matches. */
export function listen<M extends { type: string } = WingoServerMessage>(ws: WebSocket, parse: (json: unknown) => M = (json) => WingoServerMessageSchema.parse(json) as unknown as M) {
  const seen: M[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    seen.push(parse(JSON.parse(String(raw))));
    for (const w of waiters.splice(0)) w();
  });
  return {
    seen,
    /** The first message of `type` not taken yet (taken by this call), once it has come. */
    async next<T extends M['type']>(type: T, timeoutMs = 5_000, match: (m: Extract<M, { type: T }>) => boolean = () => true): Promise<Extract<M, { type: T }>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find((m) => m.type === type && match(m as Extract<M, { type: T }>));
        if (found) {
          seen.splice(seen.indexOf(found), 1);
          return found as Extract<M, { type: T }>;
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

/** A generic game's socket (K3, 5D, Trx Win) to the app listening on `port`, open, with its inbox. */
export async function openLotterySocket(port: number, game: LotteryGameId) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${LAZY_API_PATHS.lottery_live.replace(':game', game)}`);
  const inbox = listen<LotteryServerMessage>(ws, (json) => LotteryServerMessageSchema.parse(json));
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
