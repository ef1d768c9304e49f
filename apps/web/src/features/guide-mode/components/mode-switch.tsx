import { lazy, Suspense } from 'react';
import { useGuideMode } from '../hooks/use-guide-mode';

// Only approved guides see the switch, so only they load it.
const Switcher = lazy(() => import('./mode-switcher').then((m) => ({ default: m.Switcher })));

/**
 * The traveller/guide switch of the header (spec §6), for approved guides only. Choosing
 * a mode opens its home: the guide dashboard or the home page.
 */
export function ModeSwitch({ className }: { className?: string }) {
  const { mode, isGuide, setMode } = useGuideMode();
  // Only guides load the catalog of this switch.
  return isGuide ? (
    <Suspense fallback={null}>
      <Switcher mode={mode} setMode={setMode} className={className} />
    </Suspense>
  ) : null;
}
