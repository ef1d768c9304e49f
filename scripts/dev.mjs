// `npm run dev`: the server with reload on change, and Vite with hot reload proxying /api to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, PORT: port, WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    cwd: `${root}/apps/web`,
    env: { ...process.env, PORT: port },
  }),
];
console.log('Marco dev: open http://127.0.0.1:5173/ (API on port %s)', port);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
