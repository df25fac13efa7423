import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

// The baseline: a plain static file server, reading the file from disk on each request as such servers do.
const file = process.env.FILE ?? '';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/webp', 'content-length': statSync(file).size });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
