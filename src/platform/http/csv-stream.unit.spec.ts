import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCsv } from './csv';

// A CSV download of 100,000 rows (about 21 MB) read by a client that stops reading, or goes away:
// the rows are read only as fast as the client takes them. Writing every row at once kept the
// whole file in the store's memory for a slow admin (bench/admin: +470 MB for 20 downloads).

const ROWS = 100_000;
const FILLER = 'x'.repeat(200);

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves the CSV; `read` counts the rows taken from the source, `stopped` says it was closed. */
async function serveCsv() {
  const source = { read: 0, stopped: false };
  const app = express().get('/orders.csv', async (_req, res) => {
    async function* rows() {
      try {
        for (let i = 0; i < ROWS; i++) {
          source.read++;
          yield { i };
        }
      } finally {
        source.stopped = true;
      }
    }
    const columns = [
      { header: 'Row', value: (row: { i: number }) => row.i },
      { header: 'Filler', value: () => FILLER },
    ];
    await sendCsv(res, 'orders.csv', columns, rows());
  });
  const listening = app.listen(0);
  server = listening;
  await new Promise((resolve) => listening.once('listening', resolve));
  return { source, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/orders.csv` };
}

const download = (url: string) => new Promise<IncomingMessage>((resolve) => get(url, resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CSV download', () => {
  it('reads rows only as fast as the client takes them, and all of them in the end', async () => {
    const { source, url } = await serveCsv();
    const res = await download(url);
    res.pause();
    await pause(500);
    // What the sockets' buffers hold, and no more: a few MB of the 21.
    expect(source.read).toBeLessThan(ROWS / 4);
    res.setEncoding('utf8');
    let text = '';
    res.on('data', (chunk: string) => (text += chunk));
    res.resume();
    await new Promise((resolve) => res.once('end', resolve));
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines[0]).toBe('\uFEFF"Row","Filler"');
    expect(lines[ROWS]).toBe(`"${ROWS - 1}","${FILLER}"`);
    expect(lines[ROWS + 1]).toBe('');
  });

  it('stops reading rows when the client goes away', async () => {
    const { source, url } = await serveCsv();
    const res = await download(url);
    res.pause();
    await pause(200);
    res.destroy();
    await pause(300);
    expect(source.stopped).toBe(true);
    expect(source.read).toBeLessThan(ROWS / 4);
  });
});
