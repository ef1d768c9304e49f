/*
 * Material for the demo marketplace (issue 5): first names and surnames by country, and
 * short guide biographies written in the language the guide writes them in. Everything
 * here is invented; any resemblance to a real person is a coincidence.
 */

export interface NamePool {
  female: string[];
  male: string[];
  surnames: string[];
  /** Native language of most guides of the country (ISO 639-1). */
  language: string;
}

export const NAMES_BY_COUNTRY: Record<string, NamePool> = {
  TR: {
    female: ['Ayşe', 'Elif', 'Zeynep', 'Defne', 'Selin', 'Ebru', 'Derya', 'Melis', 'Nazlı', 'Gül'],
    male: ['Mehmet', 'Emre', 'Burak', 'Can', 'Kerem', 'Murat', 'Onur', 'Serkan', 'Tolga', 'Yusuf'],
    surnames: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Aydın', 'Öztürk', 'Arslan', 'Doğan', 'Koç'],
    language: 'tr',
  },
  IT: {
    female: ['Giulia', 'Chiara', 'Francesca', 'Sara', 'Martina', 'Elena', 'Alessia', 'Valentina'],
    male: ['Marco', 'Luca', 'Matteo', 'Alessandro', 'Davide', 'Lorenzo', 'Andrea', 'Stefano'],
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino'],
    language: 'it',
  },
  FR: {
    female: ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Juliette', 'Élodie'],
    male: ['Lucas', 'Hugo', 'Louis', 'Théo', 'Julien', 'Antoine', 'Mathieu'],
    surnames: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Moreau', 'Lefèvre', 'Girard'],
    language: 'fr',
  },
  DE: {
    female: ['Anna', 'Lena', 'Hannah', 'Lea', 'Sophie', 'Katharina', 'Julia'],
    male: ['Lukas', 'Felix', 'Jonas', 'Maximilian', 'Tobias', 'Florian', 'Jan'],
    surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann'],
    language: 'de',
  },
  AT: {
    female: ['Magdalena', 'Theresa', 'Johanna', 'Laura', 'Verena'],
    male: ['Florian', 'Stefan', 'Markus', 'Lukas', 'Michael'],
    surnames: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser'],
    language: 'de',
  },
  RU: {
    female: ['Anna', 'Maria', 'Olga', 'Ekaterina', 'Natalia', 'Daria', 'Irina'],
    male: ['Alexei', 'Dmitri', 'Ivan', 'Sergei', 'Mikhail', 'Nikolai', 'Pavel'],
    surnames: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Volkov', 'Sokolov', 'Lebedev'],
    language: 'ru',
  },
  NL: {
    female: ['Emma', 'Sanne', 'Fleur', 'Anouk', 'Lotte'],
    male: ['Daan', 'Bram', 'Thijs', 'Ruben', 'Joost'],
    surnames: ['de Jong', 'Jansen', 'de Vries', 'van Dijk', 'Bakker', 'Visser', 'Smit'],
    language: 'en',
  },
  HU: {
    female: ['Eszter', 'Réka', 'Zsófia', 'Anna', 'Katalin'],
    male: ['Bence', 'Máté', 'Dániel', 'Gábor', 'Péter'],
    surnames: ['Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss'],
    language: 'en',
  },
  CZ: {
    female: ['Tereza', 'Eliška', 'Lucie', 'Kateřina', 'Petra'],
    male: ['Jakub', 'Tomáš', 'Ondřej', 'Petr', 'Martin'],
    surnames: ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka'],
    language: 'en',
  },
  AZ: {
    female: ['Aysel', 'Leyla', 'Günay', 'Nigar', 'Sevinc'],
    male: ['Elvin', 'Rashad', 'Orkhan', 'Tural', 'Kamran'],
    surnames: ['Aliyev', 'Mammadov', 'Huseynov', 'Hasanov', 'Guliyev', 'Ismayilov'],
    language: 'ru',
  },
  IN: {
    female: ['Priya', 'Ananya', 'Kavya', 'Meera', 'Divya'],
    male: ['Arjun', 'Rohan', 'Vikram', 'Rahul', 'Amit'],
    surnames: ['Sharma', 'Verma', 'Gupta', 'Singh', 'Agarwal', 'Mishra'],
    language: 'en',
  },
};

/** Bios by language: `{city}` is replaced by the city's name in that language. */
export const BIOS: Record<string, string[]> = {
  en: [
    'I was born in {city} and have walked its streets for twenty years. I love showing travellers the places locals go: small cafés, hidden courtyards and the best viewpoints at sunset.',
    'Licensed guide in {city}. History graduate, storyteller at heart. My tours mix the big sights with the everyday life of the neighbourhoods.',
    'Food lover and photographer. In {city} I take small groups to markets, family bakeries and street food stalls, and help you take photos you will keep.',
  ],
  tr: [
    '{city} doğumluyum ve yirmi yıldır bu şehrin sokaklarını adım adım geziyorum. Misafirlerime yerlilerin gittiği küçük kafeleri, saklı avluları ve gün batımının en güzel manzaralarını göstermeyi seviyorum.',
    '{city} şehrinde lisanslı rehberim. Tarih mezunuyum; turlarımda büyük eserleri mahallelerin gündelik hayatıyla birlikte anlatıyorum.',
  ],
  de: [
    'Ich lebe seit fünfzehn Jahren in {city} und zeige Ihnen die Stadt abseits der Touristenpfade: kleine Cafés, versteckte Innenhöfe und die schönsten Aussichtspunkte.',
    'Staatlich geprüfte Gästeführerin in {city}. Geschichte erzähle ich lebendig, mit vielen Anekdoten und Zeit für Ihre Fragen.',
  ],
  fr: [
    'Née à {city}, je partage avec passion les recoins que seuls les habitants connaissent : cafés discrets, cours cachées et belvédères au coucher du soleil.',
    "Guide diplômé à {city}. J'aime raconter l'histoire de la ville à travers ses quartiers, ses marchés et ses habitants.",
  ],
  it: [
    'Sono nata a {city} e da anni accompagno i viaggiatori tra vicoli, botteghe artigiane e panorami che pochi conoscono.',
    'Guida abilitata a {city}. Racconto la storia della città con passione, tra grandi monumenti e vita di quartiere.',
  ],
  ru: [
    'Я родился в городе {city} и с радостью покажу вам места, которые знают только местные жители: уютные кафе, тихие дворы и лучшие смотровые площадки.',
    'Лицензированный гид ({city}). Рассказываю историю города живо и с любовью, отвечаю на все вопросы.',
  ],
};

/** Portrait palette: backgrounds, skin tones, hair colours (drawn, not photographs). */
export const PORTRAIT_BACKGROUNDS = ['#f4d6cc', '#d8e2dc', '#cde0f4', '#f5e6c8', '#e2d4f0', '#cfe8e3', '#f7d9e3'];
export const SKIN_TONES = ['#f1c7a5', '#e0ac84', '#c68a62', '#a86b45', '#7d4a2e', '#f6d5bd'];
export const HAIR_COLOURS = ['#2b1d14', '#4a2f1d', '#7a4b28', '#b07a3c', '#1a1a1a', '#8c8c8c', '#c9a15a'];
export const SHIRT_COLOURS = ['#1f6f8b', '#99582a', '#3a7d44', '#6d597a', '#b23a48', '#31572c', '#264653'];
