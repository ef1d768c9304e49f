import type { GuideStage } from '@marco/contract/guides';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { currentUser, GUIDE_ID, myGuide } from '../testing/guide-fixtures';
import { BecomeGuidePage, resolveStep } from './become-guide-page';

const STEPS = [
  'basic_info',
  'languages_certificate',
  'schedule',
  'photo',
  'identity_verification',
  'bank_info',
  'intro_video',
  'completion',
] as const;

function mockApplication(stage: GuideStage, guide = myGuide({ stage: stage.stage, status: stage.status ?? 'draft' })) {
  return mockFetch({
    'GET /api/auth/session': { user: currentUser() },
    'GET /api/app/user-guide-stage-public/get-user-guide-stage': stage,
    'GET /api/app/user-guide-operation-public/get-user-guide': guide,
    'GET /api/app/file-management-public/get-user-public-photo-by-ids': { data: [] },
  });
}

const renderPage = (path: string) => renderRoutes([{ path: '/:lng/beguide', Component: BecomeGuidePage }], path);

describe('resolveStep', () => {
  it('opens the first step not done yet, or an earlier one asked for, never a later one', () => {
    expect(resolveStep(null, 0)).toEqual({ current: 1, reachable: 1 });
    expect(resolveStep(null, 3)).toEqual({ current: 4, reachable: 4 });
    expect(resolveStep('2', 3)).toEqual({ current: 2, reachable: 4 });
    expect(resolveStep('7', 3)).toEqual({ current: 4, reachable: 4 });
    expect(resolveStep('nonsense', 3)).toEqual({ current: 4, reachable: 4 });
    expect(resolveStep(null, 8)).toEqual({ current: 8, reachable: 8 });
  });
});

describe('BecomeGuidePage', () => {
  it('resumes at the step after the saved stage', async () => {
    mockApplication({ guideId: GUIDE_ID, status: 'draft', stage: 3, steps: [...STEPS] });
    renderPage('/en/beguide');

    expect(await screen.findByRole('heading', { level: 2, name: 'Photos' })).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 8')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.getByRole('button', { name: /Photos/ })).toHaveAttribute('aria-current', 'step');
    // Completed steps can be opened again; steps after the next one cannot.
    expect(screen.getByRole('button', { name: /Schedule/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Bank information|Rate and bank information/ })).toBeDisabled();
  });

  it('does not open a step beyond the saved stage from the address', async () => {
    mockApplication({ guideId: GUIDE_ID, status: 'draft', stage: 1, steps: [...STEPS] });
    renderPage('/en/beguide?step=6');
    expect(await screen.findByRole('heading', { level: 2, name: 'Languages and certificate' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 8')).toBeInTheDocument();
  });

  it('starts at step 1 for a first visit', async () => {
    mockFetch({
      'GET /api/auth/session': { user: currentUser() },
      'GET /api/app/user-guide-stage-public/get-user-guide-stage': {
        guideId: null,
        status: null,
        stage: 0,
        steps: [...STEPS],
      },
      'GET /api/app/user-guide-operation-public/get-user-guide': () =>
        new Response('null', { headers: { 'content-type': 'application/json' } }),
    });
    renderPage('/en/beguide');
    expect(await screen.findByRole('heading', { level: 2, name: 'Basic information' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
  });

  it('says what happens next once the application is submitted', async () => {
    mockApplication({ guideId: GUIDE_ID, status: 'submitted', stage: 8, steps: [...STEPS] });
    renderPage('/en/beguide');
    expect(await screen.findByRole('heading', { name: 'Your application has been sent' })).toBeInTheDocument();
    expect(screen.getByText('Our team reviews your application')).toBeInTheDocument();
    expect(screen.getByText('It usually takes one to three business days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your schedule' })).toHaveAttribute(
      'href',
      '/en/guide-settings?section=schedule',
    );
  });

  it('shows the rejection reason and lets the applicant fix and resubmit', async () => {
    const guide = myGuide({ status: 'rejected', stage: 8, rejectionReason: 'The ID photo is blurred.' });
    mockApplication({ guideId: GUIDE_ID, status: 'rejected', stage: 8, steps: [...STEPS] }, guide);
    renderPage('/en/beguide');
    expect(await screen.findByText('Your application needs changes')).toBeInTheDocument();
    expect(screen.getByText('The ID photo is blurred.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeInTheDocument();
  });
});
