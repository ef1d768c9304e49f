import { describe, expect, it } from 'vitest';
import { decimalOf, payoutCsv, sepaCreditTransfer, sepaText } from './payout-files.js';

const batch = {
  id: '0193a5d2-7c4e-7000-8000-000000000001',
  currency: 'EUR',
  createdAt: new Date('2026-11-02T09:00:00.123Z'),
  payouts: [
    {
      id: '0193a5d2-7c4e-7000-8000-0000000000a1',
      amountMinor: 123_456,
      holderName: 'Ayşe Yılmaz & Söhne <GmbH>',
      iban: 'DE89370400440532013000',
      swift: 'COBADEFFXXX',
    },
    {
      id: '0193a5d2-7c4e-7000-8000-0000000000a2',
      amountMinor: 5,
      holderName: 'Jean Dupont',
      iban: 'FR1420041010050500013M02606',
      swift: 'PSSTFRPPPAR',
    },
  ],
};
const debtor = { name: 'Marco Travel Ltd', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

describe('payout files', () => {
  it('writes minor units as two-decimal amounts', () => {
    expect([decimalOf(0), decimalOf(5), decimalOf(100), decimalOf(123_456)]).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '1234.56',
    ]);
  });

  it('keeps names to the SEPA character set', () => {
    expect(sepaText('Ayşe Yılmaz & Söhne <GmbH>', 70)).toBe('Ayse Yilmaz Sohne GmbH');
    expect(sepaText('Светлана', 70)).toBe('Marco guide');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('makes one SEPA credit transfer with the count, control sum and each transfer of the batch', () => {
    const xml = sepaCreditTransfer(batch, debtor, '2026-11-02');
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(xml).toContain('<MsgId>0193a5d27c4e70008000000000000001</MsgId>');
    expect(xml).toContain('<CreDtTm>2026-11-02T09:00:00Z</CreDtTm>');
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>1234\.61<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<InstdAmt Ccy="EUR">1234.56</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.05</InstdAmt>');
    expect(xml).toContain('<Nm>Ayse Yilmaz Sohne GmbH</Nm>');
    expect(xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    expect(xml).toContain('<ReqdExctnDt>\n        <Dt>2026-11-02</Dt>');
  });

  it('writes the CSV layout with quoting and no formula cells', () => {
    const csv = payoutCsv({
      ...batch,
      currency: 'TRY',
      payouts: [{ ...batch.payouts[1], holderName: '=HYPERLINK("x"), Dupont', amountMinor: 250_075 }],
    } as typeof batch);
    expect(csv.split('\r\n')).toEqual([
      'payout_id,beneficiary_name,iban,bic,amount,currency,reference',
      `0193a5d2-7c4e-7000-8000-0000000000a2,"'=HYPERLINK(""x""), Dupont",FR1420041010050500013M02606,PSSTFRPPPAR,2500.75,TRY,Marco payout 0193a5d27c4e700080000000000000a2`,
      '',
    ]);
  });
});
