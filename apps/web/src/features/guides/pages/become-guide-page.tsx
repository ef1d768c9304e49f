import { GUIDE_STEP_COUNT, GUIDE_STEPS, type MyGuide } from '@marco/contract/guides';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { useUser } from '@/features/auth/hooks/use-user';
import { useGuideStage } from '../api/get-guide-stage';
import { useMyGuide } from '../api/get-my-guide';
import { guideKeys } from '../api/keys';
import { useUpdateGuideStage } from '../api/update-guide-stage';
import { AlreadyGuide, ApplicationSubmitted } from '../components/become-guide/application-status';
import { StepProgress } from '../components/become-guide/step-progress';
import { STEP_COMPONENTS } from '../components/become-guide/steps';
import { ErrorBlock, LoadingBlock } from '../components/states';

/** The step to show: the one asked for in `?step=` when it is open, else the first not done yet. */
export function resolveStep(requested: string | null, stage: number): { current: number; reachable: number } {
  const reachable = Math.min(stage + 1, GUIDE_STEP_COUNT);
  const asked = Number(requested);
  const current = Number.isInteger(asked) && asked >= 1 && asked <= reachable ? asked : reachable;
  return { current, reachable };
}

/** /beguide: the 8 steps of spec §2, each saved before the next; resumes at the saved stage. */
export function BecomeGuidePage() {
  const { t } = useTranslation('guides');
  const stage = useGuideStage();
  const guide = useMyGuide();
  const { user } = useUser();

  let body: ReactNode;
  if (stage.isPending || guide.isPending || !user) body = <LoadingBlock rows={6} />;
  else if (stage.isError) body = <ErrorBlock error={stage.error} onRetry={() => void stage.refetch()} />;
  else if (guide.isError) body = <ErrorBlock error={guide.error} onRetry={() => void guide.refetch()} />;
  else {
    const status = stage.data.status;
    if (status === 'submitted') body = <ApplicationSubmitted />;
    else if (status === 'approved' || status === 'suspended') body = <AlreadyGuide status={status} />;
    else
      body = (
        <Wizard
          stage={stage.data.stage}
          userId={user.id}
          guide={guide.data}
          rejectionReason={status === 'rejected' ? (guide.data?.rejectionReason ?? '') : null}
        />
      );
  }

  return (
    <PageShell>
      <PageIntro title={t('page.title')} intro={t('page.intro')} />
      <div className="mt-10">{body}</div>
    </PageShell>
  );
}

function Wizard({
  stage,
  userId,
  guide,
  rejectionReason,
}: {
  stage: number;
  userId: string;
  guide: MyGuide | null;
  rejectionReason: string | null;
}) {
  const { t } = useTranslation('guides');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const updateStage = useUpdateGuideStage();
  const { current, reachable } = resolveStep(params.get('step'), stage);
  const step = GUIDE_STEPS[current - 1] ?? 'basic_info';
  const StepComponent = STEP_COMPONENTS[step];

  const open = useCallback(
    (next: number) => {
      setParams(
        (previous) => {
          const copy = new URLSearchParams(previous);
          copy.set('step', String(next));
          return copy;
        },
        { preventScrollReset: false },
      );
      window.scrollTo({ top: 0 });
      // The new step's heading takes the focus, so screen readers hear where they are.
      window.requestAnimationFrame(() => document.getElementById(`step-${GUIDE_STEPS[next - 1]}-title`)?.focus());
    },
    [setParams],
  );

  const complete = async () => {
    await updateStage.mutateAsync({ id: guide?.guideId ?? userId, stage: current });
    await queryClient.invalidateQueries({ queryKey: guideKeys.myGuideAll });
    if (current < GUIDE_STEP_COUNT) open(current + 1);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <StepProgress current={current} stage={stage} reachable={reachable} onSelect={open} />
      </aside>
      <div className="flex min-w-0 flex-col gap-6">
        {rejectionReason !== null ? (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-card border border-error-200 bg-error-50 p-4 text-error-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
            <div>
              <p className="font-semibold">{t('rejected.title')}</p>
              {rejectionReason ? (
                <p className="mt-1 text-sm">
                  {t('rejected.reason')} <q dir="auto">{rejectionReason}</q>
                </p>
              ) : null}
              <p className="mt-1 text-sm">{t('rejected.text')}</p>
            </div>
          </div>
        ) : null}
        <div className="rounded-panel border border-neutral-200 bg-surface p-5 shadow-card sm:p-8">
          <StepComponent
            key={step}
            guide={guide}
            userId={userId}
            onCompleted={complete}
            onBack={current > 1 ? () => open(current - 1) : undefined}
            onOpenStep={open}
          />
        </div>
      </div>
    </div>
  );
}
