// `npm start`: builds the web app when needed and compiles the server, then runs it; it
// migrates the database and seeds reference data before it listens.
import { buildServer, buildWebIfNeeded, spawnCompiledServer } from './lib.mjs';

await buildWebIfNeeded();
await buildServer();
const server = spawnCompiledServer(process.env);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
