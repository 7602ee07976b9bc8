/**
 * A slow client cannot hold a connection for ever. The app listens on a real
 * loopback port (timeouts live in Node's HTTP server, which `inject` bypasses) with short
 * limits, and raw sockets play the slow clients. Each test waits for the server to close the
 * socket; vitest's per-test timeout bounds the wait.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT: '2', HEADERS_TIMEOUT: '1', KEEP_ALIVE_TIMEOUT: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** A connected socket that records what the server sends and when it closes (ms after open). */
function slowClient() {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(Date.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

/** Writes `text` one character at a time, `everyMs` apart, until the socket closes. */
function trickle(socket: net.Socket, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[i++]!);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

describe('HTTP timeouts', () => {
  it('closes a connection whose headers trickle in past HEADERS_TIMEOUT with 408', async () => {
    const client = slowClient();
    // Endless headers, one byte every 200 ms: the connection never goes idle.
    trickle(
      client.socket,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(500)}`,
      200,
    );
    const closedAfter = await client.closed;
    expect(closedAfter).toBeLessThan(5_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it('closes a connection whose body trickles in past REQUEST_TIMEOUT with 408', async () => {
    const client = slowClient();
    client.socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n',
    );
    trickle(client.socket, `{"email":"${'a'.repeat(990)}`, 200);
    const closedAfter = await client.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(1_500);
    expect(closedAfter).toBeLessThan(6_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT', async () => {
    const client = slowClient();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter).toBeLessThan(4_000);
  }, 15_000);

  it('still serves an ordinary request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
