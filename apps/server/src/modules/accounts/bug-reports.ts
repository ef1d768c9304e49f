import type { CreateBugReport } from '@marco/contract/accounts';
import type { AppDeps } from '../../app-deps.js';
import { clientBugReports } from '../../db/schema/index.js';

export const BUG_REPORT_LIMIT = { limit: 10, windowSeconds: 3600 };

/** Stores a problem report from the feedback form; signed-in reporters are linked. */
export async function createBugReport(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'>,
  input: CreateBugReport & { userId: string | null; userAgent: string | undefined; locale: string; ip: string },
): Promise<{ id: string }> {
  await deps.rateLimiter.consume(`bug-report:ip:${input.ip}`, BUG_REPORT_LIMIT);
  const [row] = await deps.db
    .insert(clientBugReports)
    .values({
      userId: input.userId,
      description: input.description,
      page: input.page ?? null,
      appVersion: input.appVersion ?? null,
      browser: input.browser ?? input.userAgent?.slice(0, 512) ?? null,
      locale: input.locale,
    })
    .returning({ id: clientBugReports.id });
  if (!row) throw new Error('bug report insert returned no row');
  return row;
}
