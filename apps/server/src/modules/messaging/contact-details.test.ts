import { describe, expect, it } from 'vitest';
import { CONTACT_MASK, maskContactDetails } from './contact-details.js';

const masked = (text: string) => maskContactDetails(text).text;

describe('maskContactDetails', () => {
  it.each([
    ['Call me on +90 555 123 45 67 tomorrow', 'Call me on ••• tomorrow'],
    ['my number: 0555-123-4567', 'my number: •••'],
    ['(212) 555.0147 after six', '••• after six'],
    ['06.12.34.56.78', '•••'],
    ['5 5 5 1 2 3 4 5 6 7', '•••'],
    ['+4915112345678', '•••'],
    ['mixed +90 555 one two three 4567', 'mixed •••'],
  ])('masks a phone number written with digits: %s', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    ['en', 'five five five one two three four five six seven', '•••'],
    ['tr', 'numaram sıfır beş üç iki bir iki üç dört beş altı', 'numaram •••'],
    ['tr without letters of its own', 'SIFIR BES UC IKI bir iki uc dort', '•••'],
    ['tr in capitals', 'NUMARAM SIFIR BEŞ ÜÇ İKİ BİR İKİ ÜÇ DÖRT', 'NUMARAM •••'],
    ['ar', 'رقمي خمسة خمسة خمسة واحد اثنان ثلاثة أربعة', 'رقمي •••'],
    ['ru', 'мой номер девять один шесть пять пять пять один два', 'мой номер •••'],
    ['de', 'ruf an: null eins fünf eins zwei drei vier fünf', 'ruf an: •••'],
    ['es', 'llámame al seis uno dos tres cuatro cinco seis siete ocho', 'llámame al •••'],
    ['fr', 'appelle le zéro six douze', 'appelle le zéro six douze'],
    ['fr', 'appelle le zéro six un deux trois quatre cinq six', 'appelle le •••'],
    ['it', 'chiamami al tre tre tre uno due tre quattro cinque sei', 'chiamami al •••'],
  ])('masks a phone number spelled out in %s', (_language, text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    ['Arabic-Indic', 'اتصل بي ٠٥٥٥١٢٣٤٥٦٧', 'اتصل بي •••'],
    ['Persian', 'شماره ۰۹۱۲ ۳۴۵ ۶۷۸۹', 'شماره •••'],
    ['fullwidth', '電話 ０９０−１２３４−５６７８', '電話 •••'],
    ['mixed scripts', '٠٥٥٥ 123 ۴۵ 67', '•••'],
  ])('masks a phone number in %s digits', (_script, text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    ['anna.k@example.com', '•••'],
    ['write to anna @ example . com please', 'write to ••• please'],
    ['anna at example dot com', '•••'],
    ['anna (at) example (dot) co (dot) uk', '•••'],
    ['anna [at] example.com!', '•••!'],
    ['anna dot k at gmail dot com', '•••'],
    ['anna arroba gmail punto es', '•••'],
    ['anna собака mail точка ru', '•••'],
  ])('masks an e-mail address: %s', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    ['wa.me/905551234567', '•••'],
    ['join https://t.me/annatravels now', 'join ••• now'],
    ['https://www.instagram.com/anna.travels/', '•••'],
    ['chat.whatsapp.com/AbCdEf', '•••'],
    ['find me @anna.travels', 'find me •••'],
    ['Instagram: annatravels', '•••'],
    ['my telegram anna_travels', 'my •••'],
    ['WhatsApp anna1990', '•••'],
    ['мой телеграм @anna_k', 'мой •••'],
  ])('masks a messaging handle or link: %s', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it.each([
    'The tour is 4 hours, from 10:00 to 14:00, on 2025-05-12.',
    'We arrive on 12.05.2025 and leave 19/05/2025.',
    'It costs 1,250,000 TRY or $1,250.50 for 2 hours.',
    'Price: 1 250 000 ₺ for the whole day',
    'Biz 3 kişiyiz, 2 gün kalacağız, saat 09.30-17.30 arası.',
    'Мы будем в Стамбуле с 10.06 по 15.06, 2 взрослых и 3 детей.',
    'سنصل يوم ١٢/٠٥/٢٠٢٥ الساعة ١٠:٣٠',
    'I visited in 2019, 2021 and 2023; the city has 15000000 people? No, 15,000,000.',
    'Wir sind zwei Erwachsene und ein Kind, um 10.30 Uhr.',
    'Somos dos, llegamos el 3 de mayo a las 10:00.',
    'Nous sommes un couple avec deux enfants de six et huit ans.',
    'Siamo in tre, due adulti e un bambino di sei anni.',
    'See you at the hotel. It is near the station.',
    'I am there @ 5. Then we go.',
    'My instagram is great for photos',
    'Follow the signs: 2 km then left',
    'Between 2023-2025 I guided 300 tours.',
    'Ticket 45 € and museum 30 € per person, 75 € in total',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(maskContactDetails(text)).toEqual({ text, isMasked: false });
  });

  it('says whether anything was masked', () => {
    expect(maskContactDetails('call +90 555 123 4567')).toEqual({ text: `call ${CONTACT_MASK}`, isMasked: true });
  });
});
