import { Compass, Luggage } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import type { NavigationMode } from '../hooks/use-guide-mode';

const OPTIONS = [
  { mode: 'traveller', icon: Luggage, labelKey: 'mode.traveller', to: '/' },
  { mode: 'guide', icon: Compass, labelKey: 'mode.guide', to: '/guide-mode' },
] as const;

/** The switch itself (see ModeSwitch). */
export function Switcher({
  mode,
  setMode,
  className,
}: {
  mode: NavigationMode;
  setMode: (mode: NavigationMode) => void;
  className?: string;
}) {
  const { t, ready } = useTranslation('guides');
  const navigate = useNavigate();
  const localize = useLocalePath();
  if (!ready) return null;

  const choose = (next: NavigationMode, to: string) => {
    if (next === mode) return;
    setMode(next);
    void navigate(localize(to));
  };

  return (
    <fieldset className={cn('inline-flex min-w-0 rounded-full bg-neutral-100 p-1', className)}>
      <legend className="sr-only">{t('mode.label')}</legend>
      {OPTIONS.map((option) => {
        const Icon = option.icon;
        const isActive = mode === option.mode;
        return (
          <button
            key={option.mode}
            type="button"
            aria-pressed={isActive}
            onClick={() => choose(option.mode, option.to)}
            className={cn(
              'inline-flex flex-1 items-center justify-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
              isActive ? 'bg-surface text-brand-800 shadow-card' : 'text-neutral-600 hover:text-neutral-900',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(option.labelKey)}
          </button>
        );
      })}
    </fieldset>
  );
}
