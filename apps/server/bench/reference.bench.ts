// `npm run bench`: start-up reference routes under load (50 connections), against the
// trivial health route of the same server, with the server's peak memory.
// PGlite by default; PostgreSQL when DATABASE_URL is set.
import { load, printResults, startServer } from './support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const results = [];
  for (const [name, path] of [
    ['health (trivial)', '/api/health'],
    ['languages', '/api/app/search-public/languages'],
    ['search-places ?query=ist', '/api/app/search-public/search-places?query=ist'],
    ['currencies', '/api/app/currency-public/get-currency-public'],
  ] as const) {
    results.push(await load(name, { url: server.baseUrl + path, seconds }));
  }
  printResults(
    `Reference routes on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${seconds} s each, 50 connections)`,
    results,
    server.peakRssMb(),
  );
} finally {
  await server.stop();
}
