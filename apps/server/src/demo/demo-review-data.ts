/*
 * Material for the demo marketplace's reviews (issue 6): demo travellers by the language
 * they write in, and review comments and guide replies in that language. `{city}` is the
 * tour's city and `{guide}` the guide's first name. Everything here is invented.
 */

export interface TravellerPool {
  language: string;
  first: string[];
  last: string[];
}

export const TRAVELLERS: TravellerPool[] = [
  {
    language: 'en',
    first: [
      'Emily',
      'James',
      'Olivia',
      'Noah',
      'Grace',
      'Liam',
      'Chloe',
      'Ethan',
      'Sophie',
      'Daniel',
      'Hannah',
      'Ryan',
    ],
    last: ['Smith', 'Johnson', 'Brown', 'Taylor', 'Walker', 'Wright', 'Clarke', 'Hughes', 'Bennett', 'Murphy'],
  },
  {
    language: 'tr',
    first: ['Deniz', 'Ece', 'Barış', 'Cem', 'İrem', 'Seda', 'Oğuz', 'Buse', 'Hakan', 'Pınar'],
    last: ['Yıldız', 'Aksoy', 'Güneş', 'Erdem', 'Polat', 'Korkmaz', 'Bulut', 'Tekin'],
  },
  {
    language: 'de',
    first: ['Laura', 'Paul', 'Marie', 'Leon', 'Clara', 'Niklas', 'Johanna', 'Moritz'],
    last: ['Schulz', 'Keller', 'Braun', 'Zimmermann', 'Hartmann', 'Krüger', 'Vogel', 'Lange'],
  },
  {
    language: 'fr',
    first: ['Claire', 'Nicolas', 'Amélie', 'Thomas', 'Sarah', 'Guillaume', 'Pauline', 'Maxime'],
    last: ['Laurent', 'Petit', 'Roux', 'Fournier', 'Mercier', 'Blanc', 'Chevalier', 'Garnier'],
  },
  {
    language: 'es',
    first: ['Lucía', 'Javier', 'Carmen', 'Diego', 'Marta', 'Pablo', 'Elena', 'Sergio'],
    last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres'],
  },
  {
    language: 'it',
    first: ['Federica', 'Giorgio', 'Silvia', 'Paolo', 'Beatrice', 'Riccardo', 'Ilaria', 'Tommaso'],
    last: ['Conti', 'Greco', 'Bruno', 'Gallo', 'Mancini', 'Lombardi', 'Moretti', 'Barbieri'],
  },
  {
    language: 'ru',
    first: ['Svetlana', 'Andrei', 'Yulia', 'Maxim', 'Tatiana', 'Artyom', 'Polina', 'Roman'],
    last: ['Morozov', 'Novikov', 'Fedorov', 'Orlov', 'Belov', 'Zaitsev', 'Pavlov', 'Gusev'],
  },
  {
    language: 'ar',
    first: ['Layla', 'Omar', 'Nour', 'Khalid', 'Rania', 'Yousef', 'Mariam', 'Tariq'],
    last: ['Haddad', 'Khoury', 'Mansour', 'Saleh', 'Nasser', 'Aziz', 'Farouk', 'Rahman'],
  },
];

interface CommentPool {
  /** 5 and 4 stars. */
  good: string[];
  /** 3 stars. */
  mixed: string[];
  /** 1 and 2 stars. */
  poor: string[];
  replies: string[];
}

export const COMMENTS: Record<string, CommentPool> = {
  en: {
    good: [
      '{guide} made {city} come alive. We saw places we would never have found on our own, and the pace was perfect for our kids.',
      'Knowledgeable, funny and always on time. The food stops alone were worth it — I still dream about that breakfast.',
      'Our best day in {city}. {guide} adapted the route when it started raining and found us a wonderful covered market.',
      'Great storyteller. History finally made sense to me after four hours with {guide}.',
      'Very well organised, clear meeting point and lots of useful tips for the rest of our stay.',
      'We booked a second tour the same week. Enough said!',
      '{guide} knows everyone in the old town — we were invited into a workshop that is not open to tourists.',
      'Friendly, patient with my questions and great photo spots. Highly recommended for first-timers in {city}.',
      'Lovely walk, though a little long for my parents. {guide} slowed down as soon as we asked.',
      'Excellent English and deep knowledge of architecture. Would book again.',
    ],
    mixed: [
      'Nice tour and {guide} was friendly, but we spent more time in shops than I expected.',
      'Good information, but the meeting point was hard to find and we started 20 minutes late.',
      'Interesting stories, a bit rushed at the end. Fine for a first overview of {city}.',
    ],
    poor: [
      'The guide was late and seemed distracted. We did not see half of the places in the description.',
      'Too much walking without explanations. Not what we agreed on.',
    ],
    replies: [
      'Thank you so much! It was a pleasure showing you around {city}.',
      'Thanks for the kind words — come back in spring, the city is even more beautiful then.',
      'Thank you for the feedback. You are right about the timing, and I have changed the route since.',
      'I am sorry the day did not go as planned. I would be glad to make it up to you on your next visit.',
    ],
  },
  tr: {
    good: [
      '{guide} sayesinde {city} gözümüze bambaşka göründü. Kendi başımıza asla bulamayacağımız yerleri gezdik.',
      'Çok bilgili, güler yüzlü ve dakik. Öğle yemeği için önerdiği lokanta harikaydı.',
      'Çocuklarla gezmek kolay değil ama {guide} temposunu bize göre ayarladı. Çok teşekkürler!',
      'Tarihi bu kadar keyifle anlatan birini ilk kez dinledim. Kesinlikle tavsiye ederim.',
      'Buluşma noktası net, program düzenli, fotoğraf için en güzel köşeleri biliyor.',
      'Yağmur başlayınca rotayı hemen değiştirdi, kapalı çarşıda çok güzel bir gün geçirdik.',
      'İkinci kez çalıştık, yine çok memnun kaldık.',
    ],
    mixed: [
      'Tur güzeldi ama biraz aceleye geldi, bazı yerlerde daha fazla zaman isterdik.',
      'Bilgili bir rehber, fakat buluşmada yarım saat bekledik.',
    ],
    poor: ['Anlatılanla yapılan tur aynı değildi, çoğu yeri sadece dışarıdan gördük.'],
    replies: [
      'Çok teşekkür ederim, sizi ağırlamak benim için büyük keyifti!',
      'Güzel yorumunuz için teşekkürler, yeniden beklerim.',
      'Geri bildiriminiz için teşekkürler; programı buna göre düzenledim.',
    ],
  },
  de: {
    good: [
      '{guide} hat uns {city} von einer ganz anderen Seite gezeigt. Sehr kompetent und herzlich!',
      'Perfekt organisiert, pünktlich und mit vielen Geheimtipps für die restlichen Tage.',
      'Die beste Stadtführung, die wir je hatten. Auch unsere Teenager waren begeistert.',
      'Sehr gutes Deutsch, viel Wissen über Geschichte und Architektur. Gerne wieder.',
      'Tolle Route abseits der Touristenmassen, und das Café am Ende war ein Traum.',
      'Flexibel, geduldig und immer gut gelaunt – absolut empfehlenswert.',
    ],
    mixed: [
      'Interessante Tour, aber etwas zu viel Zeit in Geschäften.',
      'Inhaltlich gut, allerdings war der Treffpunkt schwer zu finden.',
    ],
    poor: ['Leider sehr oberflächlich und deutlich kürzer als vereinbart.'],
    replies: [
      'Vielen Dank! Es war mir eine Freude, Ihnen {city} zu zeigen.',
      'Herzlichen Dank für die netten Worte – bis zum nächsten Mal!',
      'Danke für das ehrliche Feedback, ich habe den Treffpunkt inzwischen genauer beschrieben.',
    ],
  },
  fr: {
    good: [
      '{guide} nous a fait découvrir {city} autrement : des ruelles magnifiques et des anecdotes passionnantes.',
      'Guide très cultivé, ponctuel et plein d’humour. Nous avons adoré la pause gourmande.',
      'Une journée parfaite, adaptée à notre rythme avec deux jeunes enfants.',
      'Excellent français et beaucoup de bons conseils pour la suite du séjour. Je recommande !',
      'Visite très bien organisée, loin de la foule. Merci encore {guide} !',
    ],
    mixed: [
      'Bonne visite dans l’ensemble, mais un peu trop rapide à la fin.',
      'Guide sympathique, mais nous avons attendu longtemps au point de rendez-vous.',
    ],
    poor: ['Très déçus : la visite ne correspondait pas du tout à la description.'],
    replies: [
      'Merci beaucoup, ce fut un plaisir de vous faire découvrir {city} !',
      'Merci pour ce gentil message, à bientôt j’espère.',
      'Merci pour votre retour, j’en tiens compte pour les prochaines visites.',
    ],
  },
  es: {
    good: [
      '{guide} nos enseñó rincones de {city} que jamás habríamos descubierto solos. ¡Una maravilla!',
      'Muy puntual, simpático y con muchísimo conocimiento. La parada para comer fue lo mejor.',
      'Se adaptó a nuestro ritmo con los niños y siempre tuvo paciencia con nuestras preguntas.',
      'Recorrido muy bien pensado y lejos de las multitudes. Lo recomiendo sin dudarlo.',
      'Explica la historia de forma amena y divertida. Repetiríamos.',
    ],
    mixed: [
      'El recorrido estuvo bien, aunque algo apresurado al final.',
      'Buen guía, pero el punto de encuentro no estaba claro.',
    ],
    poor: ['No se parecía a lo acordado y llegó tarde. Una pena.'],
    replies: [
      '¡Muchas gracias! Fue un placer enseñaros {city}.',
      'Gracias por vuestras palabras, ¡os espero pronto!',
      'Gracias por el comentario, ya he mejorado las indicaciones del punto de encuentro.',
    ],
  },
  it: {
    good: [
      '{guide} ci ha fatto scoprire il volto autentico di {city}, lontano dai soliti giri turistici.',
      'Preparatissimo, puntuale e simpatico. Consigli ottimi anche per ristoranti e musei.',
      'Giornata perfetta, ritmo giusto anche per i nostri genitori. Grazie di cuore!',
      'Racconta la storia in modo coinvolgente, non ci siamo annoiati un minuto.',
      'Organizzazione impeccabile e tanti angoli nascosti. Consigliatissimo.',
    ],
    mixed: [
      'Tour interessante ma un po’ troppo veloce nella seconda parte.',
      'Guida gentile, però abbiamo perso tempo all’inizio per trovarci.',
    ],
    poor: ['Molto deludente, diverse tappe promesse sono state saltate.'],
    replies: [
      'Grazie mille, è stato un piacere accompagnarvi per {city}!',
      'Grazie per le belle parole, vi aspetto alla prossima!',
      'Grazie del riscontro, ne terrò conto per i prossimi tour.',
    ],
  },
  ru: {
    good: [
      'Благодаря гиду ({guide}) город {city} открылся нам с совершенно другой стороны. Очень интересно и душевно!',
      'Пунктуально, познавательно и с юмором. Отдельное спасибо за рекомендации ресторанов.',
      'Лучшая экскурсия за всю поездку, дети тоже были в восторге.',
      'Отличный маршрут без толп туристов. Обязательно обратимся снова.',
      'Много знаний об истории и архитектуре, при этом рассказ совсем не скучный.',
    ],
    mixed: [
      'В целом неплохо, но под конец всё было слишком быстро.',
      'Гид приятный, но место встречи было трудно найти.',
    ],
    poor: ['Экскурсия оказалась намного короче обещанной, многое пропустили.'],
    replies: [
      'Большое спасибо! Было очень приятно показать вам город {city}.',
      'Спасибо за тёплый отзыв, надеюсь на новую встречу!',
      'Спасибо за отзыв, я учту ваши замечания.',
    ],
  },
  ar: {
    good: [
      'جعل {guide} رحلتنا في {city} لا تُنسى، وزرنا أماكن ما كنا لنجدها بمفردنا.',
      'مرشد مثقف وودود وملتزم بالمواعيد، ونصائحه للمطاعم كانت رائعة.',
      'يوم مثالي مع العائلة، وكان صبورًا جدًا مع الأطفال. أنصح به بشدة.',
      'يروي التاريخ بأسلوب ممتع وسهل. سنحجز معه مرة أخرى بالتأكيد.',
      'تنظيم ممتاز ومسار بعيد عن الزحام، شكرًا جزيلًا.',
    ],
    mixed: ['الجولة جيدة لكنها كانت مستعجلة بعض الشيء في النهاية.', 'مرشد لطيف، لكن مكان اللقاء لم يكن واضحًا.'],
    poor: ['للأسف لم تكن الجولة كما هو موصوف، وتأخر المرشد كثيرًا.'],
    replies: [
      'شكرًا جزيلًا، كان من دواعي سروري أن أرافقكم في {city}!',
      'شكرًا على كلماتكم اللطيفة، أتمنى أن أراكم مجددًا.',
      'شكرًا على ملاحظاتكم، سآخذها بعين الاعتبار.',
    ],
  },
};
