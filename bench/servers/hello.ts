import Fastify from 'fastify';

// The baseline: a bare Fastify route, what the framework alone can do on this machine.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
