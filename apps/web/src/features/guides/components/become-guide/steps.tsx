import { GUIDE_STEPS, type GuideStep, type MyGuide } from '@marco/contract/guides';
import { ArrowLeft, CircleCheck, CircleDashed } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LocalizedLink } from '@/i18n/localized-link';
import { isApiError } from '@/lib/api-client';
import { useGuidePhotos } from '../../api/get-guide-photos';
import { useGuideServiceTypes } from '../../api/get-guide-service-types';
import { missingStepsOf, useUpdateGuideStatus } from '../../api/update-guide-status';
import { useFeedback } from '../../hooks/use-feedback';
import { DocumentsManager } from '../documents-manager';
import { BankForm } from '../forms/bank-form';
import { BasicInfoForm } from '../forms/basic-info-form';
import { IdVerificationForm } from '../forms/id-verification-form';
import { LanguagesForm } from '../forms/languages-form';
import { ScheduleForm } from '../forms/schedule-form';
import { PhotoManager } from '../photo-manager';
import { QueryState } from '../states';
import { VideoManager } from '../video-manager';

export type StepProps = {
  guide: MyGuide | null;
  userId: string;
  /** Records the step as done on the server and moves to the next one. */
  onCompleted: () => Promise<void>;
  onBack?: () => void;
  /** Step to go to when the submission names missing steps. */
  onOpenStep: (step: number) => void;
};

function BackButton({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation('guides');
  if (!onBack) return null;
  return (
    <Button variant="ghost" onClick={onBack} className="me-auto">
      <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
      {t('stepper.back')}
    </Button>
  );
}

/** A step's heading, description and body. */
export function StepFrame({ step, children }: { step: GuideStep; children: ReactNode }) {
  const { t } = useTranslation('guides');
  return (
    <section aria-labelledby={`step-${step}-title`} className="flex flex-col gap-6">
      <header>
        <h2 id={`step-${step}-title`} tabIndex={-1} className="text-2xl font-bold text-neutral-900 focus:outline-none">
          {t(`steps.${step}.title`)}
        </h2>
        <p className="mt-2 text-neutral-600">{t(`steps.${step}.description`)}</p>
      </header>
      {children}
    </section>
  );
}

function BasicInfoStep({ guide, userId, onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  const serviceTypes = useGuideServiceTypes(guide?.guideId);
  const form = (data: Parameters<typeof BasicInfoForm>[0]['serviceTypes']) => (
    <BasicInfoForm
      sections={['location', 'about', 'services']}
      guide={guide}
      userId={userId}
      serviceTypes={data}
      submitLabel={t('stepper.saveAndContinue')}
      onSaved={onCompleted}
      actions={<BackButton onBack={onBack} />}
    />
  );
  return (
    <StepFrame step="basic_info">
      {guide ? <QueryState query={serviceTypes}>{(data) => form(data)}</QueryState> : form(null)}
    </StepFrame>
  );
}

function LanguagesStep({ onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  return (
    <StepFrame step="languages_certificate">
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold text-neutral-900">
          {t('certificate.title')} <span className="font-normal text-neutral-500">({t('form.optional')})</span>
        </h3>
        <p className="text-sm text-neutral-600">{t('certificate.hint')}</p>
        <DocumentsManager kind="certificate" label={t('certificate.title')} />
      </section>
      <LanguagesForm
        submitLabel={t('stepper.saveAndContinue')}
        onSaved={onCompleted}
        actions={<BackButton onBack={onBack} />}
      />
    </StepFrame>
  );
}

function ScheduleStep({ onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  return (
    <StepFrame step="schedule">
      <ScheduleForm
        requirePlan
        submitLabel={t('stepper.saveAndContinue')}
        onSaved={onCompleted}
        actions={<BackButton onBack={onBack} />}
      />
    </StepFrame>
  );
}

/** Steps whose content saves as it goes (uploads): "continue" only records the step. */
function ContinueBar({
  onBack,
  onContinue,
  label,
  blockedMessage,
}: {
  onBack?: () => void;
  onContinue: () => Promise<void>;
  label: string;
  blockedMessage?: string | null;
}) {
  const [isSaving, setSaving] = useState(false);
  const [showBlocked, setShowBlocked] = useState(false);
  const feedback = useFeedback();
  return (
    <div className="flex flex-col gap-3 border-t border-neutral-100 pt-5">
      {showBlocked && blockedMessage ? (
        <p role="alert" className="text-sm text-error-700">
          {blockedMessage}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <BackButton onBack={onBack} />
        <Button
          loading={isSaving}
          onClick={async () => {
            if (blockedMessage) {
              setShowBlocked(true);
              return;
            }
            setSaving(true);
            try {
              await onContinue();
            } catch (error) {
              feedback.failed(error);
            } finally {
              setSaving(false);
            }
          }}
        >
          {label}
        </Button>
      </div>
    </div>
  );
}

function PhotoStep({ onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  const photos = useGuidePhotos();
  const count = photos.data?.length ?? 0;
  return (
    <StepFrame step="photo">
      <PhotoManager />
      <ContinueBar
        onBack={onBack}
        onContinue={onCompleted}
        label={t('stepper.continue')}
        blockedMessage={count === 0 ? t('validation.photoRequired') : null}
      />
    </StepFrame>
  );
}

function IdentityStep({ onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  return (
    <StepFrame step="identity_verification">
      <IdVerificationForm
        requireDocument
        submitLabel={t('stepper.saveAndContinue')}
        onSaved={onCompleted}
        actions={<BackButton onBack={onBack} />}
      />
    </StepFrame>
  );
}

function BankStep({ guide, onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  return (
    <StepFrame step="bank_info">
      <BankForm
        guide={guide}
        submitLabel={t('stepper.saveAndContinue')}
        onSaved={onCompleted}
        actions={<BackButton onBack={onBack} />}
      />
    </StepFrame>
  );
}

function VideoStep({ guide, userId, onCompleted, onBack }: StepProps) {
  const { t } = useTranslation('guides');
  return (
    <StepFrame step="intro_video">
      <VideoManager guideId={guide?.guideId ?? userId} />
      <ContinueBar onBack={onBack} onContinue={onCompleted} label={t('stepper.continue')} />
    </StepFrame>
  );
}

/** Which steps the submission needs, from the server's own list. */
function CompletionStep({ guide, onBack, onOpenStep }: StepProps) {
  const { t } = useTranslation('guides');
  const feedback = useFeedback();
  const submit = useUpdateGuideStatus();
  const [refused, setRefused] = useState<string[] | null>(null);
  const missing = refused ?? guide?.missing ?? [];
  const required = GUIDE_STEPS.filter((step) => step !== 'completion');

  return (
    <StepFrame step="completion">
      <ul className="flex flex-col divide-y divide-neutral-100 rounded-card border border-neutral-200 bg-surface">
        {required.map((step) => {
          const isMissing = missing.includes(step);
          const number = GUIDE_STEPS.indexOf(step) + 1;
          return (
            <li key={step} className="flex items-center gap-3 px-4 py-3">
              {isMissing ? (
                <CircleDashed aria-hidden="true" className="size-5 shrink-0 text-warning-600" />
              ) : (
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success-600" />
              )}
              <span className="flex-1 text-sm font-medium text-neutral-800">{t(`steps.${step}.title`)}</span>
              {isMissing ? (
                <Button variant="link" size="sm" onClick={() => onOpenStep(number)}>
                  {t('completion.complete')}
                </Button>
              ) : (
                <span className="text-sm text-success-700">{t('completion.ready')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-neutral-600">
        {t('completion.agreement')}{' '}
        <LocalizedLink to="/agreements#guide-agreement" className="font-semibold text-brand-700 hover:underline">
          {t('completion.agreementLink')}
        </LocalizedLink>
      </p>
      {missing.length > 0 ? (
        <p role="alert" className="text-sm text-warning-800">
          {t('completion.missing', { count: missing.length })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-neutral-100 pt-5">
        <BackButton onBack={onBack} />
        <Button
          size="lg"
          loading={submit.isPending}
          onClick={() =>
            submit.mutate('submitted', {
              onError: (error) => {
                if (isApiError(error) && error.code === 'INVALID_STATE') {
                  const steps = missingStepsOf(error.details);
                  if (steps.length > 0) {
                    setRefused(steps);
                    return;
                  }
                }
                feedback.failed(error);
              },
            })
          }
        >
          {t('completion.submit')}
        </Button>
      </div>
    </StepFrame>
  );
}

export const STEP_COMPONENTS: Record<GuideStep, (props: StepProps) => ReactNode> = {
  basic_info: BasicInfoStep,
  languages_certificate: LanguagesStep,
  schedule: ScheduleStep,
  photo: PhotoStep,
  identity_verification: IdentityStep,
  bank_info: BankStep,
  intro_video: VideoStep,
  completion: CompletionStep,
};
