/**
 * HTTP over a bare TCP socket, for what `inject` cannot reach: Node's HTTP parser (431, a bad request line),
 * request timeouts, requests without Host. Sends the bytes as given and reads until the server closes.
 */
import net from 'node:net';

export interface RawAnswer {
  /** Null when nothing came back before the socket closed or the wait ran out. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (rather than the wait running out). */
  closed: boolean;
}

export function parseRawAnswer(raw: Buffer, closed: boolean): RawAnswer {
  const text = raw.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: status ? Number(status) : null, headers, body: end === -1 ? '' : text.slice(end + 4), closed };
}

/** Writes `request` to `port` and collects the answer until the server closes the socket (or `timeoutMs`). */
export function rawExchange(port: number, request: Buffer | string, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRawAnswer(Buffer.concat(chunks), closed));
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    // A reset after the server's answer (it destroys the socket) still leaves that answer to read.
    socket.on('error', () => {});
  });
}
