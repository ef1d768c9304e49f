// `npm start`: builds the web app when needed and compiles the server, then runs it; it
// migrates the database and seeds reference data before it listens.
import { spawn } from 'node:child_process';
import { buildServer, buildWebIfNeeded, compiledServer, root } from './lib.mjs';

await buildWebIfNeeded();
await buildServer();
const { args, env } = compiledServer(process.env);
const server = spawn(process.execPath, args, {
  stdio: 'inherit',
  cwd: root,
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
