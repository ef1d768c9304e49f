import type { Locale } from '@marco/contract/locales';
import type { PushKind } from '@marco/contract/notifications';
import { fill, NOTICE_CATALOG } from './catalog.js';

/*
 * The push copies of notifications, in every locale: a title and one short line, as a phone
 * shows them on the lock screen (the e-mail and SMS copies are in catalog.ts). Placeholders
 * as there: `{name}` the other party, `{when}`, `{amount}`, `{meetingPoint}`, `{text}` a
 * message's preview.
 */

interface PushCopy {
  title: string;
  body: string;
}

export const PUSH_CATALOG: Record<Locale, Record<PushKind, PushCopy>> = {
  en: {
    'reservation.requested': { title: 'New request from {name}', body: '{when} · Answer within 48 hours' },
    'reservation.approved': {
      title: '{name} approved your request',
      body: 'Pay now to confirm your tour on {when}',
    },
    'reservation.rejected': {
      title: '{name} declined your request',
      body: 'Your tour on {when} is not booked. Find another guide on Marco.',
    },
    'reservation.paid': { title: 'Reservation paid', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': {
      title: 'Reservation cancelled',
      body: 'The tour with {name} on {when} was cancelled.',
    },
    'reservation.reminder': { title: 'Reminder: tour with {name}', body: '{when} · Meeting point: {meetingPoint}' },
    'message.received': { title: 'Message from {name}', body: '{text}' },
  },
  tr: {
    'reservation.requested': {
      title: '{name} adlı kullanıcıdan yeni talep',
      body: '{when} · 48 saat içinde yanıtlayın',
    },
    'reservation.approved': {
      title: '{name} talebinizi onayladı',
      body: '{when} tarihli turunuzu kesinleştirmek için şimdi ödeme yapın',
    },
    'reservation.rejected': {
      title: '{name} talebinizi reddetti',
      body: '{when} tarihli turunuz rezerve edilmedi. Marco’da başka bir rehber bulun.',
    },
    'reservation.paid': { title: 'Rezervasyon ödendi', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': {
      title: 'Rezervasyon iptal edildi',
      body: '{name} ile {when} tarihli tur iptal edildi.',
    },
    'reservation.reminder': {
      title: 'Hatırlatma: {name} ile tur',
      body: '{when} · Buluşma noktası: {meetingPoint}',
    },
    'message.received': { title: '{name} adlı kullanıcıdan mesaj', body: '{text}' },
  },
  ar: {
    'reservation.requested': { title: 'طلب جديد من {name}', body: '{when} · يُرجى الرد خلال 48 ساعة' },
    'reservation.approved': { title: 'وافق {name} على طلبك', body: 'ادفع الآن لتأكيد جولتك في {when}' },
    'reservation.rejected': {
      title: 'رفض {name} طلبك',
      body: 'لم يتم حجز جولتك في {when}. ابحث عن مرشد آخر على Marco.',
    },
    'reservation.paid': { title: 'تم دفع الحجز', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': { title: 'تم إلغاء الحجز', body: 'أُلغيت الجولة مع {name} في {when}.' },
    'reservation.reminder': { title: 'تذكير: جولة مع {name}', body: '{when} · نقطة اللقاء: {meetingPoint}' },
    'message.received': { title: 'رسالة من {name}', body: '{text}' },
  },
  de: {
    'reservation.requested': {
      title: 'Neue Anfrage von {name}',
      body: '{when} · Bitte innerhalb von 48 Stunden antworten',
    },
    'reservation.approved': {
      title: '{name} hat Ihre Anfrage angenommen',
      body: 'Bezahlen Sie jetzt, um Ihre Tour am {when} zu bestätigen',
    },
    'reservation.rejected': {
      title: '{name} hat Ihre Anfrage abgelehnt',
      body: 'Ihre Tour am {when} ist nicht gebucht. Finden Sie einen anderen Guide auf Marco.',
    },
    'reservation.paid': { title: 'Buchung bezahlt', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': {
      title: 'Buchung storniert',
      body: 'Die Tour mit {name} am {when} wurde storniert.',
    },
    'reservation.reminder': { title: 'Erinnerung: Tour mit {name}', body: '{when} · Treffpunkt: {meetingPoint}' },
    'message.received': { title: 'Nachricht von {name}', body: '{text}' },
  },
  es: {
    'reservation.requested': {
      title: 'Nueva solicitud de {name}',
      body: '{when} · Responde en un plazo de 48 horas',
    },
    'reservation.approved': {
      title: '{name} aceptó tu solicitud',
      body: 'Paga ahora para confirmar tu tour del {when}',
    },
    'reservation.rejected': {
      title: '{name} rechazó tu solicitud',
      body: 'Tu tour del {when} no está reservado. Busca otro guía en Marco.',
    },
    'reservation.paid': { title: 'Reserva pagada', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': { title: 'Reserva cancelada', body: 'Se canceló el tour con {name} del {when}.' },
    'reservation.reminder': {
      title: 'Recordatorio: tour con {name}',
      body: '{when} · Punto de encuentro: {meetingPoint}',
    },
    'message.received': { title: 'Mensaje de {name}', body: '{text}' },
  },
  fr: {
    'reservation.requested': { title: 'Nouvelle demande de {name}', body: '{when} · Répondez sous 48 heures' },
    'reservation.approved': {
      title: '{name} a accepté votre demande',
      body: 'Payez maintenant pour confirmer votre visite du {when}',
    },
    'reservation.rejected': {
      title: '{name} a refusé votre demande',
      body: 'Votre visite du {when} n’est pas réservée. Trouvez un autre guide sur Marco.',
    },
    'reservation.paid': { title: 'Réservation payée', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': {
      title: 'Réservation annulée',
      body: 'La visite avec {name} du {when} a été annulée.',
    },
    'reservation.reminder': {
      title: 'Rappel : visite avec {name}',
      body: '{when} · Point de rendez-vous : {meetingPoint}',
    },
    'message.received': { title: 'Message de {name}', body: '{text}' },
  },
  it: {
    'reservation.requested': { title: 'Nuova richiesta da {name}', body: '{when} · Rispondi entro 48 ore' },
    'reservation.approved': {
      title: '{name} ha accettato la tua richiesta',
      body: 'Paga ora per confermare il tuo tour del {when}',
    },
    'reservation.rejected': {
      title: '{name} ha rifiutato la tua richiesta',
      body: 'Il tuo tour del {when} non è prenotato. Trova un’altra guida su Marco.',
    },
    'reservation.paid': { title: 'Prenotazione pagata', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': {
      title: 'Prenotazione annullata',
      body: 'Il tour con {name} del {when} è stato annullato.',
    },
    'reservation.reminder': {
      title: 'Promemoria: tour con {name}',
      body: '{when} · Punto d’incontro: {meetingPoint}',
    },
    'message.received': { title: 'Messaggio da {name}', body: '{text}' },
  },
  ru: {
    'reservation.requested': { title: 'Новый запрос от {name}', body: '{when} · Ответьте в течение 48 часов' },
    'reservation.approved': {
      title: '{name} подтвердил(а) ваш запрос',
      body: 'Оплатите сейчас, чтобы закрепить экскурсию {when}',
    },
    'reservation.rejected': {
      title: '{name} отклонил(а) ваш запрос',
      body: 'Экскурсия {when} не забронирована. Найдите другого гида в Marco.',
    },
    'reservation.paid': { title: 'Бронирование оплачено', body: '{name} · {when} · {amount}' },
    'reservation.cancelled': { title: 'Бронирование отменено', body: 'Экскурсия с {name} {when} отменена.' },
    'reservation.reminder': {
      title: 'Напоминание: экскурсия с {name}',
      body: '{when} · Место встречи: {meetingPoint}',
    },
    'message.received': { title: 'Сообщение от {name}', body: '{text}' },
  },
};

/** The push title and line of a notice in `locale`. */
export function renderPush(kind: PushKind, locale: Locale, values: Record<string, string>): PushCopy {
  const copy = PUSH_CATALOG[locale][kind];
  const filled = { ...values, name: values.name?.trim() ? values.name : NOTICE_CATALOG[locale].someone };
  return { title: fill(copy.title, filled), body: fill(copy.body, filled) };
}
