import type { AppDeps } from '../../app-deps.js';
import type { ScheduledJob } from '../../platform/scheduler/index.js';
import { credentialPurgeJob } from '../auth/purge-expired-credentials.js';
import { payoutRunJob } from '../payouts/payout-runs.js';
import { exchangeRatesJob } from '../rates/apply-due-rates.js';
import { reservationSweepJob } from '../reservations/sweep.js';
import { guideResponseJob } from '../responses/guide-response.js';
import { searchAvailabilityJob } from '../search/availability-index.js';

/** Every recurring job of the application, in the console's order (BACKGROUND_JOBS). */
export const backgroundJobs = (deps: AppDeps): ScheduledJob[] => [
  reservationSweepJob(deps),
  payoutRunJob(deps),
  exchangeRatesJob(deps),
  searchAvailabilityJob(deps),
  guideResponseJob(deps),
  credentialPurgeJob(deps),
];
