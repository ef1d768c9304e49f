import type { Locale } from '@marco/contract/locales';

/**
 * The few texts the server writes into a page's <head> before the app loads (titles and
 * descriptions for search engines and link previews). `{name}` placeholders are filled by
 * `fillText`; the values are escaped when the tags are written, not here.
 */
export interface SeoTexts {
  siteName: string;
  /** Pages without their own meta. */
  defaultTitle: string;
  defaultDescription: string;
  homeTitle: string;
  homeDescription: string;
  exploreTitle: string;
  exploreDescription: string;
  /** {city}, {country} */
  cityTitle: string;
  cityDescription: string;
  /** {name}, {city} */
  guideTitle: string;
  /** {name}, {city}, {price} */
  guideDescription: string;
  /** A guide without a city: {name}, {price} */
  guideDescriptionNoCity: string;
}

export const SEO_TEXTS: Record<Locale, SeoTexts> = {
  en: {
    siteName: 'Marco',
    defaultTitle: 'Marco: local tour guides who speak your language',
    defaultDescription:
      'Find local tour guides who speak your language, reserve them by the hour and pay securely, with free cancellation up to 24 hours before.',
    homeTitle: 'Marco: local tour guides who speak your language',
    homeDescription:
      'Find a local guide for the dates you travel in Istanbul, Rome, Paris and more. Reserve by the hour, pay securely, cancel free up to 24 hours before.',
    exploreTitle: 'Destinations: explore cities with a local guide · Marco',
    exploreDescription:
      'Twelve destinations from Istanbul to Venice: what to see in each city and the local guides who can show you around in your language.',
    cityTitle: '{city}, {country}: sights and local guides · Marco',
    cityDescription:
      'Discover {city}: its history, the sights not to miss and local guides in {city} who speak your language, bookable by the hour.',
    guideTitle: '{name}, local guide in {city} · Marco',
    guideDescription:
      'Explore {city} with {name}, a local guide on Marco, from {price} per hour. See languages, reviews and free dates, and reserve online.',
    guideDescriptionNoCity:
      'Travel with {name}, a local guide on Marco, from {price} per hour. See languages, reviews and free dates, and reserve online.',
  },
  tr: {
    siteName: 'Marco',
    defaultTitle: 'Marco: sizin dilinizi konuşan yerel rehberler',
    defaultDescription:
      'Sizin dilinizi konuşan yerel rehberleri bulun, saatlik rezervasyon yapın ve güvenle ödeyin; 24 saat öncesine kadar ücretsiz iptal.',
    homeTitle: 'Marco: sizin dilinizi konuşan yerel rehberler',
    homeDescription:
      'İstanbul, Roma, Paris ve daha fazlasında seyahat tarihleriniz için yerel bir rehber bulun. Saatlik ayırtın, güvenle ödeyin, 24 saat öncesine kadar ücretsiz iptal edin.',
    exploreTitle: 'Destinasyonlar: şehirleri yerel bir rehberle keşfedin · Marco',
    exploreDescription:
      'İstanbul’dan Venedik’e on iki destinasyon: her şehirde görülecek yerler ve size kendi dilinizde eşlik edebilecek yerel rehberler.',
    cityTitle: '{city}, {country}: görülecek yerler ve yerel rehberler · Marco',
    cityDescription:
      '{city} şehrini keşfedin: tarihi, kaçırılmaması gereken yerleri ve sizin dilinizi konuşan, saatlik ayırtılabilen yerel rehberleri.',
    guideTitle: '{name}, {city} yerel rehberi · Marco',
    guideDescription:
      '{city} şehrini Marco’daki yerel rehber {name} ile saati {price} ücretle keşfedin. Dillerini, yorumlarını ve boş günlerini görün, çevrimiçi ayırtın.',
    guideDescriptionNoCity:
      'Marco’daki yerel rehber {name} ile saati {price} ücretle gezin. Dillerini, yorumlarını ve boş günlerini görün, çevrimiçi ayırtın.',
  },
  ar: {
    siteName: 'Marco',
    defaultTitle: 'Marco: مرشدون سياحيون محليون يتحدثون لغتك',
    defaultDescription:
      'اعثر على مرشدين سياحيين محليين يتحدثون لغتك، واحجزهم بالساعة وادفع بأمان، مع إلغاء مجاني حتى 24 ساعة قبل الموعد.',
    homeTitle: 'Marco: مرشدون سياحيون محليون يتحدثون لغتك',
    homeDescription:
      'اعثر على مرشد محلي لتواريخ رحلتك في إسطنبول وروما وباريس وغيرها. احجز بالساعة وادفع بأمان وألغِ مجانًا حتى 24 ساعة قبل الموعد.',
    exploreTitle: 'الوجهات: اكتشف المدن مع مرشد محلي · Marco',
    exploreDescription:
      'اثنتا عشرة وجهة من إسطنبول إلى البندقية: ما يستحق المشاهدة في كل مدينة والمرشدون المحليون الذين يرافقونك بلغتك.',
    cityTitle: '{city}، {country}: المعالم والمرشدون المحليون · Marco',
    cityDescription:
      'اكتشف {city}: تاريخها والمعالم التي لا تفوّت ومرشدين محليين في {city} يتحدثون لغتك ويمكن حجزهم بالساعة.',
    guideTitle: '{name}، مرشد محلي في {city} · Marco',
    guideDescription:
      'اكتشف {city} مع {name}، مرشد محلي على Marco، ابتداءً من {price} للساعة. اطّلع على اللغات والتقييمات والأيام المتاحة واحجز عبر الإنترنت.',
    guideDescriptionNoCity:
      'سافر مع {name}، مرشد محلي على Marco، ابتداءً من {price} للساعة. اطّلع على اللغات والتقييمات والأيام المتاحة واحجز عبر الإنترنت.',
  },
  de: {
    siteName: 'Marco',
    defaultTitle: 'Marco: lokale Reiseführer, die Ihre Sprache sprechen',
    defaultDescription:
      'Finden Sie lokale Reiseführer, die Ihre Sprache sprechen, buchen Sie sie stundenweise und bezahlen Sie sicher – kostenlos stornierbar bis 24 Stunden vorher.',
    homeTitle: 'Marco: lokale Reiseführer, die Ihre Sprache sprechen',
    homeDescription:
      'Finden Sie einen lokalen Guide für Ihre Reisedaten in Istanbul, Rom, Paris und mehr. Stundenweise buchen, sicher bezahlen, bis 24 Stunden vorher kostenlos stornieren.',
    exploreTitle: 'Reiseziele: Städte mit einem lokalen Guide entdecken · Marco',
    exploreDescription:
      'Zwölf Reiseziele von Istanbul bis Venedig: was Sie in jeder Stadt sehen sollten und lokale Guides, die Sie in Ihrer Sprache begleiten.',
    cityTitle: '{city}, {country}: Sehenswürdigkeiten und lokale Guides · Marco',
    cityDescription:
      'Entdecken Sie {city}: die Geschichte, die Sehenswürdigkeiten, die Sie nicht verpassen sollten, und lokale Guides in {city}, die Ihre Sprache sprechen – stundenweise buchbar.',
    guideTitle: '{name}, lokaler Guide in {city} · Marco',
    guideDescription:
      'Entdecken Sie {city} mit {name}, einem lokalen Guide auf Marco, ab {price} pro Stunde. Sprachen, Bewertungen und freie Termine ansehen und online buchen.',
    guideDescriptionNoCity:
      'Reisen Sie mit {name}, einem lokalen Guide auf Marco, ab {price} pro Stunde. Sprachen, Bewertungen und freie Termine ansehen und online buchen.',
  },
  es: {
    siteName: 'Marco',
    defaultTitle: 'Marco: guías turísticos locales que hablan tu idioma',
    defaultDescription:
      'Encuentra guías locales que hablan tu idioma, resérvalos por horas y paga de forma segura, con cancelación gratuita hasta 24 horas antes.',
    homeTitle: 'Marco: guías turísticos locales que hablan tu idioma',
    homeDescription:
      'Encuentra un guía local para las fechas de tu viaje en Estambul, Roma, París y más. Reserva por horas, paga de forma segura y cancela gratis hasta 24 horas antes.',
    exploreTitle: 'Destinos: descubre ciudades con un guía local · Marco',
    exploreDescription:
      'Doce destinos de Estambul a Venecia: qué ver en cada ciudad y los guías locales que pueden acompañarte en tu idioma.',
    cityTitle: '{city}, {country}: lugares de interés y guías locales · Marco',
    cityDescription:
      'Descubre {city}: su historia, los lugares imprescindibles y guías locales en {city} que hablan tu idioma, reservables por horas.',
    guideTitle: '{name}, guía local en {city} · Marco',
    guideDescription:
      'Descubre {city} con {name}, guía local en Marco, desde {price} por hora. Consulta idiomas, reseñas y fechas libres, y reserva en línea.',
    guideDescriptionNoCity:
      'Viaja con {name}, guía local en Marco, desde {price} por hora. Consulta idiomas, reseñas y fechas libres, y reserva en línea.',
  },
  fr: {
    siteName: 'Marco',
    defaultTitle: 'Marco : des guides locaux qui parlent votre langue',
    defaultDescription:
      'Trouvez des guides locaux qui parlent votre langue, réservez-les à l’heure et payez en toute sécurité, avec annulation gratuite jusqu’à 24 heures avant.',
    homeTitle: 'Marco : des guides locaux qui parlent votre langue',
    homeDescription:
      'Trouvez un guide local pour les dates de votre voyage à Istanbul, Rome, Paris et ailleurs. Réservez à l’heure, payez en toute sécurité, annulez gratuitement jusqu’à 24 heures avant.',
    exploreTitle: 'Destinations : découvrez les villes avec un guide local · Marco',
    exploreDescription:
      'Douze destinations d’Istanbul à Venise : ce qu’il faut voir dans chaque ville et les guides locaux qui vous accompagnent dans votre langue.',
    cityTitle: '{city}, {country} : sites à voir et guides locaux · Marco',
    cityDescription:
      'Découvrez {city} : son histoire, les sites à ne pas manquer et des guides locaux à {city} qui parlent votre langue, réservables à l’heure.',
    guideTitle: '{name}, guide local à {city} · Marco',
    guideDescription:
      'Découvrez {city} avec {name}, guide local sur Marco, à partir de {price} de l’heure. Langues, avis et dates libres, réservation en ligne.',
    guideDescriptionNoCity:
      'Voyagez avec {name}, guide local sur Marco, à partir de {price} de l’heure. Langues, avis et dates libres, réservation en ligne.',
  },
  it: {
    siteName: 'Marco',
    defaultTitle: 'Marco: guide turistiche locali che parlano la tua lingua',
    defaultDescription:
      'Trova guide locali che parlano la tua lingua, prenotale a ore e paga in sicurezza, con cancellazione gratuita fino a 24 ore prima.',
    homeTitle: 'Marco: guide turistiche locali che parlano la tua lingua',
    homeDescription:
      'Trova una guida locale per le date del tuo viaggio a Istanbul, Roma, Parigi e altrove. Prenota a ore, paga in sicurezza e cancella gratis fino a 24 ore prima.',
    exploreTitle: 'Destinazioni: scopri le città con una guida locale · Marco',
    exploreDescription:
      'Dodici destinazioni da Istanbul a Venezia: cosa vedere in ogni città e le guide locali che possono accompagnarti nella tua lingua.',
    cityTitle: '{city}, {country}: cosa vedere e guide locali · Marco',
    cityDescription:
      'Scopri {city}: la sua storia, i luoghi da non perdere e guide locali a {city} che parlano la tua lingua, prenotabili a ore.',
    guideTitle: '{name}, guida locale a {city} · Marco',
    guideDescription:
      'Scopri {city} con {name}, guida locale su Marco, da {price} all’ora. Lingue, recensioni e date libere, con prenotazione online.',
    guideDescriptionNoCity:
      'Viaggia con {name}, guida locale su Marco, da {price} all’ora. Lingue, recensioni e date libere, con prenotazione online.',
  },
  ru: {
    siteName: 'Marco',
    defaultTitle: 'Marco: местные гиды, которые говорят на вашем языке',
    defaultDescription:
      'Найдите местных гидов, говорящих на вашем языке, бронируйте их по часам и платите безопасно; бесплатная отмена за 24 часа до начала.',
    homeTitle: 'Marco: местные гиды, которые говорят на вашем языке',
    homeDescription:
      'Найдите местного гида на даты поездки в Стамбул, Рим, Париж и другие города. Бронируйте по часам, платите безопасно, отменяйте бесплатно за 24 часа.',
    exploreTitle: 'Направления: города с местным гидом · Marco',
    exploreDescription:
      'Двенадцать направлений от Стамбула до Венеции: что посмотреть в каждом городе и местные гиды, которые проведут вас на вашем языке.',
    cityTitle: '{city}, {country}: достопримечательности и местные гиды · Marco',
    cityDescription:
      'Откройте для себя {city}: история, главные достопримечательности и местные гиды, говорящие на вашем языке, с почасовым бронированием.',
    guideTitle: '{name}, местный гид: {city} · Marco',
    guideDescription:
      '{city} с гидом {name} на Marco — от {price} в час. Языки, отзывы и свободные даты, бронирование онлайн.',
    guideDescriptionNoCity:
      'Путешествуйте с гидом {name} на Marco — от {price} в час. Языки, отзывы и свободные даты, бронирование онлайн.',
  },
};

/** Fills `{name}` placeholders; unknown ones stay as written. */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
