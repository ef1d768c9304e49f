import type { Locale } from '@marco/contract/locales';

interface CalendarTexts {
  /** The traveller's event: `{name}` is the guide. */
  tourWith: string;
  /** The guide's event: `{name}` is the traveller. */
  reservationOf: string;
  meetingPoint: string;
  noteToGuide: string;
  contact: string;
  awaitingPayment: string;
  details: string;
  /** The name of a guide's subscribed calendar. */
  feedName: string;
}

/** What calendar files say, in the reader's language (the names and meeting point stay as written). */
export const CALENDAR_TEXTS: Record<Locale, CalendarTexts> = {
  en: {
    tourWith: 'Tour with {name}',
    reservationOf: 'Reservation: {name}',
    meetingPoint: 'Meeting point',
    noteToGuide: 'Note to guide',
    contact: 'Contact',
    awaitingPayment: 'Awaiting payment',
    details: 'Details',
    feedName: 'Marco reservations',
  },
  tr: {
    tourWith: '{name} ile tur',
    reservationOf: 'Rezervasyon: {name}',
    meetingPoint: 'Buluşma noktası',
    noteToGuide: 'Rehbere not',
    contact: 'İletişim',
    awaitingPayment: 'Ödeme bekleniyor',
    details: 'Ayrıntılar',
    feedName: 'Marco rezervasyonları',
  },
  ar: {
    tourWith: 'جولة مع {name}',
    reservationOf: 'حجز: {name}',
    meetingPoint: 'نقطة الالتقاء',
    noteToGuide: 'ملاحظة للمرشد',
    contact: 'التواصل',
    awaitingPayment: 'بانتظار الدفع',
    details: 'التفاصيل',
    feedName: 'حجوزات Marco',
  },
  de: {
    tourWith: 'Tour mit {name}',
    reservationOf: 'Reservierung: {name}',
    meetingPoint: 'Treffpunkt',
    noteToGuide: 'Notiz an den Guide',
    contact: 'Kontakt',
    awaitingPayment: 'Zahlung ausstehend',
    details: 'Details',
    feedName: 'Marco-Reservierungen',
  },
  es: {
    tourWith: 'Tour con {name}',
    reservationOf: 'Reserva: {name}',
    meetingPoint: 'Punto de encuentro',
    noteToGuide: 'Nota para el guía',
    contact: 'Contacto',
    awaitingPayment: 'Pendiente de pago',
    details: 'Detalles',
    feedName: 'Reservas de Marco',
  },
  fr: {
    tourWith: 'Visite avec {name}',
    reservationOf: 'Réservation : {name}',
    meetingPoint: 'Point de rendez-vous',
    noteToGuide: 'Note pour le guide',
    contact: 'Contact',
    awaitingPayment: 'En attente de paiement',
    details: 'Détails',
    feedName: 'Réservations Marco',
  },
  it: {
    tourWith: 'Tour con {name}',
    reservationOf: 'Prenotazione: {name}',
    meetingPoint: "Punto d'incontro",
    noteToGuide: 'Nota per la guida',
    contact: 'Contatto',
    awaitingPayment: 'In attesa di pagamento',
    details: 'Dettagli',
    feedName: 'Prenotazioni Marco',
  },
  ru: {
    tourWith: 'Экскурсия с {name}',
    reservationOf: 'Бронирование: {name}',
    meetingPoint: 'Место встречи',
    noteToGuide: 'Заметка для гида',
    contact: 'Контакты',
    awaitingPayment: 'Ожидает оплаты',
    details: 'Подробности',
    feedName: 'Бронирования Marco',
  },
};
