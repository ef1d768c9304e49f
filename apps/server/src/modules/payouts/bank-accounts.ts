import { type BankAccountStatus, maskIban, type UnverifiedBankAccountList } from '@marco/contract/payouts';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bankAccountVerifications, guideBankAccounts, guides, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';

/** Verified = finance checked these exact details (the guide has not changed them since). */
export const isVerifiedCondition = and(
  eq(bankAccountVerifications.iban, guideBankAccounts.iban),
  eq(bankAccountVerifications.swift, guideBankAccounts.swift),
);

export const bankAccountColumns = {
  guideId: guideBankAccounts.guideId,
  bankName: guideBankAccounts.bankName,
  iban: guideBankAccounts.iban,
  swift: guideBankAccounts.swift,
  holderFirstName: guideBankAccounts.holderFirstName,
  holderLastName: guideBankAccounts.holderLastName,
  verifiedIban: bankAccountVerifications.iban,
  verifiedSwift: bankAccountVerifications.swift,
  verifiedAt: bankAccountVerifications.verifiedAt,
};

type BankAccountRow = {
  bankName: string;
  iban: string;
  swift: string;
  holderFirstName: string;
  holderLastName: string;
  verifiedIban: string | null;
  verifiedSwift: string | null;
  verifiedAt: Date | null;
};

export const holderNameOf = (row: Pick<BankAccountRow, 'holderFirstName' | 'holderLastName'>) =>
  `${row.holderFirstName} ${row.holderLastName}`.trim();

/** The account as shown: the IBAN whole only for finance (`reveal`). */
export function toBankAccountStatus(row: BankAccountRow, reveal: boolean): BankAccountStatus {
  const verified = row.verifiedIban === row.iban && row.verifiedSwift === row.swift;
  return {
    holderName: holderNameOf(row),
    bankName: row.bankName,
    iban: reveal ? row.iban : maskIban(row.iban),
    swift: row.swift,
    verifiedAt: verified && row.verifiedAt ? row.verifiedAt.toISOString() : null,
  };
}

/** The guide's bank account with its verification, by the guide's user id; null when none was given. */
export async function findBankAccountOfUser(db: Db, guideUserId: string): Promise<BankAccountRow | null> {
  const [row] = await db
    .select(bankAccountColumns)
    .from(guides)
    .innerJoin(guideBankAccounts, eq(guideBankAccounts.guideId, guides.id))
    .leftJoin(bankAccountVerifications, eq(bankAccountVerifications.guideId, guides.id))
    .where(eq(guides.userId, guideUserId));
  return row ?? null;
}

const UNVERIFIED_LIST_LIMIT = 200;

/** Bank accounts finance has not checked (or that changed since), oldest change first. */
export async function listUnverifiedBankAccounts(db: Db): Promise<UnverifiedBankAccountList> {
  const rows = await db
    .select({ ...bankAccountColumns, guideUserId: guides.userId, name: users.name, surname: users.surname })
    .from(guideBankAccounts)
    .innerJoin(guides, eq(guides.id, guideBankAccounts.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .leftJoin(bankAccountVerifications, eq(bankAccountVerifications.guideId, guideBankAccounts.guideId))
    .where(
      or(
        isNull(bankAccountVerifications.guideId),
        ne(bankAccountVerifications.iban, guideBankAccounts.iban),
        ne(bankAccountVerifications.swift, guideBankAccounts.swift),
      ),
    )
    .orderBy(asc(guideBankAccounts.updatedAt))
    .limit(UNVERIFIED_LIST_LIMIT);
  return {
    data: rows.map((row) => ({
      ...toBankAccountStatus(row, true),
      guideUserId: row.guideUserId,
      guideName: [row.name, row.surname].filter(Boolean).join(' '),
    })),
  };
}

/** Finance confirms the guide's current bank details; a later change by the guide undoes it. */
export async function verifyBankAccount(db: Db, actor: StaffActor, guideUserId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ guideId: guideBankAccounts.guideId, iban: guideBankAccounts.iban, swift: guideBankAccounts.swift })
      .from(guides)
      .innerJoin(guideBankAccounts, eq(guideBankAccounts.guideId, guides.id))
      .where(eq(guides.userId, guideUserId))
      .for('update');
    if (!account) throw new AppError('BANK_INFO_NOT_FOUND', 'This guide has given no bank details');
    const values = { iban: account.iban, swift: account.swift, verifiedBy: actor.user.id, verifiedAt: now };
    await tx
      .insert(bankAccountVerifications)
      .values({ guideId: account.guideId, ...values })
      .onConflictDoUpdate({ target: bankAccountVerifications.guideId, set: values });
    await recordStaffAction(tx, actor, {
      action: 'bank_account.verify',
      targetType: 'guide',
      targetId: account.guideId,
      before: null,
      after: { iban: maskIban(account.iban), swift: account.swift },
      at: now,
    });
    const row = await findBankAccountOfUser(tx as unknown as Db, guideUserId);
    if (!row) throw new Error('verified bank account vanished');
    return toBankAccountStatus(row, true);
  });
}
