import { z } from 'zod';
import { IdSchema } from './common.js';
import { STAFF_ROLES } from './staff-roles.js';

/*
 * Staff (issue 18): roles, the second factor every staff session must pass, and the audit
 * log. Calls under /api/app/staff/…
 */

export { hasStaffRole, isStaffRole, STAFF_ROLES, type StaffRole, staffRolesOf } from './staff-roles.js';
export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;

/** `GET /api/app/staff/second-factor`: where the caller's session stands. */
export const SecondFactorStatusSchema = z.object({
  roles: z.array(StaffRoleSchema),
  /** An authenticator is confirmed for this account. */
  enrolled: z.boolean(),
  /** This session passed the second factor: staff routes are open to it. */
  verified: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** `POST /api/app/staff/second-factor/enrol`: a new secret to scan, pending until confirmed with a code. */
export const TotpEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCodeDataUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}$/, 'Enter the 6-digit code'));

/** `xxxxx-xxxxx` from a 32-letter alphabet; spaces, case and a missing dash are forgiven. */
export const RecoveryCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-9]{10}$/, 'Enter a recovery code'));

/** `POST /api/app/staff/second-factor/enrol/confirm`: the first code from the authenticator. */
export const ConfirmTotpSchema = z.object({ code: TotpCodeSchema });
export type ConfirmTotp = z.infer<typeof ConfirmTotpSchema>;

/** `POST /api/app/staff/second-factor/verify`: a code from the authenticator, or one recovery code. */
export const VerifySecondFactorSchema = z.union([
  z.object({ code: TotpCodeSchema }).strict(),
  z.object({ recoveryCode: RecoveryCodeSchema }).strict(),
]);
export type VerifySecondFactor = z.infer<typeof VerifySecondFactorSchema>;

/** Answered once, when made: only hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

// ---------------------------------------------------------------------------------------
// Audit log: GET /api/app/staff/audit (admin), …/audit/export (CSV)
// ---------------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'guide.approve',
  'guide.reject',
  'guide.suspend',
  'guide.reinstate',
  'guide.flags',
  'staff.roles',
  'staff.second_factor_reset',
  'exchange_rate.set',
  'exchange_rate.import',
  'moderation.dismiss',
  'moderation.hide',
  'moderation.warn',
  'moderation.suspend',
  'user.suspend',
  'user.reinstate',
  'payout.run',
  'payout.export',
  'payout.send',
  'payout.remove',
  'payout.return',
  'bank_account.verify',
  'reservation.cancel',
  'reservation.refund',
  'dispute.message',
  'dispute.resolve',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_TARGET_TYPES = [
  'guide',
  'user',
  'moderation_item',
  'currency',
  'payout_batch',
  'payout',
  'reservation',
  'dispute',
] as const;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

const AuditFilterSchema = z
  .object({
    actorUserId: IdSchema.optional(),
    action: AuditActionSchema.optional(),
    targetType: AuditTargetTypeSchema.optional(),
    targetId: z.string().trim().min(1).max(100).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((query) => !query.from || !query.to || new Date(query.from) <= new Date(query.to), {
    message: '`from` must not be after `to`',
    path: ['to'],
  });

export const AuditListQuerySchema = AuditFilterSchema.and(
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  }),
);
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;
export const AuditExportQuerySchema = AuditFilterSchema;
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

export const AuditEntrySchema = z.object({
  id: IdSchema,
  at: z.iso.datetime(),
  actor: z.object({ userId: IdSchema, name: z.string().nullable(), roles: z.array(z.string()) }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  data: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;
/** The most rows one CSV export holds; narrow the filter for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

// ---------------------------------------------------------------------------------------
// Staff members (admin): GET /api/app/staff/members, PUT …/{userId}/roles,
// POST …/{userId}/reset-second-factor
// ---------------------------------------------------------------------------------------

export const StaffMemberSchema = z.object({
  userId: IdSchema,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roles: z.array(StaffRoleSchema),
  enrolled: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffMemberListSchema = z.object({ data: z.array(StaffMemberSchema) });
export type StaffMemberList = z.infer<typeof StaffMemberListSchema>;
export const StaffMemberParamsSchema = z.object({ userId: IdSchema });
/** The member's staff roles after the change; an empty list takes them all away. */
export const SetStaffRolesSchema = z.object({ roles: z.array(StaffRoleSchema).max(STAFF_ROLES.length) });
export type SetStaffRoles = z.infer<typeof SetStaffRolesSchema>;
