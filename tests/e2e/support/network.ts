import net from 'node:net';

/**
 * A network link between the browser and the server that a test can slow down and cut: a TCP relay on
 * its own port. `cut()` drops every open connection and refuses new ones (a Wi-Fi that goes away mid-
 * request), `restore()` brings it back; `limitUpload(bytesPerSecond)` paces what the browser sends, so
 * a large upload takes long enough to be cut in the middle.
 */
export interface NetworkLink {
  /** The server's URL through the link (same host, the link's port). */
  url: string;
  cut(): void;
  restore(): void;
  limitUpload(bytesPerSecond: number | null): void;
  close(): Promise<void>;
}

export async function openNetworkLink(serverUrl: string): Promise<NetworkLink> {
  const target = new URL(serverUrl);
  const sockets = new Set<net.Socket>();
  let up = true;
  let uploadRate: number | null = null;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  /** Sends the browser's bytes on, one chunk at a time, waiting as long as the rate allows before the next. */
  const pace = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => from.resume());
      }
      if (uploadRate === null) return;
      from.pause();
      setTimeout(() => from.resume(), (chunk.length / uploadRate) * 1000);
    });
    from.once('end', () => to.end());
  };

  const relay = net.createServer((browserSide) => {
    track(browserSide);
    if (!up) {
      browserSide.resetAndDestroy();
      return;
    }
    const serverSide = net.connect(Number(target.port), target.hostname);
    track(serverSide);
    pace(browserSide, serverSide);
    serverSide.pipe(browserSide);
    serverSide.once('close', () => browserSide.destroy());
    browserSide.once('close', () => serverSide.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      up = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      up = true;
    },
    limitUpload(bytesPerSecond) {
      uploadRate = bytesPerSecond;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
