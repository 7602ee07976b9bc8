/**
 * The ceiling of the benchmark: a bare node:http server answering fixed bodies from memory.
 * Reads a JSON map {path: {type, body, headers}} from the file named by argv[2]; listens on
 * argv[3]; prints "ready" when listening. A request with `x-ceiling-headers: same` also gets
 * the real server's headers for that path (`headers`), so the comparison can leave out what
 * the bytes on the wire cost.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = Object.fromEntries(
  Object.entries(routes).map(([url, { type, body, headers }]) => [
    url,
    { type, body: Buffer.from(body, 'base64'), headers: headers ?? {} },
  ]),
);
createServer((request, response) => {
  const route = bodies[request.url] ?? bodies['*'];
  const extra = request.headers['x-ceiling-headers'] === 'same' ? route.headers : {};
  response.writeHead(200, {
    ...extra,
    'content-type': route.type,
    'content-length': route.body.length,
  });
  response.end(route.body);
}).listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));
