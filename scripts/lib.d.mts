// Types of the parts of lib.mjs that TypeScript code (benchmarks, journey set-up) uses.
export const root: string;
export const SERVER_NODE_FLAGS: string[];
export const COMPILED_CONDITION: string;
export const COMPILED_SERVER_ARGS: string[];
export function buildServer(): Promise<void>;
export function buildWebIfNeeded(): Promise<void>;
