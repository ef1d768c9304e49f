import type { GuideStatus } from '@marco/contract/guides';
import { CalendarDays, CircleCheck, Clock, FileSearch, MailCheck, PauseCircle, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { LocalizedLink } from '@/i18n/localized-link';

function Item({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div>
        <p className="font-semibold text-neutral-900">{title}</p>
        <p className="mt-1 text-sm leading-relaxed text-neutral-600">{children}</p>
      </div>
    </li>
  );
}

/** After submitting: what happens next, how long it takes, and what to do meanwhile. */
export function ApplicationSubmitted() {
  const { t } = useTranslation('guides');
  return (
    <div className="flex flex-col gap-8">
      <div className="flex items-start gap-4 rounded-card border border-success-200 bg-success-50 p-5 text-success-800">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success-600" />
        <div>
          <h2 className="text-xl font-bold">{t('submitted.title')}</h2>
          <p className="mt-1 text-sm leading-relaxed">{t('submitted.text')}</p>
        </div>
      </div>
      <section aria-labelledby="next-title">
        <h3 id="next-title" className="text-lg font-bold text-neutral-900">
          {t('submitted.nextTitle')}
        </h3>
        <ol className="mt-4 flex flex-col gap-5">
          <Item icon={<FileSearch aria-hidden="true" className="size-5" />} title={t('submitted.reviewTitle')}>
            {t('submitted.reviewText')}
          </Item>
          <Item icon={<Clock aria-hidden="true" className="size-5" />} title={t('submitted.timeTitle')}>
            {t('submitted.timeText')}
          </Item>
          <Item icon={<MailCheck aria-hidden="true" className="size-5" />} title={t('submitted.decisionTitle')}>
            {t('submitted.decisionText')}
          </Item>
        </ol>
      </section>
      <section aria-labelledby="meanwhile-title" className="rounded-card border border-neutral-200 bg-surface p-5">
        <h3 id="meanwhile-title" className="text-lg font-bold text-neutral-900">
          {t('submitted.meanwhileTitle')}
        </h3>
        <ul className="mt-4 flex flex-col gap-3 text-sm text-neutral-700">
          <li className="flex items-start gap-3">
            <Video aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {t('submitted.meanwhileMedia')}{' '}
              <LocalizedLink
                to="/guide-settings?section=media"
                className="font-semibold text-brand-700 hover:underline"
              >
                {t('submitted.openSettings')}
              </LocalizedLink>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {t('submitted.meanwhileSchedule')}{' '}
              <LocalizedLink
                to="/guide-settings?section=schedule"
                className="font-semibold text-brand-700 hover:underline"
              >
                {t('submitted.openSchedule')}
              </LocalizedLink>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <FileSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              {t('submitted.meanwhileAgreement')}{' '}
              <LocalizedLink to="/agreements#guide-agreement" className="font-semibold text-brand-700 hover:underline">
                {t('completion.agreementLink')}
              </LocalizedLink>
            </span>
          </li>
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/guide-mode">{t('submitted.toDashboard')}</ButtonLink>
        <ButtonLink to="/" variant="outline">
          {t('submitted.toHome')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Approved or suspended guides land here from the "Become a guide" link. */
export function AlreadyGuide({ status }: { status: GuideStatus }) {
  const { t } = useTranslation('guides');
  const isSuspended = status === 'suspended';
  return (
    <div className="flex flex-col items-start gap-5 rounded-card border border-neutral-200 bg-surface p-6 shadow-card">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {isSuspended ? (
          <PauseCircle aria-hidden="true" className="size-6" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-6" />
        )}
      </span>
      <div>
        <h2 className="text-xl font-bold text-neutral-900">
          {isSuspended ? t('alreadyGuide.suspendedTitle') : t('alreadyGuide.title')}
        </h2>
        <p className="mt-2 text-neutral-600">
          {isSuspended ? t('alreadyGuide.suspendedText') : t('alreadyGuide.text')}
        </p>
      </div>
      <ButtonLink to="/guide-mode">{t('submitted.toDashboard')}</ButtonLink>
    </div>
  );
}
