import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = FastifyBaseLogger['info'];
type LevelledLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * `request.log`, bound to the request's id when it first writes. Fastify gives every request a
 * pino child logger; making one (its bindings serialised, its methods set up) cost more than
 * anything else Marco does for a request that logs nothing, which at the production level
 * (info for errors and warnings only, request lines off) is nearly every request.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: LevelledLogger,
    readonly bindings: Bindings,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  #write(level: LevelName, args: Parameters<LogFn>): void {
    if (!((this.#child ?? this.parent) as LevelledLogger).isLevelEnabled(level)) return;
    (this.#logger[level] as (...values: unknown[]) => void)(...args);
  }

  fatal: LogFn = (...args: Parameters<LogFn>) => this.#write('fatal', args);
  error: LogFn = (...args: Parameters<LogFn>) => this.#write('error', args);
  warn: LogFn = (...args: Parameters<LogFn>) => this.#write('warn', args);
  info: LogFn = (...args: Parameters<LogFn>) => this.#write('info', args);
  debug: LogFn = (...args: Parameters<LogFn>) => this.#write('debug', args);
  trace: LogFn = (...args: Parameters<LogFn>) => this.#write('trace', args);
  silent: LogFn = () => {};

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger made only when something is logged. A
 * route with a level or serializers of its own gets its child at once, as Fastify makes it.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as LevelledLogger, bindings);
}
