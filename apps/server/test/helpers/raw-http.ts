import net from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends bytes as they are over a fresh TCP connection (no client library to fix them up) and
 * parses every HTTP/1.1 response that comes back until the server closes or `timeoutMs` passes.
 * Bodies are read by Content-Length; a response without one takes the rest of the stream.
 */
export function rawHttp(port: number, request: string | Buffer, timeoutMs = 2000): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponses(Buffer.concat(chunks)));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', finish);
    socket.on('close', finish);
    // The server may reset the connection after answering; what arrived still counts.
    socket.on('error', finish);
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
}

function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = data;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) throw new Error(`Incomplete HTTP response: ${JSON.stringify(rest.toString('latin1').slice(0, 200))}`);
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
    if (!match) throw new Error(`Not an HTTP response: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const bodyStart = headEnd + 4;
    const length = headers['content-length'] === undefined ? rest.length - bodyStart : Number(headers['content-length']);
    out.push({ status: Number(match[1]), headers, body: rest.subarray(bodyStart, bodyStart + length).toString('utf8') });
    rest = rest.subarray(bodyStart + length);
  }
  return out;
}
