import { Writable } from 'node:stream';

/** One line of the app's JSON log (pino): its level number, message and fields. */
export type LogLine = Record<string, unknown> & { reqId?: string; msg?: string; level: number };

/** A stream to give the app's logger, and the lines it has written so far, parsed. */
export function collectLogLines(): { lines: LogLine[]; sink: Writable } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { lines, sink };
}
