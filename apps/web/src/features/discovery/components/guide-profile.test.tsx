import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GuideDetailPage } from '@/features/guides/pages/guide-detail-page';
import { currentUser } from '@/features/guides/testing/guide-fixtures';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { LocationDisplay, renderRoutes } from '@/testing/render';
import { CURRENCIES, GUIDE_ID, GUIDE_USER_ID, guideDetail } from '../testing/fixtures';

// The wizard belongs to the reservations feature; here only its mounting matters.
vi.mock('@/features/reservations/components/reservation-wizard', async () => {
  const { useSearchParams } = await import('react-router');
  return {
    ReservationWizard: ({ guideId }: { guideId: string }) => {
      const [params, setParams] = useSearchParams();
      const close = () => {
        const next = new URLSearchParams(params);
        next.delete('reserve');
        setParams(next, { replace: true });
      };
      return (
        <div data-testid="reservation-wizard">
          {guideId}
          <button type="button" onClick={close}>
            Close wizard
          </button>
        </div>
      );
    },
  };
});

const DETAIL = `/api/app/user-detail-public/get-guide-user-detail-with-id/${GUIDE_ID}`;
const HOURS = `/api/app/user-guide-operation-public/user-guide-available-hours/${GUIDE_ID}`;
const REVIEWS = `/api/app/review-public/guide/${GUIDE_ID}`;
const HOUR_MS = 3_600_000;

/** Two free hours tomorrow and one the day after (noon UTC is the same day in Paris). */
function availableHours() {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  const day = (offset: number, hour: number) => new Date(noon.getTime() + offset * 24 * HOUR_MS + hour * HOUR_MS);
  const slot = (start: Date) => ({
    start: start.toISOString(),
    end: new Date(start.getTime() + HOUR_MS).toISOString(),
  });
  return { guideId: GUIDE_ID, timezone: 'Europe/Paris', data: [slot(day(1, 0)), slot(day(1, 1)), slot(day(2, 0))] };
}

function review(index: number) {
  return {
    id: `0190a6f0-0000-7000-8000-00000000040${index}`,
    guideId: GUIDE_ID,
    rating: 5 - index,
    comment: index === 2 ? 'Una guía maravillosa' : `Review number ${index}`,
    // The third was written before languages were recorded.
    language: index === 1 ? 'en' : index === 2 ? 'es' : null,
    photos: [],
    reviewerName: `Traveller ${index}.`,
    createdAt: '2026-11-01T10:00:00.000Z',
    reply: index === 1 ? { comment: 'Merci beaucoup!', language: 'fr', createdAt: '2026-11-02T10:00:00.000Z' } : null,
  };
}

function renderProfile(routes: Record<string, unknown> = {}, path = `/en/guides/${GUIDE_ID}`) {
  const fetchMock = mockFetch({
    [`GET ${DETAIL}`]: guideDetail(),
    [`GET ${HOURS}`]: availableHours(),
    'GET /api/app/currency-public/get-currency-public': CURRENCIES,
    [`GET ${REVIEWS}`]: (url: URL) =>
      jsonResponse(
        url.searchParams.get('page') === '2'
          ? { data: [review(3)], page: 2, pageSize: 5, total: 3 }
          : { data: [review(1), review(2)], page: 1, pageSize: 2, total: 3 },
      ),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/:lng/guides/:guider',
        element: (
          <>
            <GuideDetailPage />
            <LocationDisplay />
          </>
        ),
      },
      { path: '/:lng/*', element: <LocationDisplay /> },
    ],
    path,
  );
  return fetchMock;
}

const signedIn = (id = '0190a6f0-0000-7000-8000-000000000999') => ({
  'GET /api/auth/session': { user: currentUser({ id }) },
});

describe('guide detail page', () => {
  it('shows the profile, price in the chosen currency, languages, services and free dates', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Camille Martin' })).toBeInTheDocument();
    expect(screen.getByText('Paris, France')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Certified guide')).toBeInTheDocument();
    // 45 EUR at 0.9 EUR per dollar.
    await waitFor(() => expect(screen.getByTestId('guide-price')).toHaveTextContent('$50'));
    expect(screen.getByText("The guide's rate: €45 per hour")).toBeInTheDocument();
    const languages = screen.getByRole('region', { name: 'Languages' });
    expect(within(languages).getByText('Native')).toBeInTheDocument();
    expect(within(languages).getByText('Main language')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Services' })).getByText('City tour')).toBeInTheDocument();
    expect(await screen.findByText('Free on 2 days in the next 60 days.')).toBeInTheDocument();
    expect(screen.getAllByText(/: 2 free hours$/)).toHaveLength(1);
    expect(screen.getByText('How you get in touch')).toBeInTheDocument();
  });

  it('opens the photos in a lightbox and moves between them', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Photo 1 of 3 of Camille Martin' }));
    const lightbox = screen.getByRole('dialog', { name: 'Photo 1 of 3 of Camille Martin' });
    await user.click(within(lightbox).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3 of Camille Martin' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3 of Camille Martin' })).toBeInTheDocument();
  });

  it('lists the reviews page by page, with the guide reply', async () => {
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findAllByTestId('review')).toHaveLength(2);
    expect(screen.getByText('Reply from Camille')).toBeInTheDocument();
    expect(screen.getByText('Merci beaucoup!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('marks the bio, each review and reply with the language it was written in, and lets it set its direction', async () => {
    renderProfile({ [`GET ${DETAIL}`]: guideDetail({ about: 'Née à Montmartre.', aboutLanguage: 'fr' }) });
    const bio = await screen.findByText('Née à Montmartre.');
    expect(bio).toHaveAttribute('lang', 'fr');
    expect(bio).toHaveAttribute('dir', 'auto');
    expect(await screen.findByText('Una guía maravillosa')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Merci beaucoup!')).toHaveAttribute('lang', 'fr');
    expect(screen.getByText('Merci beaucoup!')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Review number 1')).toHaveAttribute('lang', 'en');
  });

  it('says "Guide not found" with a way to other guides', async () => {
    renderProfile({
      [`GET ${DETAIL}`]: () =>
        jsonResponse({ error: { code: 'GUIDE_NOT_FOUND', message: 'Guide not found' } }, { status: 404 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore other guides' })).toHaveAttribute('href', '/en/guides');
  });

  it('sends a visitor who reserves to log in and back with the wizard asked for', async () => {
    const user = userEvent.setup();
    renderProfile({}, `/en/guides/${GUIDE_ID}?from=list`);
    const reserve = await screen.findByRole('button', { name: 'Reserve' });
    await waitFor(() => expect(reserve).toBeEnabled());
    await user.click(reserve);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/en/auth/login?returnTo=${encodeURIComponent(`/guides/${GUIDE_ID}?from=list&reserve=1`)}`,
    );
  });

  it('opens the reservation wizard for a signed-in traveller, keeping the other parameters', async () => {
    const user = userEvent.setup();
    renderProfile(signedIn(), `/en/guides/${GUIDE_ID}?from=list`);
    const reserve = await screen.findByRole('button', { name: 'Reserve' });
    await waitFor(() => expect(reserve).toBeEnabled());
    await user.click(reserve);
    expect(screen.getByTestId('location')).toHaveTextContent(`/en/guides/${GUIDE_ID}?from=list&reserve=1`);
    expect(await screen.findByTestId('reservation-wizard')).toHaveTextContent(GUIDE_ID);
  });

  it('gives focus back to Reserve when the wizard closes', async () => {
    const user = userEvent.setup();
    renderProfile(signedIn());
    const reserve = await screen.findByRole('button', { name: 'Reserve' });
    await waitFor(() => expect(reserve).toBeEnabled());
    await user.click(reserve);
    await user.click(await screen.findByRole('button', { name: 'Close wizard' }));
    expect(screen.queryByTestId('reservation-wizard')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toHaveFocus();
  });

  it('opens the conversation with the guide on Send message', async () => {
    const user = userEvent.setup();
    const fetchMock = renderProfile({
      ...signedIn(),
      'POST /api/app/chat-conversation-public/open-conversation': { id: 'conversation-1' },
    });
    const send = await screen.findByRole('button', { name: 'Send message' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/messages/conversation-1'));
    const open = fetchMock.mock.calls.find(([input]) => String(input).includes('open-conversation'));
    expect(JSON.parse(String(open?.[1]?.body))).toEqual({ recipientUserId: GUIDE_USER_ID });
  });

  it('does not offer Reserve or Send message to the guide on their own page', async () => {
    renderProfile(signedIn(GUIDE_USER_ID), `/en/guides/${GUIDE_ID}?reserve=1`);
    expect(await screen.findByText('This is your public profile, as travellers see it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('reservation-wizard')).not.toBeInTheDocument();
  });
});
