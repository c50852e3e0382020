import type { Server } from 'socket.io';
import type { SocketIdentity } from '../realtime/realtime';

/** This instance's connected sockets: admins (a verified token) and shoppers (none). */
export function socketCounts(io: Server): { admins: number; shoppers: number } {
  let admins = 0;
  let shoppers = 0;
  for (const socket of io.of('/').sockets.values()) {
    if ((socket.data as { identity?: SocketIdentity }).identity?.adminId) admins++;
    else shoppers++;
  }
  return { admins, shoppers };
}
