import { GUIDE_STEP_COUNT, GUIDE_STEPS } from '@marco/contract/guides';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type StepProgressProps = {
  /** 1-based step on screen. */
  current: number;
  /** Furthest completed step, 0..8. */
  stage: number;
  /** Steps up to this one can be opened. */
  reachable: number;
  onSelect: (step: number) => void;
};

/** The progress bar and the list of the 8 steps; completed and current steps can be opened. */
export function StepProgress({ current, stage, reachable, onSelect }: StepProgressProps) {
  const { t } = useTranslation('guides');
  const percent = Math.round((Math.min(stage, GUIDE_STEP_COUNT) / GUIDE_STEP_COUNT) * 100);
  return (
    <nav aria-label={t('stepper.label')} className="flex flex-col gap-4">
      <div>
        <div className="mb-1.5 flex items-center justify-between gap-3 text-sm">
          <span className="font-semibold text-neutral-900">
            {t('stepper.stepOf', { current, total: GUIDE_STEP_COUNT })}
          </span>
          <span className="text-neutral-600">{t('stepper.percentDone', { percent })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('stepper.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 overflow-hidden rounded-full bg-neutral-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <ol className="flex justify-between gap-1 overflow-x-auto pb-1 lg:flex-col lg:justify-start lg:overflow-visible">
        {GUIDE_STEPS.map((step, index) => {
          const number = index + 1;
          const isDone = number <= stage;
          const isCurrent = number === current;
          const isOpen = number <= reachable;
          return (
            <li key={step} className="shrink-0">
              <button
                type="button"
                disabled={!isOpen}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onSelect(number)}
                className={cn(
                  'relative flex w-full items-center gap-2.5 rounded-control px-1 py-1.5 text-start text-sm transition-colors lg:px-2.5 lg:py-2',
                  isCurrent ? 'bg-brand-50 font-semibold text-brand-900' : 'text-neutral-700 hover:bg-neutral-100',
                  !isOpen && 'cursor-not-allowed text-neutral-400 hover:bg-transparent',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                    isDone
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : isCurrent
                        ? 'border-brand-600 text-brand-700'
                        : 'border-neutral-300 text-neutral-500',
                  )}
                >
                  {isDone ? <Check className="size-4" /> : number}
                </span>
                <span className="max-lg:sr-only">{t(`steps.${step}.title`)}</span>
                {isDone ? <span className="sr-only">{t('stepper.done')}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
