import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { myGuide } from '../../testing/guide-fixtures';
import { BankForm } from './bank-form';

const BANK_PATH = '/api/app/user-guide-pricing-public/create-update-bank-info';
const PRICE_PATH = '/api/app/user-guide-pricing-public/create-update';

function mockBankCalls() {
  return mockFetch({
    'GET /api/app/user-guide-pricing-public/get-bank-info': () => jsonResponse(null),
    [`POST ${PRICE_PATH}`]: (_url: URL, init: RequestInit | undefined) =>
      jsonResponse({ guideId: 'g', ...JSON.parse(String(init?.body)) }),
    [`POST ${BANK_PATH}`]: (_url: URL, init: RequestInit | undefined) =>
      jsonResponse({ ...JSON.parse(String(init?.body)), updatedAt: '2026-11-20T10:00:00.000Z' }),
  });
}

async function fillBankForm(iban: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Rate per hour'), '45.50');
  await user.type(screen.getByLabelText("Account holder's first name"), 'Elif');
  await user.type(screen.getByLabelText("Account holder's last name"), 'Demir');
  await user.type(screen.getByLabelText('Bank name'), 'Ziraat Bankası');
  await user.type(screen.getByLabelText('IBAN'), iban);
  await user.type(screen.getByLabelText('SWIFT/BIC'), 'tczbtr2a');
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(path) && init?.method === 'POST');

describe('BankForm (step 6: rate and bank information)', () => {
  it('refuses an IBAN whose mod-97 checksum is wrong, at the field, without calling the server', async () => {
    const fetchMock = mockBankCalls();
    renderWithRouter(<BankForm guide={myGuide()} submitLabel="Save and continue" />, { path: '/en/beguide' });
    await fillBankForm('TR33 0006 1005 1978 6457 8413 27');

    expect(await screen.findByText(/This IBAN is not valid/)).toBeInTheDocument();
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock, BANK_PATH)).toHaveLength(0);
    expect(calls(fetchMock, PRICE_PATH)).toHaveLength(0);
  });

  it('saves the rate in minor units and the normalised IBAN and SWIFT/BIC', async () => {
    const fetchMock = mockBankCalls();
    let saved = false;
    renderWithRouter(
      <BankForm
        guide={myGuide()}
        submitLabel="Save and continue"
        onSaved={() => {
          saved = true;
        }}
      />,
      { path: '/en/beguide' },
    );
    await fillBankForm('tr33 0006 1005 1978 6457 8413 26');

    await waitFor(() => expect(saved).toBe(true));
    const [price] = calls(fetchMock, PRICE_PATH);
    expect(JSON.parse(String(price?.[1]?.body))).toEqual({ hourlyRateMinor: 4550, currency: 'USD' });
    const [bank] = calls(fetchMock, BANK_PATH);
    expect(JSON.parse(String(bank?.[1]?.body))).toMatchObject({
      bankName: 'Ziraat Bankası',
      iban: 'TR330006100519786457841326',
      swift: 'TCZBTR2A',
      holderFirstName: 'Elif',
      holderLastName: 'Demir',
      accountNumber: null,
    });
  });

  it('asks for a rate above zero', async () => {
    mockBankCalls();
    renderWithRouter(<BankForm guide={myGuide()} submitLabel="Save" />, { path: '/en/guide-settings' });
    fireEvent.change(await screen.findByLabelText('Rate per hour'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter an amount greater than zero, with at most two decimals.'),
    ).toBeInTheDocument();
  });
});
