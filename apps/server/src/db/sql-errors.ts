/**
 * What PostgreSQL said about a failed statement. Drizzle wraps the driver's error as `cause`
 * (and a transaction may wrap it again), so each reader walks the chain to the driver's error.
 */
interface DriverError {
  code: string;
  constraint?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function driverErrorOf(error: unknown): DriverError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code)) return candidate as DriverError;
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a failed statement, if a statement is why `error` was thrown. */
export const sqlStateOf = (error: unknown): string | undefined => driverErrorOf(error)?.code;

/** The unique constraint (or index) a failed statement violated, if that is why it failed. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const failure = driverErrorOf(error);
  if (failure?.code !== '23505') return null;
  return typeof failure.constraint === 'string' ? failure.constraint : '';
}
