// `npm start`: builds the web app when needed and compiles the server, then runs it; it
// migrates the database and seeds reference data before it listens.
import { spawn } from 'node:child_process';
import { buildServer, buildWebIfNeeded, COMPILED_SERVER_ARGS, root } from './lib.mjs';

await buildWebIfNeeded();
await buildServer();
const server = spawn(process.execPath, COMPILED_SERVER_ARGS, {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
