import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import {
  currencies,
  dayFromNow,
  GUIDE_ID,
  guideDetail,
  hourSlots,
  makeReservation,
  RESERVATION_ID,
  traveller,
} from '../testing/fixtures';
import { ReservationWizard } from './reservation-wizard';

const first = dayFromNow(2);
const second = dayFromNow(3);
const busy = dayFromNow(4);

function mockApi({
  signedIn = true,
  create,
}: {
  signedIn?: boolean;
  create?: (init: RequestInit | undefined) => Response;
} = {}) {
  return mockFetch({
    'GET /api/auth/session': signedIn
      ? { user: traveller }
      : () => jsonResponse({ error: { code: 'UNAUTHORIZED' } }, { status: 401 }),
    [`GET /api/app/user-detail-public/get-guide-user-detail-with-id/${GUIDE_ID}`]: guideDetail,
    [`GET /api/app/user-guide-operation-public/user-guide-available-hours/${GUIDE_ID}`]: {
      guideId: GUIDE_ID,
      timezone: 'UTC',
      data: [...hourSlots(first, [9, 10, 11, 14]), ...hourSlots(second, [9, 10, 11])],
    },
    'GET /api/app/currency-public/get-currency-public': { data: currencies },
    'POST /api/app/reservation-operations-public/create': (_url: URL, init: RequestInit | undefined) =>
      create ? create(init) : jsonResponse(makeReservation()),
  });
}

const renderWizard = () =>
  renderRoutes(
    [
      {
        path: '/:lng/guides/:guider',
        element: (
          <>
            <ReservationWizard guideId={GUIDE_ID} />
            <LocationDisplay />
          </>
        ),
      },
      { path: '/:lng/auth/login', element: <LocationDisplay /> },
    ],
    `/en/guides/${GUIDE_ID}?reserve=1`,
  );

const dayButton = (date: string) => {
  const button = document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);
  if (!button) throw new Error(`no day ${date} on the calendar`);
  return button;
};

/** Steps 1 and 2: both free dates, 09:00–11:00. */
async function chooseDatesAndHours(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Select your dates' });
  await user.click(dayButton(first));
  // The second date may be on the next month's page.
  if (!document.querySelector(`[data-date="${second}"]`))
    await user.click(screen.getByRole('button', { name: 'Next month' }));
  await user.click(dayButton(second));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Select your hours' });
  await user.click(screen.getByTestId('start-9'));
  await user.click(screen.getByTestId('end-11'));
}

describe('the reservation wizard', () => {
  it('offers only free dates and hours and shows the live total in the chosen currency', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = renderWizard();
    expect(await screen.findByRole('dialog', { name: 'Reserve Ayşe Yılmaz' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Select your dates' });
    expect(dayButton(first)).toBeEnabled();
    if (document.querySelector(`[data-date="${busy}"]`)) expect(dayButton(busy)).toBeDisabled();

    await chooseDatesAndHours(user);
    // 14:00 is free on the first day only, so it is not offered for both.
    expect(screen.queryByTestId('start-14')).not.toBeInTheDocument();
    expect(screen.queryByTestId('end-13')).not.toBeInTheDocument();
    // 2 hours × 2 days × $50.
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('$200.00');
    await user.click(screen.getByRole('radio', { name: 'TL' }));
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('6,500.00 TL');
    // The choices live in the URL.
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('rdates')).toBe(`${first},${second}`);
    expect(search.get('rstart')).toBe('9');
    expect(search.get('rend')).toBe('11');
    expect(search.get('rcur')).toBe('TRY');
  });

  it('sends a visitor to sign in and back to the contact step with the choices kept', async () => {
    const user = userEvent.setup();
    mockApi({ signedIn: false });
    renderWizard();
    await chooseDatesAndHours(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const location = screen.getByTestId('location').textContent ?? '';
    expect(location.startsWith('/en/auth/login?returnTo=')).toBe(true);
    const returnTo = new URL(decodeURIComponent(location.split('returnTo=')[1] ?? ''), 'http://x');
    expect(returnTo.pathname).toBe(`/guides/${GUIDE_ID}`);
    expect(returnTo.searchParams.get('rstep')).toBe('3');
    expect(returnTo.searchParams.get('rdates')).toBe(`${first},${second}`);
    expect(returnTo.searchParams.get('rstart')).toBe('9');
  });

  it('prefills the contact, requires a meeting point and sends once per attempt with an idempotency key', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    let body: Record<string, unknown> = {};
    let calls = 0;
    mockApi({
      create: (init) => {
        calls += 1;
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        body = JSON.parse(String(init?.body));
        // The first answer is lost (a server error); the retry must be the same attempt.
        return calls === 1
          ? jsonResponse({ error: { code: 'SERVER_ERROR', message: 'boom' } }, { status: 500 })
          : jsonResponse(makeReservation());
      },
    });
    const { router } = renderWizard();
    await chooseDatesAndHours(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Your contact information' });
    expect(screen.getByLabelText('Phone')).toHaveValue(traveller.phoneNumber);
    expect(screen.getByLabelText('E-mail')).toHaveValue(traveller.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please tell the guide where to meet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Meeting point'), 'Hotel Pera, lobby');
    await user.type(screen.getByLabelText(/Note to the guide/), 'We are two adults');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Check and send' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Hotel Pera, lobby')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/server/i);
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByTestId('reservation-sent')).toHaveTextContent('Your request is sent');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(body).toEqual({
      guideId: GUIDE_ID,
      cityId: guideDetail.city?.id,
      dates: [first, second],
      startHour: 9,
      endHour: 11,
      meetingPoint: 'Hotel Pera, lobby',
      noteToGuide: 'We are two adults',
      contactPhone: traveller.phoneNumber,
      contactEmail: traveller.email,
      currency: 'USD',
    });
    expect(screen.getByRole('link', { name: 'View my request' })).toHaveAttribute(
      'href',
      `/en/reservations/${RESERVATION_ID}`,
    );
    expect(screen.getByRole('link', { name: 'My reservations' })).toHaveAttribute('href', '/en/reservations');
    expect(new URLSearchParams(router.state.location.search).get('rid')).toBe(RESERVATION_ID);

    // "Make a new reservation" starts over at the first step.
    await user.click(screen.getByRole('button', { name: 'Make a new reservation' }));
    expect(await screen.findByRole('heading', { name: 'Select your dates' })).toBeInTheDocument();
  });

  it('sends the traveller back to the hours when someone took them first', async () => {
    const user = userEvent.setup();
    mockApi({
      create: () => jsonResponse({ error: { code: 'SLOT_TAKEN', message: 'taken' } }, { status: 409 }),
    });
    renderWizard();
    await chooseDatesAndHours(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Meeting point'), 'Galata Tower');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These hours were just taken');
    await user.click(screen.getByRole('button', { name: 'Choose other hours' }));
    expect(await screen.findByRole('heading', { name: 'Select your hours' })).toBeInTheDocument();
  });

  it('removes its params when closed', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = renderWizard();
    await screen.findByRole('heading', { name: 'Select your dates' });
    await user.click(dayButton(first));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
  });
});
