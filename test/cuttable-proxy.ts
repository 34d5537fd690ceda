import { once } from "node:events";
import { connect, createServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";

/**
 * Forwards 127.0.0.1:<port> to a server (PostgreSQL, Redis). `cut()` drops every connection and
 * refuses new ones; `stall()` makes packets vanish instead (nothing is refused or closed, nothing
 * is answered), as a network partition does, until `unstall()`; `open()` again restores it.
 * `delayMs` holds back what the server sends by that long, as a slow link does.
 */
export class CuttableProxy {
  private listener: TcpServer | undefined;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  port = 0;
  /** What clients sent while stalled, write by write, with when (Date.now()): it never reached the server. */
  readonly dropped: { at: number; data: Buffer }[] = [];
  delayMs = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const listener = createServer((client) => {
      this.track(client);
      if (this.stalled) {
        // Accepted, never answered: what a partitioned server's listener looks like.
        client.on("data", (data: Buffer) => this.dropped.push({ at: Date.now(), data }));
        return;
      }
      const upstream = this.track(connect(this.target));
      for (const socket of [client, upstream])
        socket.on("close", () => (socket === client ? upstream : client).destroy());
      client.on("data", (data: Buffer) => {
        if (this.stalled) this.dropped.push({ at: Date.now(), data });
        else upstream.write(data);
      });
      upstream.on("data", (data: Buffer) => {
        if (this.stalled) return;
        if (this.delayMs > 0) setTimeout(() => client.write(data), this.delayMs);
        else client.write(data);
      });
    });
    listener.listen(this.port, "127.0.0.1");
    await once(listener, "listening");
    this.port = (listener.address() as AddressInfo).port;
    this.listener = listener;
  }

  cut(): void {
    this.listener?.close();
    this.listener = undefined;
    for (const socket of this.sockets) socket.destroy();
  }

  stall(): void {
    this.stalled = true;
  }

  unstall(): void {
    this.stalled = false;
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    return socket;
  }
}
