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

  dropNextResponse(): void {
    this.dropArmed = true;
  }

  hangNext(): void {
    this.hangArmed = true;
  }

  private handle(client: Socket, port: number, host: string): void {
    this.sockets.add(client);
    client.on("close", () => this.sockets.delete(client));
    client.on("error", () => {});
    if (this.hangArmed) {
      this.hangArmed = false;
      return;
    }
    const upstream = new Socket();
    this.sockets.add(upstream);
    upstream.on("close", () => this.sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    const drop = this.dropArmed;
    this.dropArmed = false;
    upstream.connect(port, host);
    client.pipe(upstream);
    upstream.on("data", (chunk) => {
      if (drop) {
        this.dropped++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on("end", () => client.end());
    client.on("end", () => upstream.end());
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
