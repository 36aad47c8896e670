/**
 * A player's signed-in Wingo socket for the bench's loaders (decisions 570, 589): `ready` resolves
 * once the server answered `authenticated`; `bet` sends one bet frame and resolves with its answer,
 * matched by idempotency key: `{ code: null }` placed, `{ code }` refused, `{ code: 'network:closed' }`
 * if the socket closed first.
 */
import WebSocket from 'ws';

export function signedInSocket(url, token) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const waiting = new Map();
  const ready = new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', accessToken: token })));
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString('utf8'));
      if (message.type === 'authenticated') resolve();
      else if (message.type === 'betPlaced' || message.type === 'betRefused') {
        const answer = waiting.get(message.idempotencyKey);
        waiting.delete(message.idempotencyKey);
        answer?.({ code: message.type === 'betRefused' ? message.error.code : null });
      }
    });
  });
  ws.on('close', () => {
    for (const answer of waiting.values()) answer({ code: 'network:closed' });
    waiting.clear();
  });
  return {
    ready,
    bet(bet) {
      return new Promise((resolve) => {
        waiting.set(bet.idempotencyKey, resolve);
        ws.send(JSON.stringify({ type: 'bet', bet }));
      });
    },
    close: () => ws.close(),
  };
}
