import type { ErrorCode } from '@marco/contract/errors';

// spec §7: every call carries the client version.
export const CLIENT_VERSION = 'marco-app-1.0';
const APP_API_PREFIX = '/api/app/';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Anything with a zod-like `parse`, so callers may validate answers without the client depending on zod. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiFetchOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData, URLSearchParams and Blob are sent as they are. */
  body?: unknown;
  query?: QueryParams;
  schema?: ResponseSchema<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The header that names the request in the server's logs. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A failed call: the server's error model `{ error: { code, message, details } }`, or a local fallback. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  /** The server's id of the failed request (X-Request-Id), which a user can quote to support; null without an answer. */
  readonly requestId: string | null;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown, requestId?: string | null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

// The browser's fetch, looked up at each call (tests stub it); the server's renderer answers
// calls in process instead (entry-server.tsx).
let transport: Transport = (url, init) => fetch(url, init);

/** Sends every API call through `next` from now on: the server renders pages with its own routes. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

let unauthorizedHandler: ((error: ApiError) => void) | null = null;

/**
 * Registers what happens when any call answers 401 (spec §4: automatic logout).
 * Returns a function that removes the handler.
 */
export function setOnUnauthorized(handler: ((error: ApiError) => void) | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** `'search-public/languages'` → `/api/app/search-public/languages`; absolute paths stay as given. */
export function resolveApiUrl(path: string, query?: QueryParams): string {
  const base = path.startsWith('/') ? path : `${APP_API_PREFIX}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

function fallbackCode(status: number): ErrorCode {
  if (status >= 500) return 'SERVER_ERROR';
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_ATTEMPTS';
    default:
      return 'OPERATION_FAILED';
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(status: number, payload: unknown, statusText: string, requestId: string | null): ApiError {
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const error = (payload as { error: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
      return new ApiError(
        status,
        typeof code === 'string' ? (code as ErrorCode) : fallbackCode(status),
        typeof message === 'string' ? message : statusText,
        details,
        requestId,
      );
    }
  }
  return new ApiError(status, fallbackCode(status), statusText || `HTTP ${status}`, undefined, requestId);
}

/**
 * Same-origin call to the Marco API. Resolves with the parsed body (validated by `schema`
 * when given); rejects with an `ApiError` for non-ok answers and network failures.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Client-Version': CLIENT_VERSION,
    ...options.headers,
  };
  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await transport(resolveApiUrl(path, query), {
      method,
      headers,
      body: requestBody,
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    // Cancellation (TanStack Query, unmounts) is not a network failure.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network request failed', cause);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload, response.statusText, response.headers.get(REQUEST_ID_HEADER));
    if (response.status === 401) unauthorizedHandler?.(error);
    throw error;
  }
  return schema ? schema.parse(payload) : (payload as T);
}
