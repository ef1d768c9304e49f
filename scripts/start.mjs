// `npm start`: builds the web app when needed, then runs the server, which migrates the
// database and seeds reference data before it listens.
import { spawn } from 'node:child_process';
import { buildWebIfNeeded, root, SERVER_NODE_FLAGS } from './lib.mjs';

await buildWebIfNeeded();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
