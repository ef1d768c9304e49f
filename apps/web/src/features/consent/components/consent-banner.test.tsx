import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, openConsentSettings, resetConsentState } from '@/lib/consent';
import { readCookie } from '@/lib/cookies';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithRouter } from '@/testing/render';
import { ConsentBanner } from './consent-banner';
import { ConsentSettingsDialog } from './consent-settings-dialog';

function clearConsent() {
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the cookie under test.
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  resetConsentState();
}

/** Renders for a visitor; the banner shows once the session is known to be nobody's. */
async function renderConsent() {
  mockFetch({ 'GET /api/auth/session': { user: null } });
  renderWithRouter(
    <>
      <ConsentBanner />
      <ConsentSettingsDialog />
    </>,
  );
  await screen.findByRole('region', { name: 'Your choice of cookies' });
}

const storedChoices = () => JSON.parse(readCookie(CONSENT_COOKIE) ?? 'null')?.choices;
const banner = () => screen.queryByRole('region', { name: 'Your choice of cookies' });

beforeEach(clearConsent);
afterEach(clearConsent);

describe('cookie consent', () => {
  it('asks on the first visit and starts with every choice off', async () => {
    const user = userEvent.setup();
    await renderConsent();
    expect(banner()).toBeInTheDocument();
    expect(readCookie(CONSENT_COOKIE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie and message settings' });
    for (const name of ['Personalisation', 'Marketing', 'Profiling']) {
      expect(within(dialog).getByRole('switch', { name })).not.toBeChecked();
    }
  });

  it('stores "accept all" and stops asking', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(storedChoices()).toEqual({ personalisation: true, marketing: true, profiling: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('stores "reject all" as every choice off', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(storedChoices()).toEqual({ personalisation: false, marketing: false, profiling: false });
    expect(banner()).not.toBeInTheDocument();
  });

  it('stores a customised choice, e.g. only marketing', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(screen.getByRole('button', { name: 'Customise' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie and message settings' });
    await user.click(within(dialog).getByRole('switch', { name: 'Marketing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(storedChoices()).toEqual({ personalisation: false, marketing: true, profiling: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Your choices are saved')).toBeInTheDocument();
  });

  it('lets a choice be withdrawn from the settings as easily as it was given', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    openConsentSettings();
    const dialog = await screen.findByRole('dialog', { name: 'Cookie and message settings' });
    expect(within(dialog).getByRole('switch', { name: 'Profiling' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Reject all' }));
    expect(storedChoices()).toEqual({ personalisation: false, marketing: false, profiling: false });
  });
});
