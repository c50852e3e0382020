// The floor of bench/live: a bare Socket.IO server (defaults, no Redis, no rooms, no auth) in a
// process of its own. `POST /emit` with a JSON body broadcasts that body to every client as
// `product:updated` and answers 204: what the store does for a write, without the store.
// Prints "LISTENING <url>" once it listens.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const httpServer = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    io.emit('product:updated', JSON.parse(Buffer.concat(chunks).toString('utf8')));
    res.writeHead(204).end();
  });
});
const io = new Server(httpServer, { serveClient: false });

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (!address || typeof address === 'string') throw new Error('the floor server has no port');
  console.log(`LISTENING http://127.0.0.1:${address.port}`);
});
process.on('SIGINT', () => void io.close(() => process.exit(0)));
