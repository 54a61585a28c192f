import { connect, createServer, type Server, type Socket } from 'node:net';
import { findFreePort } from '../../../server/config/embedded-postgres';

/** A TCP relay on 127.0.0.1 to a port: the network between a store and its PostgreSQL, which a test can cut. */
export interface TcpRelay {
  port: number;
  /** Every connection through the relay is cut, and new ones are refused, until `open`. */
  cut(): Promise<void>;
  /** Connections go through again, on the same port. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const port = await findFreePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const listening = createServer((client) => {
        const remote = connect(targetPort, '127.0.0.1');
        for (const socket of [client, remote]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => client.destroy());
        }
        remote.on('close', () => client.destroy());
        client.on('close', () => remote.destroy());
        client.pipe(remote).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) closing.close(() => resolve());
      else resolve();
    });
  await open();
  return { port, cut, open, close: cut };
}
