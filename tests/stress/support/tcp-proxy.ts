/**
 * A loopback TCP proxy between the server and PostgreSQL, to take the database away in the
 * middle of traffic: `cut()` destroys every connection and stops listening (the database is
 * gone: connections reset, new ones refused); `restore()` listens again on the same port.
 * `freeze()` is the other failure: the network stops carrying bytes (connections stay open,
 * nothing arrives, new connections are accepted but get no answer), as in a partition or a
 * frozen host; `thaw()` delivers everything held back and carries on.
 */
import net from 'node:net';

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<{ downstream: net.Socket; upstream: net.Socket | null }>();
  private frozen = false;
  port = 0;
  /** Connections accepted so far. */
  connections = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening on 127.0.0.1 (a free port the first time, the same port afterwards). */
  async listen(): Promise<void> {
    const server = net.createServer((downstream) => {
      this.connections += 1;
      const pair: { downstream: net.Socket; upstream: net.Socket | null } = {
        downstream,
        upstream: null,
      };
      this.pairs.add(pair);
      this.track(downstream, pair);
      if (this.frozen) downstream.pause();
      else this.connectUpstream(pair);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  private track(socket: net.Socket, pair: { downstream: net.Socket; upstream: net.Socket | null }) {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      pair.downstream.destroy();
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    socket.on('error', () => socket.destroy());
  }

  private connectUpstream(pair: { downstream: net.Socket; upstream: net.Socket | null }) {
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    this.track(upstream, pair);
    pair.downstream.pipe(upstream);
    upstream.pipe(pair.downstream);
  }

  /** The network stops carrying bytes; connections stay open. */
  freeze(): void {
    this.frozen = true;
    for (const { downstream, upstream } of this.pairs) {
      if (upstream) {
        downstream.unpipe(upstream);
        upstream.unpipe(downstream);
        upstream.pause();
      }
      downstream.pause();
    }
  }

  /** The network carries bytes again, held-back ones first. */
  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) {
      if (!pair.upstream) this.connectUpstream(pair);
      else {
        pair.downstream.pipe(pair.upstream);
        pair.upstream.pipe(pair.downstream);
      }
    }
  }

  /** The database disappears: every connection is destroyed and new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
    for (const socket of [...this.sockets]) socket.destroy();
    this.sockets.clear();
    this.pairs.clear();
    await closed;
  }

  /** The database is back. */
  restore(): Promise<void> {
    return this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
