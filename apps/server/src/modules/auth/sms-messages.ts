import type { Locale } from '@marco/contract/locales';

/** The text message carrying a code, in the visitor's language. */
const TEMPLATES: Record<Locale, (code: string) => string> = {
  en: (code) => `Your Marco code is ${code}. It expires in 10 minutes. Do not share it.`,
  tr: (code) => `Marco doğrulama kodunuz: ${code}. Kod 10 dakika geçerlidir. Kimseyle paylaşmayın.`,
  ar: (code) => `رمز التحقق الخاص بك في Marco هو ${code}. تنتهي صلاحيته خلال 10 دقائق. لا تشاركه مع أحد.`,
  de: (code) => `Ihr Marco-Code lautet ${code}. Er ist 10 Minuten gültig. Geben Sie ihn nicht weiter.`,
  es: (code) => `Tu código de Marco es ${code}. Caduca en 10 minutos. No lo compartas.`,
  fr: (code) => `Votre code Marco est ${code}. Il expire dans 10 minutes. Ne le partagez pas.`,
  it: (code) => `Il tuo codice Marco è ${code}. Scade tra 10 minuti. Non condividerlo.`,
  ru: (code) => `Ваш код Marco: ${code}. Он действует 10 минут. Никому его не сообщайте.`,
};

export const verificationSms = (locale: Locale, code: string) => TEMPLATES[locale](code);
