// The yardstick of `npm run bench`: a bare Fastify JSON route in a process of its own, on the
// same machine and in the same run as Marco, so Marco's routes can be read as a share of it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
