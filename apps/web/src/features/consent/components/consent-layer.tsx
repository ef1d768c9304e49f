import { lazy, Suspense, useState } from 'react';
import { useConsentSettingsOpen } from '@/lib/consent';
import { ConsentBanner } from './consent-banner';

const ConsentSettingsDialog = lazy(() =>
  import('./consent-settings-dialog').then((m) => ({ default: m.ConsentSettingsDialog })),
);

/**
 * The banner and the settings of every page (spec §2). The settings dialog is mounted at its
 * first opening and kept, so closing it restores focus to the opener.
 */
export function ConsentLayer() {
  const isSettingsOpen = useConsentSettingsOpen();
  const [hasOpened, setHasOpened] = useState(isSettingsOpen);
  if (isSettingsOpen && !hasOpened) setHasOpened(true);
  return (
    <>
      <ConsentBanner />
      {hasOpened ? (
        <Suspense fallback={null}>
          <ConsentSettingsDialog />
        </Suspense>
      ) : null}
    </>
  );
}
