import type { Locale } from '@marco/contract/locales';

const texts: Record<Locale, { subject: string; intro: string; confirm: string; ignore: string; unsubscribe: string }> =
  {
    en: {
      subject: 'Confirm your Marco newsletter subscription',
      intro: 'Thanks for your interest in Marco: travel ideas and news about local guides, about twice a month.',
      confirm: 'Confirm your subscription by opening this link:',
      ignore: 'If you did not ask for this, ignore this e-mail and nothing will be sent to you.',
      unsubscribe: 'Unsubscribe at any time:',
    },
    tr: {
      subject: 'Marco bülten aboneliğinizi onaylayın',
      intro:
        'Marco’ya gösterdiğiniz ilgi için teşekkürler: ayda yaklaşık iki kez seyahat fikirleri ve yerel rehberlerden haberler.',
      confirm: 'Aboneliğinizi onaylamak için bu bağlantıyı açın:',
      ignore: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; size hiçbir şey gönderilmeyecek.',
      unsubscribe: 'İstediğiniz zaman abonelikten çıkabilirsiniz:',
    },
    ar: {
      subject: 'أكّد اشتراكك في النشرة الإخبارية لـ Marco',
      intro: 'شكرًا لاهتمامك بـ Marco: أفكار للسفر وأخبار عن المرشدين المحليين، مرتين في الشهر تقريبًا.',
      confirm: 'أكّد اشتراكك بفتح هذا الرابط:',
      ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة ولن يُرسل إليك أي شيء.',
      unsubscribe: 'يمكنك إلغاء الاشتراك في أي وقت:',
    },
    de: {
      subject: 'Bestätige dein Abonnement des Marco-Newsletters',
      intro: 'Danke für dein Interesse an Marco: Reiseideen und Neuigkeiten von lokalen Guides, etwa zweimal im Monat.',
      confirm: 'Bestätige dein Abonnement über diesen Link:',
      ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail – du erhältst dann nichts von uns.',
      unsubscribe: 'Du kannst dich jederzeit abmelden:',
    },
    es: {
      subject: 'Confirma tu suscripción al boletín de Marco',
      intro: 'Gracias por tu interés en Marco: ideas de viaje y novedades de guías locales, unas dos veces al mes.',
      confirm: 'Confirma tu suscripción abriendo este enlace:',
      ignore: 'Si no lo has solicitado, ignora este correo y no te enviaremos nada.',
      unsubscribe: 'Puedes darte de baja cuando quieras:',
    },
    fr: {
      subject: 'Confirmez votre inscription à la newsletter de Marco',
      intro:
        'Merci de votre intérêt pour Marco : des idées de voyage et des nouvelles des guides locaux, environ deux fois par mois.',
      confirm: 'Confirmez votre inscription en ouvrant ce lien :',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : vous ne recevrez rien.',
      unsubscribe: 'Vous pouvez vous désinscrire à tout moment :',
    },
    it: {
      subject: 'Conferma l’iscrizione alla newsletter di Marco',
      intro:
        'Grazie per il tuo interesse per Marco: idee di viaggio e novità dalle guide locali, circa due volte al mese.',
      confirm: 'Conferma l’iscrizione aprendo questo link:',
      ignore: 'Se non hai fatto tu questa richiesta, ignora questa e-mail e non ti invieremo nulla.',
      unsubscribe: 'Puoi annullare l’iscrizione in qualsiasi momento:',
    },
    ru: {
      subject: 'Подтвердите подписку на рассылку Marco',
      intro: 'Спасибо за интерес к Marco: идеи для путешествий и новости от местных гидов примерно два раза в месяц.',
      confirm: 'Подтвердите подписку, открыв эту ссылку:',
      ignore: 'Если вы не запрашивали подписку, просто проигнорируйте это письмо — мы ничего не будем вам присылать.',
      unsubscribe: 'Отписаться можно в любой момент:',
    },
  };

export function newsletterMail(locale: Locale, confirmLink: string, unsubscribeLink: string) {
  const t = texts[locale];
  return {
    subject: t.subject,
    text: [t.intro, '', t.confirm, confirmLink, '', t.ignore, '', t.unsubscribe, unsubscribeLink].join('\n'),
  };
}
