import { csvCell } from '../staff/audit.js';

/*
 * The files finance hands to the bank (decision 025; layouts in docs/payouts.md): EUR as an
 * ISO 20022 pain.001.001.09 SEPA credit transfer, TRY and USD as CSV.
 */

export interface FilePayout {
  id: string;
  amountMinor: number;
  holderName: string;
  iban: string;
  swift: string;
}

export interface FileBatch {
  id: string;
  currency: string;
  createdAt: Date;
  payouts: FilePayout[];
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

/** Minor units as a decimal amount with two digits (EUR, USD and TRY all have two). */
export const decimalOf = (minor: number): string =>
  `${Math.trunc(minor / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** A reference the bank passes on: the UUID without dashes fits the 35 characters of ISO 20022 ids. */
const referenceOf = (id: string) => id.replaceAll('-', '');

/**
 * Text in the SEPA character set (EPC guidance: a–z, A–Z, 0–9, / - ? : ( ) . , ' + and
 * space): accents are dropped, other letters become spaces, at most `max` characters.
 */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (latin || 'Marco guide').slice(0, max).trim();
}

const xml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The batch as a pain.001.001.09 customer credit transfer initiation, one payment of all its transfers. */
export function sepaCreditTransfer(batch: FileBatch, debtor: Debtor, executionDate: string): string {
  const count = batch.payouts.length;
  const total = decimalOf(batch.payouts.reduce((sum, payout) => sum + payout.amountMinor, 0));
  const reference = referenceOf(batch.id);
  const createdAt = `${batch.createdAt.toISOString().slice(0, 19)}Z`;
  const transfers = batch.payouts
    .map(
      (payout) => `      <CdtTrfTxInf>
        <PmtId>
          <EndToEndId>${referenceOf(payout.id)}</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="EUR">${decimalOf(payout.amountMinor)}</InstdAmt>
        </Amt>
        <CdtrAgt>
          <FinInstnId>
            <BICFI>${xml(payout.swift)}</BICFI>
          </FinInstnId>
        </CdtrAgt>
        <Cdtr>
          <Nm>${xml(sepaText(payout.holderName, 70))}</Nm>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>${xml(payout.iban)}</IBAN>
          </Id>
        </CdtrAcct>
        <RmtInf>
          <Ustrd>Marco payout ${referenceOf(payout.id)}</Ustrd>
        </RmtInf>
      </CdtTrfTxInf>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${reference}</MsgId>
      <CreDtTm>${createdAt}</CreDtTm>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <InitgPty>
        <Nm>${xml(sepaText(debtor.name, 70))}</Nm>
      </InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${reference}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${total}</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>SEPA</Cd>
        </SvcLvl>
      </PmtTpInf>
      <ReqdExctnDt>
        <Dt>${executionDate}</Dt>
      </ReqdExctnDt>
      <Dbtr>
        <Nm>${xml(sepaText(debtor.name, 70))}</Nm>
      </Dbtr>
      <DbtrAcct>
        <Id>
          <IBAN>${xml(debtor.iban)}</IBAN>
        </Id>
      </DbtrAcct>
      <DbtrAgt>
        <FinInstnId>
          <BICFI>${xml(debtor.bic)}</BICFI>
        </FinInstnId>
      </DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
${transfers}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}

export const PAYOUT_CSV_COLUMNS = [
  'payout_id',
  'beneficiary_name',
  'iban',
  'bic',
  'amount',
  'currency',
  'reference',
] as const;

/** The batch as CSV (docs/payouts.md): a header, then one transfer per line, CRLF, UTF-8. */
export function payoutCsv(batch: FileBatch): string {
  const lines = [PAYOUT_CSV_COLUMNS.join(',')];
  for (const payout of batch.payouts) {
    lines.push(
      [
        payout.id,
        payout.holderName,
        payout.iban,
        payout.swift,
        decimalOf(payout.amountMinor),
        batch.currency,
        `Marco payout ${referenceOf(payout.id)}`,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
