import { describe, expect, it } from 'vitest';
import { clearWizardState, readWizardState, writeWizardState } from './wizard-state';

const read = (search: string) => readWizardState(new URLSearchParams(search));

describe('the wizard state in the URL', () => {
  it('round-trips every choice and keeps the page’s own params', () => {
    const params = writeWizardState(new URLSearchParams('tab=reviews'), {
      step: 2,
      dates: ['2026-06-02', '2026-06-01'].sort(),
      startHour: 9,
      endHour: 12,
      currency: 'TRY',
      vehicleId: '0190a1b2-0000-7000-8000-000000000099',
      reservationId: null,
    });
    expect(params.get('tab')).toBe('reviews');
    expect(params.get('reserve')).toBe('1');
    expect(read(params.toString())).toEqual({
      step: 2,
      dates: ['2026-06-01', '2026-06-02'],
      startHour: 9,
      endHour: 12,
      currency: 'TRY',
      vehicleId: '0190a1b2-0000-7000-8000-000000000099',
      reservationId: null,
    });
  });

  it('drops malformed values instead of trusting them', () => {
    const state = read('reserve=1&rstep=3&rdates=2026-13-45,nope,2026-06-01&rstart=9&rend=7&rcur=EUR');
    expect(state.dates).toEqual(['2026-06-01']);
    expect(state.startHour).toBeNull();
    expect(state.endHour).toBeNull();
    expect(state.currency).toBeNull();
    // Step 3 needs hours: the wizard falls back to the step that chooses them.
    expect(state.step).toBe(2);
  });

  it('starts at the first step when no date is chosen, whatever the URL says', () => {
    expect(read('reserve=1&rstep=4&rstart=9&rend=10').step).toBe(1);
  });

  it('keeps a start hour chosen before its end', () => {
    expect(read('rstep=2&rdates=2026-06-01&rstart=10')).toMatchObject({ startHour: 10, endHour: null });
  });

  it('shows the confirmation only with the reservation it created', () => {
    expect(read('rstep=done&rid=abc').step).toBe('done');
    expect(read('rstep=done').step).toBe(1);
  });

  it('removes only its own params when closed', () => {
    const closed = clearWizardState(new URLSearchParams('q=1&reserve=1&rstep=2&rdates=2026-06-01&rstart=9&rend=10'));
    expect(closed.toString()).toBe('q=1');
  });
});
