import type { Locale } from '@marco/contract/locales';

interface MailTexts {
  subject: string;
  greeting: (name: string | null) => string;
  intro: string;
  link: string;
  expiry: string;
  ignore: string;
}

/** The confirmation e-mail in each locale (server-side catalogue: e-mails leave the web app). */
const texts: Record<Locale, MailTexts> = {
  en: {
    subject: 'Confirm your e-mail address for Marco',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'You added this e-mail address to your Marco account.',
    link: 'Confirm it by opening this link:',
    expiry: 'The link works once and expires in 24 hours.',
    ignore: 'If you did not add this address to a Marco account, ignore this e-mail; nothing will change.',
  },
  tr: {
    subject: 'Marco için e-posta adresinizi onaylayın',
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    intro: 'Bu e-posta adresini Marco hesabınıza eklediniz.',
    link: 'Onaylamak için bu bağlantıyı açın:',
    expiry: 'Bağlantı yalnızca bir kez kullanılabilir ve 24 saat içinde geçerliliğini yitirir.',
    ignore: 'Bu adresi bir Marco hesabına siz eklemediyseniz bu e-postayı dikkate almayın; hiçbir şey değişmeyecek.',
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني في Marco',
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    intro: 'لقد أضفت عنوان البريد الإلكتروني هذا إلى حسابك في Marco.',
    link: 'أكّده بفتح هذا الرابط:',
    expiry: 'يعمل الرابط مرة واحدة فقط وتنتهي صلاحيته خلال 24 ساعة.',
    ignore: 'إذا لم تُضف هذا العنوان إلى حساب في Marco، فتجاهل هذه الرسالة ولن يتغيّر شيء.',
  },
  de: {
    subject: 'Bestätige deine E-Mail-Adresse für Marco',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: 'Du hast diese E-Mail-Adresse zu deinem Marco-Konto hinzugefügt.',
    link: 'Bestätige sie über diesen Link:',
    expiry: 'Der Link funktioniert einmal und läuft nach 24 Stunden ab.',
    ignore:
      'Wenn du diese Adresse nicht zu einem Marco-Konto hinzugefügt hast, ignoriere diese E-Mail – es ändert sich nichts.',
  },
  es: {
    subject: 'Confirma tu dirección de correo electrónico en Marco',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: 'Has añadido esta dirección de correo electrónico a tu cuenta de Marco.',
    link: 'Confírmala abriendo este enlace:',
    expiry: 'El enlace solo funciona una vez y caduca en 24 horas.',
    ignore: 'Si no has añadido esta dirección a una cuenta de Marco, ignora este correo; no cambiará nada.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Marco',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: 'Vous avez ajouté cette adresse e-mail à votre compte Marco.',
    link: 'Confirmez-la en ouvrant ce lien :',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans 24 heures.',
    ignore: 'Si vous n’avez pas ajouté cette adresse à un compte Marco, ignorez cet e-mail ; rien ne changera.',
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per Marco',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: 'Hai aggiunto questo indirizzo e-mail al tuo account Marco.',
    link: 'Confermalo aprendo questo link:',
    expiry: 'Il link funziona una sola volta e scade tra 24 ore.',
    ignore: 'Se non hai aggiunto questo indirizzo a un account Marco, ignora questa e-mail: non cambierà nulla.',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты для Marco',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    intro: 'Вы добавили этот адрес электронной почты в свой аккаунт Marco.',
    link: 'Подтвердите его, открыв эту ссылку:',
    expiry: 'Ссылка срабатывает один раз и действует 24 часа.',
    ignore: 'Если вы не добавляли этот адрес в аккаунт Marco, просто проигнорируйте это письмо — ничего не изменится.',
  },
};

export function emailConfirmationMail(locale: Locale, input: { name: string | null; link: string }) {
  const mail = texts[locale];
  return {
    subject: mail.subject,
    text: [mail.greeting(input.name), '', mail.intro, mail.link, '', input.link, '', mail.expiry, mail.ignore].join(
      '\n',
    ),
  };
}
