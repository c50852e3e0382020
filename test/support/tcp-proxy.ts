import net from 'node:net';
import { Transform } from 'node:stream';

/**
 * A TCP proxy to a real service that a test can cut and restore, to see what the product does
 * when Redis (or anything else) goes away while it runs.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let accepting = true;
  let loseAnswer = false;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
    }
    const answers = new Transform({
      transform(chunk, _encoding, done) {
        if (!loseAnswer) return done(null, chunk);
        loseAnswer = false;
        client.destroy();
        upstream.destroy();
      },
    });
    client.pipe(upstream).pipe(answers).pipe(client);
    // A pipe ends its destination on a clean end only: a reset on one side must close the other,
    // as it would between the two peers without a proxy.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Drops every connection and refuses new ones, as a dead server would. */
    cut() {
      accepting = false;
      for (const socket of open) socket.destroy();
    },
    /** Cuts the connection that answers next instead of passing the answer on: the request was served, its answer lost. */
    loseNextAnswer() {
      loseAnswer = true;
    },
    restore() {
      accepting = true;
    },
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
