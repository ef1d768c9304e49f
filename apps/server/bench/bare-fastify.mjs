// The yardsticks of `npm run bench`: a bare Fastify JSON route in a process of its own, on the
// same machine and in the same run as Marco, so Marco's routes can be read as a share of it;
// and, when the bench passes one (BARE_ANSWER, a JSON file), Marco's own answer (its headers and
// compressed bytes) sent as is by that bare route, which tells what the answer itself costs
// to send apart from what Marco does to make it.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
if (process.env.BARE_ANSWER) {
  const answer = JSON.parse(fs.readFileSync(process.env.BARE_ANSWER, 'utf8'));
  const body = Buffer.from(answer.body, 'base64');
  app.get('/same-answer', async (_request, reply) => reply.headers(answer.headers).send(body));
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
