/**
 * The ceiling of the benchmark: a bare node:http server answering fixed bodies from memory.
 * Reads a JSON map {path: {type, body}} from the file named by argv[2]; listens on argv[3];
 * prints "ready" when listening.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = Object.fromEntries(
  Object.entries(routes).map(([url, { type, body }]) => [
    url,
    { type, body: Buffer.from(body, 'base64') },
  ]),
);
createServer((request, response) => {
  const route = bodies[request.url] ?? bodies['*'];
  response.writeHead(200, { 'content-type': route.type, 'content-length': route.body.length });
  response.end(route.body);
}).listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));
