import { type AddressInfo, createServer, type Server, Socket } from "node:net";

/**
 * A TCP proxy on loopback in front of the service. `dropNextResponse()` makes it forward the next
 * request whole and then, as soon as the service starts answering (so the service has done the work),
 * cut the client's connection without passing a byte of the answer on: a response lost on the way.
 * `hangNext()` makes it accept the next connection and never answer.
 */
export class TcpProxy {
  private dropArmed = false;
  private hangArmed = false;
  private readonly sockets = new Set<Socket>();
  dropped = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(targetUrl: string): Promise<TcpProxy> {
    const target = new URL(targetUrl);
    let proxy!: TcpProxy;
    const server = createServer((client) => proxy.handle(client, Number(target.port), target.hostname));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    proxy = new TcpProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /**
   * Arms the next request. Open keep-alive connections are closed first (and the client given a moment
   * to notice), so that request opens a new connection whose start the proxy sees.
   */
  async dropNextResponse(): Promise<void> {
    await this.closeConnections();
    this.dropArmed = true;
  }

  async hangNext(): Promise<void> {
    await this.closeConnections();
    this.hangArmed = true;
  }

  private async closeConnections(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** The mode of a connection is chosen when its first request bytes arrive: clients may open spare connections. */
  private handle(client: Socket, port: number, host: string): void {
    this.sockets.add(client);
    client.on("close", () => this.sockets.delete(client));
    client.on("error", () => {});
    client.once("data", (first) => {
      // Hold what follows (a request body may come in later chunks) until the upstream connection is ready.
      client.pause();
      if (this.hangArmed) {
        this.hangArmed = false;
        return;
      }
      const drop = this.dropArmed;
      this.dropArmed = false;
      const upstream = new Socket();
      this.sockets.add(upstream);
      upstream.on("close", () => this.sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      upstream.connect(port, host, () => {
        upstream.write(first);
        client.pipe(upstream);
      });
      upstream.on("data", (chunk) => {
        if (drop) {
          // The service has answered, so it did the work; the client never hears of it.
          this.dropped++;
          client.destroy();
          upstream.destroy();
          return;
        }
        client.write(chunk);
      });
      upstream.on("end", () => client.end());
      client.on("end", () => upstream.end());
    });
  }

  async close(): Promise<void> {
    await this.closeConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
