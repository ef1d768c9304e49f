import type { Locale } from '@marco/contract/locales';
import type { KeptBody } from './serialized-reply.js';

/**
 * A POST route's answer as the server's own renderer may take it in process: from the
 * request's JSON body and the page's language, the bytes the route would send, or null when
 * only the route can answer (a body its schema refuses: the route says why).
 */
export type InProcessAnswer = (payload: unknown, locale: Locale) => Promise<KeptBody | null>;

/**
 * Routes a page's render calls while the visitor waits, answered without emulating HTTP
 * (web/server-render.ts). `inject` costs a request's parsing, routing and hooks, and light-my-
 * request delivers the body and the end of the answer each on a later turn of the event loop:
 * under load a render that asks for its data that way waits behind every other request of two
 * more turns, which made a new page's wait twice a kept page's (docs/decisions/015).
 */
export class InProcessAnswers {
  readonly #answers = new Map<string, InProcessAnswer>();

  /**
   * `path` as the renderer asks for it, prefix included, e.g. `/api/app/search-public/search-guides-public`.
   * POST only: the answer is a function of the body, and a GET's query string would be lost.
   */
  set(path: string, answer: InProcessAnswer): void {
    this.#answers.set(path, answer);
  }

  /** The answer for a call of `method` to `url`, when the route offers one. */
  get(method: string, url: string): InProcessAnswer | undefined {
    return method === 'POST' ? this.#answers.get(url) : undefined;
  }
}
