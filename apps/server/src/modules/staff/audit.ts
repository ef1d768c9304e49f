import {
  AUDIT_EXPORT_LIMIT,
  type AuditAction,
  type AuditEntry,
  type AuditExportQuery,
  type AuditList,
  type AuditListQuery,
  type AuditTargetType,
  staffRolesOf,
} from '@marco/contract/staff';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who acts, for the record: the staff member and the request that carried the action. */
export interface StaffActor {
  user: AuthUser;
  requestId: string;
}

export interface StaffAction {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/**
 * Writes one audit entry. Call it inside the transaction of the action it records, so the
 * action and its record commit together or not at all (issue 18 item 7).
 */
export async function recordStaffAction(tx: Tx, actor: StaffActor, action: StaffAction): Promise<void> {
  await tx.insert(auditLog).values({
    id: uuidv7(action.at),
    at: action.at,
    actorUserId: actor.user.id,
    actorRoles: staffRolesOf(actor.user.roles),
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    before: action.before ?? null,
    after: action.after ?? null,
    requestId: actor.requestId,
  });
}

function whereOf(query: AuditExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.actorUserId) conditions.push(eq(auditLog.actorUserId, query.actorUserId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)));
  return conditions.length ? and(...conditions) : undefined;
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorUserId: auditLog.actorUserId,
  actorRoles: auditLog.actorRoles,
  name: users.name,
  surname: users.surname,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  requestId: auditLog.requestId,
};

type EntryRow = {
  id: string;
  at: Date;
  actorUserId: string;
  actorRoles: string[];
  name: string | null;
  surname: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
};

const toEntry = (row: EntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: {
    userId: row.actorUserId,
    name: [row.name, row.surname].filter(Boolean).join(' ') || null,
    roles: row.actorRoles,
  },
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
  requestId: row.requestId,
});

const selectEntries = (db: Db, query: AuditExportQuery) =>
  db
    .select(entryColumns)
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(whereOf(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id));

/** The newest entries first, filtered by actor, action, target and time; paged. */
export async function searchAuditLog(db: Db, query: AuditListQuery): Promise<AuditList> {
  const [rows, [total]] = await Promise.all([
    selectEntries(db, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(auditLog).where(whereOf(query)),
  ]);
  return { data: rows.map(toEntry), page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 };
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_user_id',
  'actor_name',
  'actor_roles',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'request_id',
] as const;

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * gets a leading apostrophe, since names and reasons are typed by users.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The filtered entries as CSV (header first, newest first, at most AUDIT_EXPORT_LIMIT rows). */
export async function exportAuditLogCsv(db: Db, query: AuditExportQuery): Promise<string> {
  const rows = await selectEntries(db, query).limit(AUDIT_EXPORT_LIMIT);
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const entry = toEntry(row);
    lines.push(
      [
        entry.id,
        entry.at,
        entry.actor.userId,
        entry.actor.name ?? '',
        entry.actor.roles.join(' '),
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.before === null ? '' : JSON.stringify(entry.before),
        entry.after === null ? '' : JSON.stringify(entry.after),
        entry.requestId ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
