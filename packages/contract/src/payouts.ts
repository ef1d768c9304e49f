import { z } from 'zod';
import { IdSchema } from './common.js';
import { CurrencyCodeSchema } from './reference.js';

/*
 * Payouts (issue 18 item 4): what a guide can be paid, the weekly batches finance reviews,
 * exports for the bank and marks sent, and the bank account they go to.
 * Money is an integer in minor units of its currency.
 */

export const PAYOUT_PATHS = {
  /** The guide's own balances, bank account (masked) and payout history. */
  guide: '/api/app/guide-payouts-public',
  staff: '/api/app/staff/payouts',
  staffBankAccounts: '/api/app/staff/bank-accounts',
} as const;

/** The guide's money per currency: `available` can be paid out now; see decision 025. */
export const PayoutBalanceSchema = z.object({
  currency: CurrencyCodeSchema,
  /** Credited, past its hold period, not held by an open case, less payouts, debits and payouts in an unsent batch. */
  availableMinor: z.number().int(),
  /** Earnings still in their hold period or held by an open case. */
  heldMinor: z.number().int(),
  /** In a batch that finance has not marked sent yet. */
  pendingMinor: z.number().int(),
  /** Sent to the bank and not returned. */
  paidMinor: z.number().int(),
});
export type PayoutBalance = z.infer<typeof PayoutBalanceSchema>;

export const PAYOUT_STATUSES = ['pending', 'sent', 'returned', 'removed'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

/** An IBAN with all but its country, check digits and last four characters hidden. */
export const maskIban = (iban: string): string =>
  iban.length <= 8 ? iban : `${iban.slice(0, 4)}${'•'.repeat(iban.length - 8)}${iban.slice(-4)}`;

export const BankAccountStatusSchema = z.object({
  holderName: z.string(),
  bankName: z.string(),
  /** Masked for the guide and for support; whole for finance. */
  iban: z.string(),
  swift: z.string(),
  /** When finance checked these exact details; null until then, and again after the guide changes them. */
  verifiedAt: z.iso.datetime().nullable(),
});
export type BankAccountStatus = z.infer<typeof BankAccountStatusSchema>;

export const GuidePayoutSchema = z.object({
  id: IdSchema,
  currency: CurrencyCodeSchema,
  amountMinor: z.number().int().positive(),
  status: PayoutStatusSchema,
  /** The account it went to, masked. */
  iban: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  returnedAt: z.iso.datetime().nullable(),
});
export type GuidePayout = z.infer<typeof GuidePayoutSchema>;

/** `GET guide-payouts-public`: the caller's balances, bank account and last payouts (newest first). */
export const GuidePayoutsSchema = z.object({
  balances: z.array(PayoutBalanceSchema),
  bankAccount: BankAccountStatusSchema.nullable(),
  payouts: z.array(GuidePayoutSchema),
  holdDays: z.number().int(),
});
export type GuidePayouts = z.infer<typeof GuidePayoutsSchema>;

// ---------------------------------------------------------------------------------------
// Staff (role finance)
// ---------------------------------------------------------------------------------------

export const PAYOUT_BATCH_STATUSES = ['review', 'exported', 'sent', 'cancelled'] as const;
export const PayoutBatchStatusSchema = z.enum(PAYOUT_BATCH_STATUSES);
export type PayoutBatchStatus = z.infer<typeof PayoutBatchStatusSchema>;

export const PayoutBatchSummarySchema = z.object({
  id: IdSchema,
  currency: CurrencyCodeSchema,
  status: PayoutBatchStatusSchema,
  /** Payouts still in the batch (not removed) and their total. */
  payoutCount: z.number().int(),
  totalMinor: z.number().int(),
  /** Null when started by the weekly schedule. */
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  exportedAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
});
export type PayoutBatchSummary = z.infer<typeof PayoutBatchSummarySchema>;

export const StaffPayoutSchema = z.object({
  id: IdSchema,
  guideUserId: IdSchema,
  guideName: z.string(),
  amountMinor: z.number().int().positive(),
  status: PayoutStatusSchema,
  holderName: z.string(),
  iban: z.string(),
  swift: z.string(),
  /** An open case holds some of the guide's earnings: the payout must leave the batch before export. */
  isHeld: z.boolean(),
  returnedAt: z.iso.datetime().nullable(),
  returnReason: z.string().nullable(),
});
export type StaffPayout = z.infer<typeof StaffPayoutSchema>;

export const PayoutBatchSchema = PayoutBatchSummarySchema.extend({ payouts: z.array(StaffPayoutSchema) });
export type PayoutBatch = z.infer<typeof PayoutBatchSchema>;

export const PayoutBatchListSchema = z.object({ data: z.array(PayoutBatchSummarySchema) });
export type PayoutBatchList = z.infer<typeof PayoutBatchListSchema>;

/** `POST staff/payouts/runs`: one batch per currency (or only `currency`) of what can be paid now. */
export const StartPayoutRunSchema = z.object({ currency: CurrencyCodeSchema.optional() });
export type StartPayoutRun = z.infer<typeof StartPayoutRunSchema>;
export const PayoutRunSchema = z.object({ batches: z.array(PayoutBatchSummarySchema) });
export type PayoutRun = z.infer<typeof PayoutRunSchema>;

export const PayoutBatchParamsSchema = z.object({ batchId: IdSchema });
export const PayoutParamsSchema = z.object({ payoutId: IdSchema });

/** `POST staff/payouts/payouts/{id}/returned`: the bank sent the money back. */
export const ReturnPayoutSchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type ReturnPayout = z.infer<typeof ReturnPayoutSchema>;

export const UnverifiedBankAccountSchema = BankAccountStatusSchema.extend({
  guideUserId: IdSchema,
  guideName: z.string(),
});
export type UnverifiedBankAccount = z.infer<typeof UnverifiedBankAccountSchema>;
export const UnverifiedBankAccountListSchema = z.object({ data: z.array(UnverifiedBankAccountSchema) });
export type UnverifiedBankAccountList = z.infer<typeof UnverifiedBankAccountListSchema>;
export const BankAccountParamsSchema = z.object({ guideUserId: IdSchema });
