import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { GUIDE_ID } from '../../testing/guide-fixtures';
import { ScheduleForm } from './schedule-form';

const SAVE_PATH = '/api/app/user-guide-operation-public/update-user-guide-work-schedule';

function mockSchedule() {
  return mockFetch({
    'GET /api/app/user-guide-operation-public/user-guide-work-plans': {
      guideId: GUIDE_ID,
      timezone: 'Europe/Istanbul',
      data: [],
    },
    [`PUT ${SAVE_PATH}`]: (_url: URL, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse({ guideId: GUIDE_ID, timezone: body.timezone, data: [] });
    },
  });
}

const saves = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith(SAVE_PATH));

// The time-zone list has some 400 options: rendering it in jsdom is slow on a busy machine.
describe('ScheduleForm (step 3)', { timeout: 20_000 }, () => {
  it('refuses an end hour before the start hour, at the field, without saving', async () => {
    const fetchMock = mockSchedule();
    const user = userEvent.setup();
    renderWithRouter(<ScheduleForm requirePlan submitLabel="Save and continue" />, { path: '/en/beguide' });

    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '8' } });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('The end hour must be after the start hour.')).toBeInTheDocument();
    expect(screen.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(saves(fetchMock)).toHaveLength(0);
  });

  it('saves the plans in the contract shape: weekly plans keep weekdays, others only their own fields', async () => {
    const fetchMock = mockSchedule();
    const user = userEvent.setup();
    let saved = false;
    renderWithRouter(
      <ScheduleForm
        requirePlan
        submitLabel="Save and continue"
        onSaved={() => {
          saved = true;
        }}
      />,
      { path: '/en/beguide' },
    );
    // The offered plan: weekly, Monday to Friday, 09:00–17:00; Friday off, and a daily plan added.
    await user.click(await screen.findByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Daily hours' }));
    fireEvent.change(screen.getAllByLabelText('Until')[1] as HTMLElement, { target: { value: '20' } });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(saved).toBe(true));
    const body = JSON.parse(String(saves(fetchMock)[0]?.[1]?.body));
    expect(body).toEqual({
      timezone: 'Europe/Istanbul',
      plans: [
        {
          planType: 'weekly',
          startHour: 9,
          endHour: 17,
          weekdays: [1, 2, 3, 4],
          repeatEveryWeeks: 1,
          startsOn: null,
          endsOn: null,
        },
        { planType: 'daily', startHour: 9, endHour: 20, startsOn: null, endsOn: null },
      ],
    });
  });

  it('asks for at least one plan in the become-a-guide step', async () => {
    mockSchedule();
    const user = userEvent.setup();
    renderWithRouter(<ScheduleForm requirePlan submitLabel="Save and continue" />, { path: '/en/beguide' });
    await user.click(await screen.findByRole('button', { name: 'Remove plan 1' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Add at least one plan of working hours.')).toBeInTheDocument();
  });
});
