import { describe, expect, it } from 'vitest';
import {
  CreateFreeDateSchema,
  IbanSchema,
  isValidIban,
  isValidSwift,
  UpdateGuideLanguagesSchema,
  WorkPlanInputSchema,
} from './guides.js';

describe('IBAN and SWIFT/BIC', () => {
  it('accepts IBANs with the right country length and mod-97 checksum, spaces or not', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('tr33 0006 1005 1978 6457 8413 26')).toBe(true);
    expect(IbanSchema.parse(' gb82 west 1234 5698 7654 32 ')).toBe('GB82WEST12345698765432');
  });

  it('refuses a wrong checksum, a wrong length and unknown countries', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 0')).toBe(false);
    expect(isValidIban('ZZ89 3704 0044 0532 0130 00')).toBe(false);
  });

  it('checks the SWIFT/BIC format (8 or 11 characters)', () => {
    expect(isValidSwift('DEUTDEFF')).toBe(true);
    expect(isValidSwift('DEUTDEFF500')).toBe(true);
    expect(isValidSwift('DEUTDEF')).toBe(false);
    expect(isValidSwift('DEUT12FF')).toBe(false);
    expect(isValidSwift('DEUTDEFF50')).toBe(false);
  });
});

describe('work plans and free dates', () => {
  it('needs the end hour after the start hour', () => {
    expect(WorkPlanInputSchema.safeParse({ planType: 'daily', startHour: 9, endHour: 17 }).success).toBe(true);
    const reversed = WorkPlanInputSchema.safeParse({ planType: 'daily', startHour: 17, endHour: 9 });
    expect(reversed.error?.issues[0]?.path).toEqual(['endHour']);
    expect(CreateFreeDateSchema.parse({ date: '2026-05-01' })).toEqual({
      date: '2026-05-01',
      startHour: 0,
      endHour: 24,
    });
    expect(CreateFreeDateSchema.safeParse({ date: '2026-05-01', startHour: 10, endHour: 10 }).success).toBe(false);
  });

  it('needs what each plan type repeats on', () => {
    expect(WorkPlanInputSchema.safeParse({ planType: 'weekly', startHour: 9, endHour: 12 }).success).toBe(false);
    expect(WorkPlanInputSchema.safeParse({ planType: 'monthly', startHour: 9, endHour: 12 }).success).toBe(false);
    expect(WorkPlanInputSchema.safeParse({ planType: 'special', startHour: 9, endHour: 12 }).success).toBe(false);
    expect(
      WorkPlanInputSchema.safeParse({ planType: 'special', startHour: 9, endHour: 12, date: '2026-02-30' }).success,
    ).toBe(false);
  });
});

describe('languages', () => {
  it('needs exactly one primary language', () => {
    const one = { languageCode: 'en', levelKey: 'native', isPrimary: true };
    expect(UpdateGuideLanguagesSchema.safeParse({ languages: [one] }).success).toBe(true);
    expect(UpdateGuideLanguagesSchema.safeParse({ languages: [{ ...one, isPrimary: false }] }).success).toBe(false);
    expect(UpdateGuideLanguagesSchema.safeParse({ languages: [one, { ...one, languageCode: 'de' }] }).success).toBe(
      false,
    );
  });
});
