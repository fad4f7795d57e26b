import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOrExplain } from '../runtime/port-in-use.js';
import type { HttpApp } from './app.js';

/** The HTTP API on a socket: the daemon's `http` part (see di/lifecycle.ts). */
export class HttpListener {
  private readonly server: http.Server;

  constructor(
    app: HttpApp,
    private readonly options: { host: string; port: number },
  ) {
    const handle = app.koa.callback();
    // Koa's handler settles every request itself (errors go to its onerror): nothing to await.
    this.server = http.createServer((req, res) => void handle(req, res));
    this.server.on('clientError', app.onClientError);
    // Longer than the usual proxy's idle timeout (60 s), so the proxy, not us, closes idle connections.
    this.server.keepAliveTimeout = 65_000;
  }

  /** Listens; a taken port is a PortInUseError naming HTTP_PORT. */
  async start(): Promise<void> {
    const { host, port } = this.options;
    await listenOrExplain(
      'HTTP_PORT',
      port,
      host,
      () =>
        new Promise<void>((resolve, reject) => {
          this.server.once('error', reject);
          this.server.listen(port, host, () => {
            this.server.off('error', reject);
            resolve();
          });
        }),
    );
  }

  /** Where it listens (the port chosen when HTTP_PORT is 0). */
  address(): AddressInfo {
    return this.server.address() as AddressInfo;
  }

  /** Stops taking connections, closes idle ones and resolves when the open ones have ended. */
  async stop(): Promise<void> {
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }
}
