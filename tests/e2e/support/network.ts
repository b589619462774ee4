import net from 'node:net';

/**
 * A network link between the browser and the server that a test can slow down and cut: a TCP relay on
 * its own port, so it carries the page's and the service worker's requests alike. `cut()` drops every
 * open connection and refuses new ones (a Wi-Fi that goes away mid-request), `restore()` brings it
 * back; `shape()` gives it a bandwidth per direction, shared by all connections as on one radio link,
 * and a latency; `requests` lists each HTTP request head as it reached the server.
 */
export interface NetworkLink {
  /** The server's URL through the link (same host, the link's port). */
  url: string;
  cut(): void;
  restore(): void;
  /** Paces what the browser sends (null: as fast as it comes); the other conditions stay. */
  limitUpload(bytesPerSecond: number | null): void;
  shape(conditions: LinkConditions): void;
  /** The requests that reached the server, in order. */
  requests: SeenRequest[];
  /** Bytes the server received through the link. */
  bytesUp(): number;
  close(): Promise<void>;
}

export interface LinkConditions {
  /** Server → browser, bytes per second; null: unlimited. */
  downBytesPerSecond?: number | null;
  /** Browser → server, bytes per second; null: unlimited. */
  upBytesPerSecond?: number | null;
  /** Round trip added to every byte (half each way), ms. */
  latencyMs?: number;
}

export interface SeenRequest {
  /** `Date.now()` when the request's head reached the server. */
  at: number;
  method: string;
  path: string;
}

/** The bad hospital network of issue 21: 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
export const HOSPITAL_NETWORK = { downBytesPerSecond: 1_600_000 / 8, upBytesPerSecond: 750_000 / 8, latencyMs: 150 } satisfies LinkConditions;

/** One direction of the link: bytes leave in order, no faster than the rate, each after half the latency. */
interface Lane {
  rate: number | null;
  delayMs: number;
  /** When the lane has finished sending what it was given so far. */
  freeAt: number;
}

const PIECE_BYTES = 16 * 1024;
/** Bytes a connection may have waiting in the link before its sender is paused. */
const HIGH_WATER = 256 * 1024;

function deliveryTime(lane: Lane, bytes: number): number {
  const now = Date.now();
  if (lane.rate === null) return now + lane.delayMs;
  lane.freeAt = Math.max(now, lane.freeAt) + (bytes / lane.rate) * 1000;
  return lane.freeAt + lane.delayMs;
}

/**
 * Follows the HTTP/1.1 requests in what the browser sends on one connection, calling `onRequest` with
 * each head's method and path (bodies skipped by their Content-Length; a chunked body ends the watch).
 */
function requestWatcher(onRequest: (method: string, path: string) => void) {
  let head = Buffer.alloc(0);
  let bodyLeft = 0;
  let lost = false;
  return (bytes: Buffer) => {
    let rest = bytes;
    while (rest.length > 0 && !lost) {
      if (bodyLeft > 0) {
        const skipped = Math.min(bodyLeft, rest.length);
        bodyLeft -= skipped;
        rest = rest.subarray(skipped);
        continue;
      }
      head = Buffer.concat([head, rest]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = head.subarray(0, end).toString('latin1');
      rest = head.subarray(end + 4);
      head = Buffer.alloc(0);
      const [method = '', path = ''] = text.split(' ');
      onRequest(method, path);
      lost = /\r\ntransfer-encoding:\s*chunked/i.test(text);
      bodyLeft = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
    }
  };
}

/** Relays `from` to `to` through `lane`, keeping order; `onDelivered` sees each piece as it reaches `to`. */
function relay(from: net.Socket, to: net.Socket, lane: Lane, onDelivered?: (piece: Buffer) => void) {
  const queue: Array<{ piece: Buffer; at: number }> = [];
  let queued = 0;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;

  const pump = () => {
    timer = undefined;
    while (queue.length > 0 && !to.destroyed) {
      const wait = queue[0]!.at - Date.now();
      if (wait > 0) {
        timer = setTimeout(pump, wait);
        return;
      }
      const { piece } = queue.shift()!;
      queued -= piece.length;
      onDelivered?.(piece);
      const flowing = to.write(piece);
      if (queued < HIGH_WATER / 4) from.resume();
      if (!flowing) {
        to.once('drain', pump);
        return;
      }
    }
    if (ended && queue.length === 0 && !to.destroyed) to.end();
  };

  from.on('data', (chunk: Buffer) => {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
      const piece = chunk.subarray(start, start + PIECE_BYTES);
      queue.push({ piece, at: deliveryTime(lane, piece.length) });
      queued += piece.length;
    }
    if (queued > HIGH_WATER) from.pause();
    if (timer === undefined) pump();
  });
  from.once('end', () => {
    ended = true;
    if (timer === undefined) pump();
  });
  to.once('close', () => clearTimeout(timer));
}

export async function openNetworkLink(serverUrl: string): Promise<NetworkLink> {
  const target = new URL(serverUrl);
  const sockets = new Set<net.Socket>();
  const up: Lane = { rate: null, delayMs: 0, freeAt: 0 };
  const down: Lane = { rate: null, delayMs: 0, freeAt: 0 };
  const requests: SeenRequest[] = [];
  let reachable = true;
  let bytesUp = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((browserSide) => {
    track(browserSide);
    if (!reachable) {
      browserSide.resetAndDestroy();
      return;
    }
    const serverSide = net.connect(Number(target.port), target.hostname);
    track(serverSide);
    const watch = requestWatcher((method, path) => requests.push({ at: Date.now(), method, path }));
    relay(browserSide, serverSide, up, (piece) => {
      bytesUp += piece.length;
      watch(piece);
    });
    relay(serverSide, browserSide, down);
    serverSide.once('close', () => browserSide.destroy());
    browserSide.once('close', () => serverSide.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      reachable = false;
      for (const socket of sockets) socket.resetAndDestroy();
      // What was on its way is gone: it no longer holds the bandwidth.
      up.freeAt = 0;
      down.freeAt = 0;
    },
    restore() {
      reachable = true;
    },
    limitUpload(bytesPerSecond) {
      up.rate = bytesPerSecond;
    },
    shape({ downBytesPerSecond = null, upBytesPerSecond = null, latencyMs = 0 }) {
      Object.assign(up, { rate: upBytesPerSecond, delayMs: latencyMs / 2 });
      Object.assign(down, { rate: downBytesPerSecond, delayMs: latencyMs / 2 });
    },
    requests,
    bytesUp: () => bytesUp,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
