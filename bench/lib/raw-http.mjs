/**
 * A lean HTTP/1.1 keep-alive client for the load generators: one connection, one request in
 * flight, the request written as one pre-built buffer, the response read by its status line and
 * content-length. node:http's client costs about 100 µs of CPU per request on this machine, and
 * the load process shares the two cores with the server and the database it measures
 * (pgbench, the figure bets are compared with, is lean C); this costs a fraction of that.
 * It speaks only what the app answers: responses with a content-length (no chunked bodies).
 */
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

export function rawConnection(host, port) {
  const socket = net.connect({ host, port, noDelay: true });
  let buffer = Buffer.alloc(0);
  /** @type {{ resolve: (status: number) => void; reject: (err: Error) => void } | null} */
  let waiting = null;
  let failure = null;
  const fail = (err) => {
    failure ??= err;
    if (waiting) waiting.reject(failure);
    waiting = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      const headEnd = buffer.indexOf(HEAD_END);
      if (headEnd < 0 || !waiting) return;
      const head = buffer.toString('latin1', 0, headEnd);
      const status = Number(head.slice(9, 12));
      const m = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!m) return fail(new Error(`response without content-length: ${head.split('\r\n')[0]}`));
      const total = headEnd + 4 + Number(m[1]);
      if (buffer.length < total) return;
      buffer = buffer.subarray(total);
      const w = waiting;
      waiting = null;
      w.resolve(status);
    }
  });
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    ready,
    /** Sends one request (the whole message as bytes) and resolves with the response's status. */
    send(bytes) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(bytes);
      });
    },
    close: () => socket.destroy(),
  };
}

/** A POST with a JSON body, as bytes. */
export function jsonPost(hostHeader, path, headers, body) {
  const data = Buffer.from(JSON.stringify(body));
  const lines = [`POST ${path} HTTP/1.1`, `host: ${hostHeader}`, 'content-type: application/json', `content-length: ${data.length}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), data]);
}
