// Types of the parts of lib.mjs that TypeScript code (benchmarks, journey set-up) uses.
export const root: string;
export const SERVER_NODE_FLAGS: string[];
export const COMPILED_CONDITION: string;
export function compiledServer(env: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv };
export function spawnCompiledServer(
  env: NodeJS.ProcessEnv,
  options?: { stdio?: import('node:child_process').StdioOptions; nodeArgs?: string[] },
): import('node:child_process').ChildProcess;
export function buildServer(): Promise<void>;
export function buildWebIfNeeded(): Promise<void>;
