import { DISPUTE_PHOTO_MAX_COUNT, DISPUTE_REASONS, type DisputeReason } from '@marco/contract/disputes';
import type { Reservation } from '@marco/contract/reservations';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';
import { controlClasses, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFeedback } from '@/features/guides/hooks/use-feedback';
import { useLocale } from '@/i18n/use-locale';
import { cn } from '@/lib/cn';
import { useOpenDispute, useReservationDispute } from '../api/disputes';

/** Whether a reservation may have a case at all (it took place); the server decides the rest, the window included. */
export const mayReportProblem = (reservation: Pick<Reservation, 'status' | 'startsAt'>) =>
  (reservation.status === 'paid' || reservation.status === 'completed') &&
  new Date(reservation.startsAt).getTime() <= Date.now();

/**
 * On a reservation's page (traveller's and guide's): "Report a problem" while the server
 * allows it, or a link to the case once there is one; nothing otherwise.
 */
export function ReportProblem({ reservationId }: { reservationId: string }) {
  const { t } = useTranslation('disputes');
  const state = useReservationDispute(reservationId);
  const [open, setOpen] = useState(false);
  if (!state.data) return null;
  if (state.data.disputeId && state.data.disputeStatus === 'open') {
    return (
      <ButtonLink to={`/disputes/${state.data.disputeId}`} variant="outline">
        <Flag aria-hidden="true" />
        {t('report.seeCase')}
      </ButtonLink>
    );
  }
  return (
    <>
      {state.data.disputeId ? (
        <ButtonLink to={`/disputes/${state.data.disputeId}`} variant="ghost">
          {t('report.seeClosedCase')}
        </ButtonLink>
      ) : null}
      {state.data.canReport ? (
        <Button variant="outline" onClick={() => setOpen(true)} data-testid="report-problem">
          <Flag aria-hidden="true" />
          {t('report.open')}
        </Button>
      ) : null}
      {state.data.canReport ? (
        <ReportDialog
          reservationId={reservationId}
          reportUntil={state.data.reportUntil}
          open={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function ReportDialog({
  reservationId,
  reportUntil,
  open,
  onClose,
}: {
  reservationId: string;
  reportUntil: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('disputes');
  const locale = useLocale();
  const id = useId();
  const navigate = useNavigate();
  const openCase = useOpenDispute();
  const { describe } = useFeedback();
  const [photos, setPhotos] = useState<File[]>([]);
  const tooMany = photos.length > DISPUTE_PHOTO_MAX_COUNT;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooMany) return;
    const form = new FormData(event.currentTarget);
    openCase.mutate(
      {
        reservationId,
        reason: String(form.get('reason')) as DisputeReason,
        text: String(form.get('text') ?? ''),
        photos,
      },
      { onSuccess: (dispute) => navigate(`/${locale}/disputes/${dispute.id}`) },
    );
  };
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(reportUntil));
  return (
    <Dialog open={open} onClose={onClose} title={t('report.title')} description={t('report.description', { until })}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-reason`}>{t('report.reason')}</Label>
          <select id={`${id}-reason`} name="reason" required className={cn(controlClasses, 'h-11')} defaultValue="">
            <option value="" disabled>
              {t('report.chooseReason')}
            </option>
            {DISPUTE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`reasons.${reason}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-text`}>{t('report.text')}</Label>
          <Textarea id={`${id}-text`} name="text" required minLength={10} maxLength={2000} rows={4} />
          <p className="text-xs text-neutral-600">{t('report.textHint')}</p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-photos`}>{t('report.photos', { max: DISPUTE_PHOTO_MAX_COUNT })}</Label>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(event) => setPhotos([...(event.target.files ?? [])])}
            className="text-sm"
            aria-describedby={`${id}-photos-hint`}
          />
          <p id={`${id}-photos-hint`} className={cn('text-xs', tooMany ? 'text-red-700' : 'text-neutral-600')}>
            {tooMany ? t('report.tooManyPhotos', { max: DISPUTE_PHOTO_MAX_COUNT }) : t('report.photosHint')}
          </p>
        </div>
        {openCase.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {describe(openCase.error).title}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button type="submit" loading={openCase.isPending} disabled={tooMany}>
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
