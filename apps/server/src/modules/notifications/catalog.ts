import type { Locale } from '@marco/contract/locales';

/*
 * The e-mail and SMS copies of notifications, in every locale (the web's catalogs live in
 * the browser; these are sent by the server). `{name}` is the other party, `{when}` the
 * start in the reservation's zone, `{amount}` money, `{link}` the page to open.
 */

export const NOTICE_KINDS = [
  'reservation.requested',
  'reservation.approved',
  'reservation.rejected',
  'reservation.paid',
  'reservation.cancelled',
  'reservation.refunded',
  'reservation.expired',
  'reservation.reminder',
  'reservation.please_rate',
  'message.received',
  'dispute.opened',
  'dispute.resolved',
  'account.warned',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

interface Copy {
  subject: string;
  body: string;
  sms: string;
}

type Catalog = Record<Locale, { someone: string; footer: string } & Record<NoticeKind, Copy>>;

export const NOTICE_CATALOG: Catalog = {
  en: {
    someone: 'A Marco user',
    footer: 'You receive this e-mail because you have an account on Marco.',
    'reservation.requested': {
      subject: 'New reservation request from {name}',
      body: '{name} would like to book you for {when}. Please approve or decline the request within 48 hours: {link}',
      sms: 'Marco: new reservation request from {name} for {when}. Answer it at {link}',
    },
    'reservation.approved': {
      subject: '{name} approved your reservation',
      body: '{name} approved your reservation for {when}. Pay now to confirm it: {link}',
      sms: 'Marco: {name} approved your reservation for {when}. Pay at {link}',
    },
    'reservation.rejected': {
      subject: '{name} declined your reservation request',
      body: '{name} cannot take your reservation for {when}. You can choose another guide on Marco: {link}',
      sms: 'Marco: {name} declined your reservation for {when}. Details: {link}',
    },
    'reservation.paid': {
      subject: 'Reservation paid: {when}',
      body: 'The reservation with {name} for {when} is paid ({amount}). Details: {link}',
      sms: 'Marco: the reservation with {name} for {when} is paid ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Reservation cancelled: {when}',
      body: 'The reservation with {name} for {when} has been cancelled. Details: {link}',
      sms: 'Marco: the reservation with {name} for {when} was cancelled. {link}',
    },
    'reservation.refunded': {
      subject: 'Refund of {amount}',
      body: 'We have refunded {amount} for the reservation with {name} for {when}. It may take a few business days to appear on your card. Details: {link}',
      sms: 'Marco: {amount} refunded for the reservation with {name} for {when}. {link}',
    },
    'reservation.expired': {
      subject: 'Reservation expired: {when}',
      body: 'The reservation with {name} for {when} has expired because it was not answered or paid in time. Details: {link}',
      sms: 'Marco: the reservation with {name} for {when} expired. {link}',
    },
    'reservation.reminder': {
      subject: 'Reminder: your tour on {when}',
      body: 'Your tour with {name} starts on {when}. Meeting point: {meetingPoint}. Details: {link}',
      sms: 'Marco reminder: tour with {name} on {when} at {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'How was your tour with {name}?',
      body: 'Your tour with {name} on {when} is complete. Please take a minute to rate it: {link}',
      sms: 'Marco: how was your tour with {name}? Rate it at {link}',
    },
    'message.received': {
      subject: 'New message from {name} on Marco',
      body: '{name} wrote to you on Marco:\n\n{text}\n\nRead and reply: {link}\n\nYou can turn these e-mails off in Settings → Notifications.',
      sms: 'Marco: new message from {name}. Read it at {link}',
    },
    'dispute.opened': {
      subject: 'A problem was reported on your reservation with {name}',
      body: '{name} reported a problem with your reservation. Our support team will look into it; you can read the case and answer on it here: {link}',
      sms: 'Marco: {name} reported a problem with your reservation. See the case: {link}',
    },
    'dispute.resolved': {
      subject: 'Your case about the reservation with {name} is resolved',
      body: 'Our support team has resolved the case about your reservation with {name}.\n\nOutcome: {outcome}\n\nDetails: {link}',
      sms: 'Marco: the case about your reservation with {name} is resolved. {link}',
    },
    'account.warned': {
      subject: 'A warning about your activity on Marco',
      body: 'Our team reviewed a report about something you posted on Marco and found that it breaks our community rules.{note} Please read the rules: {link}. If it happens again, your account may be suspended.',
      sms: 'Marco: you have received a warning for breaking the community rules. Repeated breaches can suspend your account. {link}',
    },
  },
  tr: {
    someone: 'Bir Marco kullanıcısı',
    footer: "Bu e-postayı Marco'da bir hesabınız olduğu için alıyorsunuz.",
    'reservation.requested': {
      subject: '{name} adlı kullanıcıdan yeni rezervasyon talebi',
      body: '{name}, {when} için sizi rezerve etmek istiyor. Lütfen talebi 48 saat içinde onaylayın veya reddedin: {link}',
      sms: 'Marco: {name} adlı kullanıcıdan {when} için yeni rezervasyon talebi. Yanıtlayın: {link}',
    },
    'reservation.approved': {
      subject: '{name} rezervasyonunuzu onayladı',
      body: '{name}, {when} tarihli rezervasyonunuzu onayladı. Kesinleştirmek için şimdi ödeme yapın: {link}',
      sms: 'Marco: {name}, {when} tarihli rezervasyonunuzu onayladı. Ödeme: {link}',
    },
    'reservation.rejected': {
      subject: '{name} rezervasyon talebinizi reddetti',
      body: '{name}, {when} tarihli rezervasyonunuzu kabul edemiyor. Marco’da başka bir rehber seçebilirsiniz: {link}',
      sms: 'Marco: {name}, {when} tarihli rezervasyonunuzu reddetti. Ayrıntılar: {link}',
    },
    'reservation.paid': {
      subject: 'Rezervasyon ödendi: {when}',
      body: '{name} ile {when} tarihli rezervasyonun ödemesi alındı ({amount}). Ayrıntılar: {link}',
      sms: 'Marco: {name} ile {when} tarihli rezervasyon ödendi ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Rezervasyon iptal edildi: {when}',
      body: '{name} ile {when} tarihli rezervasyon iptal edildi. Ayrıntılar: {link}',
      sms: 'Marco: {name} ile {when} tarihli rezervasyon iptal edildi. {link}',
    },
    'reservation.refunded': {
      subject: '{amount} iade edildi',
      body: '{name} ile {when} tarihli rezervasyon için {amount} iade ettik. Kartınıza yansıması birkaç iş günü sürebilir. Ayrıntılar: {link}',
      sms: 'Marco: {name} ile {when} tarihli rezervasyon için {amount} iade edildi. {link}',
    },
    'reservation.expired': {
      subject: 'Rezervasyonun süresi doldu: {when}',
      body: '{name} ile {when} tarihli rezervasyon zamanında yanıtlanmadığı veya ödenmediği için sona erdi. Ayrıntılar: {link}',
      sms: 'Marco: {name} ile {when} tarihli rezervasyonun süresi doldu. {link}',
    },
    'reservation.reminder': {
      subject: 'Hatırlatma: {when} tarihli turunuz',
      body: '{name} ile turunuz {when} tarihinde başlıyor. Buluşma noktası: {meetingPoint}. Ayrıntılar: {link}',
      sms: 'Marco hatırlatma: {name} ile tur {when}, buluşma: {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: '{name} ile turunuz nasıldı?',
      body: '{name} ile {when} tarihli turunuz tamamlandı. Lütfen bir dakikanızı ayırıp değerlendirin: {link}',
      sms: 'Marco: {name} ile turunuz nasıldı? Değerlendirin: {link}',
    },
    'message.received': {
      subject: 'Marco’da {name} adlı kullanıcıdan yeni mesaj',
      body: '{name} size Marco’da yazdı:\n\n{text}\n\nOkuyun ve yanıtlayın: {link}\n\nBu e-postaları Ayarlar → Bildirimler bölümünden kapatabilirsiniz.',
      sms: 'Marco: {name} adlı kullanıcıdan yeni mesaj. Okuyun: {link}',
    },
    'dispute.opened': {
      subject: '{name} ile rezervasyonunuz hakkında bir sorun bildirildi',
      body: '{name}, rezervasyonunuzla ilgili bir sorun bildirdi. Destek ekibimiz inceleyecek; dosyayı buradan okuyup yanıtlayabilirsiniz: {link}',
      sms: 'Marco: {name} rezervasyonunuzla ilgili bir sorun bildirdi. Dosya: {link}',
    },
    'dispute.resolved': {
      subject: '{name} ile rezervasyonunuzla ilgili dosya sonuçlandı',
      body: 'Destek ekibimiz {name} ile rezervasyonunuzla ilgili dosyayı sonuçlandırdı.\n\nSonuç: {outcome}\n\nAyrıntılar: {link}',
      sms: 'Marco: {name} ile rezervasyonunuzla ilgili dosya sonuçlandı. {link}',
    },
    'account.warned': {
      subject: "Marco'daki etkinliğinizle ilgili bir uyarı",
      body: "Ekibimiz, Marco'da paylaştığınız bir içerikle ilgili bir bildirimi inceledi ve topluluk kurallarımıza aykırı olduğunu belirledi.{note} Lütfen kuralları okuyun: {link}. Tekrarlanması hâlinde hesabınız askıya alınabilir.",
      sms: 'Marco: topluluk kurallarını ihlal ettiğiniz için bir uyarı aldınız. Tekrarlanan ihlaller hesabınızın askıya alınmasına yol açabilir. {link}',
    },
  },
  ar: {
    someone: 'مستخدم من Marco',
    footer: 'تتلقى هذه الرسالة لأن لديك حسابًا على Marco.',
    'reservation.requested': {
      subject: 'طلب حجز جديد من {name}',
      body: 'يرغب {name} في حجزك في {when}. يُرجى قبول الطلب أو رفضه خلال 48 ساعة: {link}',
      sms: 'Marco: طلب حجز جديد من {name} في {when}. للرد: {link}',
    },
    'reservation.approved': {
      subject: 'وافق {name} على حجزك',
      body: 'وافق {name} على حجزك في {when}. ادفع الآن لتأكيده: {link}',
      sms: 'Marco: وافق {name} على حجزك في {when}. للدفع: {link}',
    },
    'reservation.rejected': {
      subject: 'رفض {name} طلب الحجز',
      body: 'لا يستطيع {name} قبول حجزك في {when}. يمكنك اختيار مرشد آخر على Marco: {link}',
      sms: 'Marco: رفض {name} حجزك في {when}. التفاصيل: {link}',
    },
    'reservation.paid': {
      subject: 'تم دفع الحجز: {when}',
      body: 'تم دفع الحجز مع {name} في {when} ({amount}). التفاصيل: {link}',
      sms: 'Marco: تم دفع الحجز مع {name} في {when} ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'تم إلغاء الحجز: {when}',
      body: 'تم إلغاء الحجز مع {name} في {when}. التفاصيل: {link}',
      sms: 'Marco: تم إلغاء الحجز مع {name} في {when}. {link}',
    },
    'reservation.refunded': {
      subject: 'استرداد {amount}',
      body: 'أعدنا {amount} عن الحجز مع {name} في {when}. قد يستغرق ظهور المبلغ على بطاقتك بضعة أيام عمل. التفاصيل: {link}',
      sms: 'Marco: تم استرداد {amount} عن الحجز مع {name} في {when}. {link}',
    },
    'reservation.expired': {
      subject: 'انتهت صلاحية الحجز: {when}',
      body: 'انتهت صلاحية الحجز مع {name} في {when} لأنه لم يتم الرد عليه أو دفعه في الوقت المحدد. التفاصيل: {link}',
      sms: 'Marco: انتهت صلاحية الحجز مع {name} في {when}. {link}',
    },
    'reservation.reminder': {
      subject: 'تذكير: جولتك في {when}',
      body: 'تبدأ جولتك مع {name} في {when}. نقطة اللقاء: {meetingPoint}. التفاصيل: {link}',
      sms: 'تذكير من Marco: جولة مع {name} في {when}، اللقاء عند {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'كيف كانت جولتك مع {name}؟',
      body: 'اكتملت جولتك مع {name} في {when}. يُرجى تخصيص دقيقة لتقييمها: {link}',
      sms: 'Marco: كيف كانت جولتك مع {name}؟ قيّمها هنا: {link}',
    },
    'message.received': {
      subject: 'رسالة جديدة من {name} على Marco',
      body: 'كتب إليك {name} على Marco:\n\n{text}\n\nاقرأ الرسالة ورُدّ عليها: {link}\n\nيمكنك إيقاف هذه الرسائل من الإعدادات ← الإشعارات.',
      sms: 'Marco: رسالة جديدة من {name}. اقرأها هنا: {link}',
    },
    'dispute.opened': {
      subject: 'تم الإبلاغ عن مشكلة في حجزك مع {name}',
      body: 'أبلغ {name} عن مشكلة في حجزك. سيتولى فريق الدعم مراجعتها، ويمكنك قراءة القضية والرد عليها هنا: {link}',
      sms: 'Marco: أبلغ {name} عن مشكلة في حجزك. القضية: {link}',
    },
    'dispute.resolved': {
      subject: 'تم حل القضية المتعلقة بحجزك مع {name}',
      body: 'حلّ فريق الدعم القضية المتعلقة بحجزك مع {name}.\n\nالنتيجة: {outcome}\n\nالتفاصيل: {link}',
      sms: 'Marco: تم حل القضية المتعلقة بحجزك مع {name}. {link}',
    },
    'account.warned': {
      subject: 'تحذير بشأن نشاطك على Marco',
      body: 'راجع فريقنا بلاغًا عن محتوى نشرته على Marco ووجد أنه يخالف قواعد مجتمعنا.{note} يُرجى قراءة القواعد: {link}. إذا تكرر ذلك، فقد يُعلَّق حسابك.',
      sms: 'Marco: تلقيت تحذيرًا لمخالفة قواعد المجتمع. قد يؤدي تكرار المخالفة إلى تعليق حسابك. {link}',
    },
  },
  de: {
    someone: 'Ein Marco-Nutzer',
    footer: 'Sie erhalten diese E-Mail, weil Sie ein Konto bei Marco haben.',
    'reservation.requested': {
      subject: 'Neue Buchungsanfrage von {name}',
      body: '{name} möchte Sie für {when} buchen. Bitte nehmen Sie die Anfrage innerhalb von 48 Stunden an oder lehnen Sie sie ab: {link}',
      sms: 'Marco: neue Buchungsanfrage von {name} für {when}. Antworten: {link}',
    },
    'reservation.approved': {
      subject: '{name} hat Ihre Buchung angenommen',
      body: '{name} hat Ihre Buchung für {when} angenommen. Bezahlen Sie jetzt, um sie zu bestätigen: {link}',
      sms: 'Marco: {name} hat Ihre Buchung für {when} angenommen. Bezahlen: {link}',
    },
    'reservation.rejected': {
      subject: '{name} hat Ihre Buchungsanfrage abgelehnt',
      body: '{name} kann Ihre Buchung für {when} nicht annehmen. Sie können auf Marco einen anderen Guide wählen: {link}',
      sms: 'Marco: {name} hat Ihre Buchung für {when} abgelehnt. Details: {link}',
    },
    'reservation.paid': {
      subject: 'Buchung bezahlt: {when}',
      body: 'Die Buchung mit {name} für {when} ist bezahlt ({amount}). Details: {link}',
      sms: 'Marco: Die Buchung mit {name} für {when} ist bezahlt ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Buchung storniert: {when}',
      body: 'Die Buchung mit {name} für {when} wurde storniert. Details: {link}',
      sms: 'Marco: Die Buchung mit {name} für {when} wurde storniert. {link}',
    },
    'reservation.refunded': {
      subject: 'Erstattung von {amount}',
      body: 'Wir haben {amount} für die Buchung mit {name} für {when} erstattet. Es kann einige Werktage dauern, bis der Betrag auf Ihrer Karte erscheint. Details: {link}',
      sms: 'Marco: {amount} für die Buchung mit {name} für {when} erstattet. {link}',
    },
    'reservation.expired': {
      subject: 'Buchung abgelaufen: {when}',
      body: 'Die Buchung mit {name} für {when} ist abgelaufen, weil sie nicht rechtzeitig beantwortet oder bezahlt wurde. Details: {link}',
      sms: 'Marco: Die Buchung mit {name} für {when} ist abgelaufen. {link}',
    },
    'reservation.reminder': {
      subject: 'Erinnerung: Ihre Tour am {when}',
      body: 'Ihre Tour mit {name} beginnt am {when}. Treffpunkt: {meetingPoint}. Details: {link}',
      sms: 'Marco-Erinnerung: Tour mit {name} am {when}, Treffpunkt {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'Wie war Ihre Tour mit {name}?',
      body: 'Ihre Tour mit {name} am {when} ist abgeschlossen. Bitte nehmen Sie sich eine Minute Zeit für eine Bewertung: {link}',
      sms: 'Marco: Wie war Ihre Tour mit {name}? Jetzt bewerten: {link}',
    },
    'message.received': {
      subject: 'Neue Nachricht von {name} auf Marco',
      body: '{name} hat Ihnen auf Marco geschrieben:\n\n{text}\n\nLesen und antworten: {link}\n\nSie können diese E-Mails unter Einstellungen → Benachrichtigungen abschalten.',
      sms: 'Marco: neue Nachricht von {name}. Lesen: {link}',
    },
    'dispute.opened': {
      subject: 'Problem mit Ihrer Buchung bei {name} gemeldet',
      body: '{name} hat ein Problem mit Ihrer Buchung gemeldet. Unser Support-Team kümmert sich darum; den Fall lesen und beantworten Sie hier: {link}',
      sms: 'Marco: {name} hat ein Problem mit Ihrer Buchung gemeldet. Zum Fall: {link}',
    },
    'dispute.resolved': {
      subject: 'Ihr Fall zur Buchung mit {name} ist entschieden',
      body: 'Unser Support-Team hat den Fall zu Ihrer Buchung mit {name} entschieden.\n\nErgebnis: {outcome}\n\nDetails: {link}',
      sms: 'Marco: Der Fall zu Ihrer Buchung mit {name} ist entschieden. {link}',
    },
    'account.warned': {
      subject: 'Eine Verwarnung zu Ihrer Aktivität auf Marco',
      body: 'Unser Team hat eine Meldung zu einem Ihrer Beiträge auf Marco geprüft und festgestellt, dass er gegen unsere Community-Regeln verstößt.{note} Bitte lesen Sie die Regeln: {link}. Bei einem erneuten Verstoß kann Ihr Konto gesperrt werden.',
      sms: 'Marco: Sie haben eine Verwarnung wegen eines Verstoßes gegen die Community-Regeln erhalten. Wiederholte Verstöße können zur Sperrung Ihres Kontos führen. {link}',
    },
  },
  es: {
    someone: 'Un usuario de Marco',
    footer: 'Recibes este correo porque tienes una cuenta en Marco.',
    'reservation.requested': {
      subject: 'Nueva solicitud de reserva de {name}',
      body: '{name} quiere reservarte para el {when}. Acepta o rechaza la solicitud en un plazo de 48 horas: {link}',
      sms: 'Marco: nueva solicitud de reserva de {name} para el {when}. Responde en {link}',
    },
    'reservation.approved': {
      subject: '{name} ha aceptado tu reserva',
      body: '{name} ha aceptado tu reserva para el {when}. Paga ahora para confirmarla: {link}',
      sms: 'Marco: {name} ha aceptado tu reserva para el {when}. Paga en {link}',
    },
    'reservation.rejected': {
      subject: '{name} ha rechazado tu solicitud de reserva',
      body: '{name} no puede aceptar tu reserva para el {when}. Puedes elegir otro guía en Marco: {link}',
      sms: 'Marco: {name} ha rechazado tu reserva para el {when}. Detalles: {link}',
    },
    'reservation.paid': {
      subject: 'Reserva pagada: {when}',
      body: 'La reserva con {name} para el {when} está pagada ({amount}). Detalles: {link}',
      sms: 'Marco: la reserva con {name} para el {when} está pagada ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Reserva cancelada: {when}',
      body: 'La reserva con {name} para el {when} ha sido cancelada. Detalles: {link}',
      sms: 'Marco: la reserva con {name} para el {when} ha sido cancelada. {link}',
    },
    'reservation.refunded': {
      subject: 'Reembolso de {amount}',
      body: 'Hemos reembolsado {amount} por la reserva con {name} para el {when}. Puede tardar unos días hábiles en aparecer en tu tarjeta. Detalles: {link}',
      sms: 'Marco: reembolso de {amount} por la reserva con {name} para el {when}. {link}',
    },
    'reservation.expired': {
      subject: 'Reserva caducada: {when}',
      body: 'La reserva con {name} para el {when} ha caducado porque no se respondió o no se pagó a tiempo. Detalles: {link}',
      sms: 'Marco: la reserva con {name} para el {when} ha caducado. {link}',
    },
    'reservation.reminder': {
      subject: 'Recordatorio: tu tour del {when}',
      body: 'Tu tour con {name} empieza el {when}. Punto de encuentro: {meetingPoint}. Detalles: {link}',
      sms: 'Recordatorio de Marco: tour con {name} el {when} en {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: '¿Qué tal tu tour con {name}?',
      body: 'Tu tour con {name} del {when} ha terminado. Dedica un minuto a valorarlo: {link}',
      sms: 'Marco: ¿qué tal tu tour con {name}? Valóralo en {link}',
    },
    'message.received': {
      subject: 'Nuevo mensaje de {name} en Marco',
      body: '{name} te ha escrito en Marco:\n\n{text}\n\nLee y responde: {link}\n\nPuedes desactivar estos correos en Ajustes → Notificaciones.',
      sms: 'Marco: nuevo mensaje de {name}. Léelo en {link}',
    },
    'dispute.opened': {
      subject: 'Se ha informado de un problema con tu reserva con {name}',
      body: '{name} ha informado de un problema con tu reserva. Nuestro equipo de soporte lo revisará; puedes leer el caso y responder aquí: {link}',
      sms: 'Marco: {name} ha informado de un problema con tu reserva. Caso: {link}',
    },
    'dispute.resolved': {
      subject: 'Se ha resuelto el caso de tu reserva con {name}',
      body: 'Nuestro equipo de soporte ha resuelto el caso de tu reserva con {name}.\n\nResultado: {outcome}\n\nDetalles: {link}',
      sms: 'Marco: se ha resuelto el caso de tu reserva con {name}. {link}',
    },
    'account.warned': {
      subject: 'Una advertencia sobre tu actividad en Marco',
      body: 'Nuestro equipo ha revisado una denuncia sobre algo que publicaste en Marco y ha comprobado que incumple nuestras normas de la comunidad.{note} Lee las normas aquí: {link}. Si vuelve a ocurrir, tu cuenta podría ser suspendida.',
      sms: 'Marco: has recibido una advertencia por incumplir las normas de la comunidad. Los incumplimientos repetidos pueden suspender tu cuenta. {link}',
    },
  },
  fr: {
    someone: 'Un utilisateur de Marco',
    footer: 'Vous recevez cet e-mail parce que vous avez un compte sur Marco.',
    'reservation.requested': {
      subject: 'Nouvelle demande de réservation de {name}',
      body: '{name} souhaite vous réserver pour le {when}. Acceptez ou refusez la demande sous 48 heures : {link}',
      sms: 'Marco : nouvelle demande de réservation de {name} pour le {when}. Répondez sur {link}',
    },
    'reservation.approved': {
      subject: '{name} a accepté votre réservation',
      body: '{name} a accepté votre réservation pour le {when}. Payez maintenant pour la confirmer : {link}',
      sms: 'Marco : {name} a accepté votre réservation pour le {when}. Payer : {link}',
    },
    'reservation.rejected': {
      subject: '{name} a refusé votre demande de réservation',
      body: '{name} ne peut pas accepter votre réservation pour le {when}. Vous pouvez choisir un autre guide sur Marco : {link}',
      sms: 'Marco : {name} a refusé votre réservation pour le {when}. Détails : {link}',
    },
    'reservation.paid': {
      subject: 'Réservation payée : {when}',
      body: 'La réservation avec {name} pour le {when} est payée ({amount}). Détails : {link}',
      sms: 'Marco : la réservation avec {name} pour le {when} est payée ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Réservation annulée : {when}',
      body: 'La réservation avec {name} pour le {when} a été annulée. Détails : {link}',
      sms: 'Marco : la réservation avec {name} pour le {when} a été annulée. {link}',
    },
    'reservation.refunded': {
      subject: 'Remboursement de {amount}',
      body: 'Nous avons remboursé {amount} pour la réservation avec {name} pour le {when}. Le montant peut mettre quelques jours ouvrés à apparaître sur votre carte. Détails : {link}',
      sms: 'Marco : {amount} remboursés pour la réservation avec {name} pour le {when}. {link}',
    },
    'reservation.expired': {
      subject: 'Réservation expirée : {when}',
      body: 'La réservation avec {name} pour le {when} a expiré, faute de réponse ou de paiement à temps. Détails : {link}',
      sms: 'Marco : la réservation avec {name} pour le {when} a expiré. {link}',
    },
    'reservation.reminder': {
      subject: 'Rappel : votre visite du {when}',
      body: 'Votre visite avec {name} commence le {when}. Point de rendez-vous : {meetingPoint}. Détails : {link}',
      sms: 'Rappel Marco : visite avec {name} le {when}, rendez-vous {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'Comment s’est passée votre visite avec {name} ?',
      body: 'Votre visite avec {name} du {when} est terminée. Prenez une minute pour l’évaluer : {link}',
      sms: 'Marco : comment s’est passée votre visite avec {name} ? Évaluez-la sur {link}',
    },
    'message.received': {
      subject: 'Nouveau message de {name} sur Marco',
      body: '{name} vous a écrit sur Marco :\n\n{text}\n\nLire et répondre : {link}\n\nVous pouvez désactiver ces e-mails dans Paramètres → Notifications.',
      sms: 'Marco : nouveau message de {name}. Lisez-le sur {link}',
    },
    'dispute.opened': {
      subject: 'Un problème a été signalé sur votre réservation avec {name}',
      body: '{name} a signalé un problème concernant votre réservation. Notre équipe d’assistance va l’examiner ; vous pouvez lire le dossier et y répondre ici : {link}',
      sms: 'Marco : {name} a signalé un problème sur votre réservation. Dossier : {link}',
    },
    'dispute.resolved': {
      subject: 'Le dossier de votre réservation avec {name} est clos',
      body: 'Notre équipe d’assistance a tranché le dossier de votre réservation avec {name}.\n\nDécision : {outcome}\n\nDétails : {link}',
      sms: 'Marco : le dossier de votre réservation avec {name} est clos. {link}',
    },
    'account.warned': {
      subject: 'Un avertissement concernant votre activité sur Marco',
      body: 'Notre équipe a examiné un signalement concernant un contenu que vous avez publié sur Marco et a constaté qu’il enfreint nos règles de la communauté.{note} Merci de lire les règles : {link}. En cas de récidive, votre compte pourra être suspendu.',
      sms: 'Marco : vous avez reçu un avertissement pour non-respect des règles de la communauté. Des manquements répétés peuvent entraîner la suspension de votre compte. {link}',
    },
  },
  it: {
    someone: 'Un utente di Marco',
    footer: 'Ricevi questa e-mail perché hai un account su Marco.',
    'reservation.requested': {
      subject: 'Nuova richiesta di prenotazione da {name}',
      body: '{name} vorrebbe prenotarti per il {when}. Accetta o rifiuta la richiesta entro 48 ore: {link}',
      sms: 'Marco: nuova richiesta di prenotazione da {name} per il {when}. Rispondi su {link}',
    },
    'reservation.approved': {
      subject: '{name} ha accettato la tua prenotazione',
      body: '{name} ha accettato la tua prenotazione per il {when}. Paga ora per confermarla: {link}',
      sms: 'Marco: {name} ha accettato la tua prenotazione per il {when}. Paga su {link}',
    },
    'reservation.rejected': {
      subject: '{name} ha rifiutato la tua richiesta di prenotazione',
      body: '{name} non può accettare la tua prenotazione per il {when}. Puoi scegliere un’altra guida su Marco: {link}',
      sms: 'Marco: {name} ha rifiutato la tua prenotazione per il {when}. Dettagli: {link}',
    },
    'reservation.paid': {
      subject: 'Prenotazione pagata: {when}',
      body: 'La prenotazione con {name} per il {when} è stata pagata ({amount}). Dettagli: {link}',
      sms: 'Marco: la prenotazione con {name} per il {when} è pagata ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Prenotazione annullata: {when}',
      body: 'La prenotazione con {name} per il {when} è stata annullata. Dettagli: {link}',
      sms: 'Marco: la prenotazione con {name} per il {when} è stata annullata. {link}',
    },
    'reservation.refunded': {
      subject: 'Rimborso di {amount}',
      body: 'Abbiamo rimborsato {amount} per la prenotazione con {name} per il {when}. Potrebbero servire alcuni giorni lavorativi prima che compaia sulla tua carta. Dettagli: {link}',
      sms: 'Marco: rimborsati {amount} per la prenotazione con {name} per il {when}. {link}',
    },
    'reservation.expired': {
      subject: 'Prenotazione scaduta: {when}',
      body: 'La prenotazione con {name} per il {when} è scaduta perché non ha ricevuto risposta o non è stata pagata in tempo. Dettagli: {link}',
      sms: 'Marco: la prenotazione con {name} per il {when} è scaduta. {link}',
    },
    'reservation.reminder': {
      subject: 'Promemoria: il tuo tour del {when}',
      body: 'Il tuo tour con {name} inizia il {when}. Punto d’incontro: {meetingPoint}. Dettagli: {link}',
      sms: 'Promemoria Marco: tour con {name} il {when}, incontro a {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'Com’è andato il tuo tour con {name}?',
      body: 'Il tuo tour con {name} del {when} è concluso. Dedica un minuto a valutarlo: {link}',
      sms: 'Marco: com’è andato il tour con {name}? Valutalo su {link}',
    },
    'message.received': {
      subject: 'Nuovo messaggio da {name} su Marco',
      body: '{name} ti ha scritto su Marco:\n\n{text}\n\nLeggi e rispondi: {link}\n\nPuoi disattivare queste e-mail in Impostazioni → Notifiche.',
      sms: 'Marco: nuovo messaggio da {name}. Leggilo su {link}',
    },
    'dispute.opened': {
      subject: 'È stato segnalato un problema sulla tua prenotazione con {name}',
      body: '{name} ha segnalato un problema con la tua prenotazione. Il nostro team di assistenza lo esaminerà; puoi leggere il caso e rispondere qui: {link}',
      sms: 'Marco: {name} ha segnalato un problema con la tua prenotazione. Caso: {link}',
    },
    'dispute.resolved': {
      subject: 'Il caso della tua prenotazione con {name} è stato risolto',
      body: 'Il nostro team di assistenza ha risolto il caso della tua prenotazione con {name}.\n\nEsito: {outcome}\n\nDettagli: {link}',
      sms: 'Marco: il caso della tua prenotazione con {name} è stato risolto. {link}',
    },
    'account.warned': {
      subject: 'Un avvertimento sulla tua attività su Marco',
      body: 'Il nostro team ha esaminato una segnalazione su un contenuto che hai pubblicato su Marco e ha verificato che viola le nostre regole della community.{note} Leggi le regole: {link}. Se dovesse ripetersi, il tuo account potrebbe essere sospeso.',
      sms: 'Marco: hai ricevuto un avvertimento per aver violato le regole della community. Violazioni ripetute possono portare alla sospensione dell’account. {link}',
    },
  },
  ru: {
    someone: 'Пользователь Marco',
    footer: 'Вы получили это письмо, потому что у вас есть аккаунт в Marco.',
    'reservation.requested': {
      subject: 'Новый запрос на бронирование от {name}',
      body: '{name} хочет забронировать вас на {when}. Пожалуйста, примите или отклоните запрос в течение 48 часов: {link}',
      sms: 'Marco: новый запрос на бронирование от {name} на {when}. Ответить: {link}',
    },
    'reservation.approved': {
      subject: '{name} подтвердил(а) ваше бронирование',
      body: '{name} подтвердил(а) ваше бронирование на {when}. Оплатите сейчас, чтобы закрепить его: {link}',
      sms: 'Marco: {name} подтвердил(а) бронирование на {when}. Оплата: {link}',
    },
    'reservation.rejected': {
      subject: '{name} отклонил(а) ваш запрос на бронирование',
      body: '{name} не может принять ваше бронирование на {when}. Вы можете выбрать другого гида в Marco: {link}',
      sms: 'Marco: {name} отклонил(а) бронирование на {when}. Подробности: {link}',
    },
    'reservation.paid': {
      subject: 'Бронирование оплачено: {when}',
      body: 'Бронирование с {name} на {when} оплачено ({amount}). Подробности: {link}',
      sms: 'Marco: бронирование с {name} на {when} оплачено ({amount}). {link}',
    },
    'reservation.cancelled': {
      subject: 'Бронирование отменено: {when}',
      body: 'Бронирование с {name} на {when} отменено. Подробности: {link}',
      sms: 'Marco: бронирование с {name} на {when} отменено. {link}',
    },
    'reservation.refunded': {
      subject: 'Возврат {amount}',
      body: 'Мы вернули {amount} за бронирование с {name} на {when}. Деньги могут появиться на карте через несколько рабочих дней. Подробности: {link}',
      sms: 'Marco: возвращено {amount} за бронирование с {name} на {when}. {link}',
    },
    'reservation.expired': {
      subject: 'Срок бронирования истёк: {when}',
      body: 'Срок бронирования с {name} на {when} истёк: на него не ответили или не оплатили вовремя. Подробности: {link}',
      sms: 'Marco: срок бронирования с {name} на {when} истёк. {link}',
    },
    'reservation.reminder': {
      subject: 'Напоминание: ваша экскурсия {when}',
      body: 'Ваша экскурсия с {name} начинается {when}. Место встречи: {meetingPoint}. Подробности: {link}',
      sms: 'Напоминание Marco: экскурсия с {name} {when}, встреча: {meetingPoint}. {link}',
    },
    'reservation.please_rate': {
      subject: 'Как прошла экскурсия с {name}?',
      body: 'Ваша экскурсия с {name} {when} завершена. Пожалуйста, уделите минуту и оцените её: {link}',
      sms: 'Marco: как прошла экскурсия с {name}? Оцените: {link}',
    },
    'message.received': {
      subject: 'Новое сообщение от {name} в Marco',
      body: '{name} написал(а) вам в Marco:\n\n{text}\n\nПрочитать и ответить: {link}\n\nЭти письма можно отключить в разделе Настройки → Уведомления.',
      sms: 'Marco: новое сообщение от {name}. Прочитать: {link}',
    },
    'dispute.opened': {
      subject: 'Сообщено о проблеме с бронированием с {name}',
      body: '{name} сообщил(а) о проблеме с вашим бронированием. Служба поддержки разберётся; прочитать обращение и ответить можно здесь: {link}',
      sms: 'Marco: {name} сообщил(а) о проблеме с бронированием. Обращение: {link}',
    },
    'dispute.resolved': {
      subject: 'Обращение по бронированию с {name} рассмотрено',
      body: 'Служба поддержки рассмотрела обращение по вашему бронированию с {name}.\n\nРешение: {outcome}\n\nПодробности: {link}',
      sms: 'Marco: обращение по бронированию с {name} рассмотрено. {link}',
    },
    'account.warned': {
      subject: 'Предупреждение о вашей активности на Marco',
      body: 'Наша команда рассмотрела жалобу на опубликованный вами на Marco материал и установила, что он нарушает правила сообщества.{note} Пожалуйста, ознакомьтесь с правилами: {link}. При повторном нарушении ваш аккаунт может быть заблокирован.',
      sms: 'Marco: вы получили предупреждение за нарушение правил сообщества. Повторные нарушения могут привести к блокировке аккаунта. {link}',
    },
  },
};

/** Fills `{name}`-style placeholders; an unknown placeholder stays as written. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The e-mail (with the footer) and SMS of a notice in `locale`. */
export function renderNotice(kind: NoticeKind, locale: Locale, values: Record<string, string>) {
  const entry = NOTICE_CATALOG[locale];
  const copy = entry[kind];
  const filled = { ...values, name: values.name?.trim() ? values.name : entry.someone };
  return {
    email: { subject: fill(copy.subject, filled), text: `${fill(copy.body, filled)}\n\n—\n${entry.footer}` },
    sms: { text: fill(copy.sms, filled) },
  };
}
