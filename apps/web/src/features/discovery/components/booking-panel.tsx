import type { GuideDetail } from '@marco/contract/guides';
import { CalendarPlus, MessageCircle, Phone, Send, UserRound } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useCurrencies } from '@/features/settings/api/get-currencies';
import { useLocale } from '@/i18n/use-locale';
import { formatMoney, useCurrency } from '@/lib/currency';
import { convertMinor } from '../utils/money';

type BookingPanelProps = {
  guide: Pick<GuideDetail, 'hourlyRateMinor' | 'currency' | 'name'>;
  isOwnProfile: boolean;
  /** True until the session is known: a click then would wrongly send a member to log in. */
  isSessionLoading: boolean;
  onReserve: () => void;
  /** The booking wizard gives focus back to Reserve when it closes. */
  reserveRef?: Ref<HTMLButtonElement>;
  onMessage: () => void;
  isMessagePending: boolean;
};

/** Price per hour in the visitor's currency, Reserve, Send message and how contact works. */
export function BookingPanel({
  guide,
  isOwnProfile,
  isSessionLoading,
  onReserve,
  reserveRef,
  onMessage,
  isMessagePending,
}: BookingPanelProps) {
  const { t } = useTranslation('profile');
  const { t: tCard } = useTranslation('discovery');
  const locale = useLocale();
  const [currency] = useCurrency();
  const currencies = useCurrencies();
  const own =
    guide.hourlyRateMinor !== null && guide.currency
      ? { minor: guide.hourlyRateMinor, currency: guide.currency }
      : null;
  const converted = own ? convertMinor(own.minor, own.currency, currency, currencies) : null;
  // Until the rates are known, the guide's own price is the honest one to show.
  const shown = own ? (converted === null ? own : { minor: converted, currency }) : null;
  const name = guide.name ?? tCard('card.unnamed');

  return (
    <div className="flex flex-col gap-5 rounded-card border border-neutral-200 bg-surface p-5 shadow-card">
      {shown ? (
        <div>
          <p>
            <span data-testid="guide-price" className="text-2xl font-bold text-neutral-900">
              <bdi>{formatMoney(shown.minor, shown.currency, locale, { trimWholeCents: true })}</bdi>
            </span>
            <span className="text-neutral-600"> {tCard('card.perHour')}</span>
          </p>
          {own && shown.currency !== own.currency ? (
            <p className="mt-1 text-xs text-neutral-500">
              {t('detail.ownRate', { price: formatMoney(own.minor, own.currency, locale, { trimWholeCents: true }) })}
            </p>
          ) : null}
        </div>
      ) : null}

      {isOwnProfile ? (
        <div className="flex flex-col gap-3 rounded-control bg-brand-50 p-4 text-sm text-brand-900">
          <p className="flex items-start gap-2">
            <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('detail.ownProfile')}
          </p>
          <ButtonLink to="/guide-settings" variant="outline" size="sm" className="self-start">
            {t('detail.editProfile')}
          </ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-2.5">
          <Button ref={reserveRef} size="lg" onClick={onReserve} disabled={isSessionLoading} data-testid="reserve">
            <CalendarPlus aria-hidden="true" />
            {t('detail.reserve')}
          </Button>
          <Button
            variant="outline"
            size="lg"
            onClick={onMessage}
            disabled={isSessionLoading}
            loading={isMessagePending}
          >
            <Send aria-hidden="true" className="rtl:-scale-x-100" />
            {t('detail.sendMessage')}
          </Button>
          <p className="text-center text-xs text-neutral-500">{t('detail.freeCancellation')}</p>
        </div>
      )}

      <div className="border-t border-neutral-200 pt-4">
        <h2 className="text-sm font-semibold text-neutral-900">{t('contact.title')}</h2>
        <ul className="mt-3 flex flex-col gap-3 text-sm text-neutral-700">
          <li className="flex items-start gap-2.5">
            <MessageCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {t('contact.messages', { name })}
          </li>
          <li className="flex items-start gap-2.5">
            <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {t('contact.afterApproval', { name })}
          </li>
        </ul>
      </div>
    </div>
  );
}
