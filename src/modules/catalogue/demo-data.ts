import { DURATIONS, defaultPrice, type CategoryText, type ProductText, type Quality } from '../../shared/catalogue';
import type { Language } from '../../shared/identity';

// The demo catalogue created on the first start of an empty store (SEED_DEMO): believable
// packages, prices in Da for the seven durations (the default multipliers, docs/product.md#constants), a card colour each,
// written in the store's three languages (docs/product.md#catalogue-languages).

export interface DemoCategory {
  key: string;
  text: Record<Language, CategoryText>;
  colors: [string, string];
}

export interface DemoProduct {
  key: string;
  category: string;
  text: Record<Language, ProductText>;
  channels: number;
  quality: Quality;
  devices: number;
  popular?: boolean;
  vod?: boolean;
  /** The one-month price in Da; the other durations follow from it. */
  monthly: number;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    key: 'arab',
    text: {
      ar: {
        name: 'الجزائر والعالم العربي',
        description: 'القنوات الوطنية الجزائرية وأفضل ما في العالم العربي: أخبار، ترفيه وقنوات دينية.',
      },
      fr: {
        name: 'Algérie & Monde Arabe',
        description:
          'Les chaînes nationales algériennes et le meilleur du monde arabe : info, divertissement, religion.',
      },
      en: {
        name: 'Algeria & Arab World',
        description:
          'Algerian national channels and the best of the Arab world: news, entertainment and religious channels.',
      },
    },
    colors: ['#065f46', '#10b981'],
  },
  {
    key: 'sport',
    text: {
      ar: {
        name: 'رياضة',
        description: 'كرة القدم وكرة اليد ورياضات السيارات والنزالات مباشرة، مع كبرى البطولات الأوروبية والإفريقية.',
      },
      fr: {
        name: 'Sport',
        description:
          'Football, handball, sports mécaniques et combats en direct, avec les grands championnats européens et africains.',
      },
      en: {
        name: 'Sports',
        description: 'Live football, handball, motorsport and fights, with the major European and African leagues.',
      },
    },
    colors: ['#1e3a8a', '#3b82f6'],
  },
  {
    key: 'cinema',
    text: {
      ar: {
        name: 'أفلام ومسلسلات',
        description: 'أحدث الأفلام، والمسلسلات التركية والعربية والأمريكية، ومكتبة فيديو عند الطلب.',
      },
      fr: {
        name: 'Cinéma & Séries',
        description: 'Films récents, séries turques, arabes et américaines, et une vidéothèque à la demande.',
      },
      en: {
        name: 'Films & Series',
        description: 'Recent films, Turkish, Arabic and American series, and an on-demand video library.',
      },
    },
    colors: ['#7f1d1d', '#f97316'],
  },
  {
    key: 'family',
    text: {
      ar: { name: 'الأطفال والعائلة', description: 'رسوم متحركة ووثائقيات وبرامج لكل العائلة، بالعربية والفرنسية.' },
      fr: {
        name: 'Enfants & Famille',
        description: 'Dessins animés, documentaires et programmes pour toute la famille, en arabe et en français.',
      },
      en: {
        name: 'Kids & Family',
        description: 'Cartoons, documentaries and programmes for the whole family, in Arabic and French.',
      },
    },
    colors: ['#6b21a8', '#ec4899'],
  },
  {
    key: 'world',
    text: {
      ar: { name: 'قنوات عالمية', description: 'الباقات الأوروبية والتركية والدولية، لمتابعة العالم من الجزائر.' },
      fr: {
        name: 'International',
        description: 'Les bouquets européens, turcs et internationaux, pour suivre le monde depuis l’Algérie.',
      },
      en: {
        name: 'International',
        description: 'European, Turkish and international bundles, to follow the world from Algeria.',
      },
    },
    colors: ['#0f172a', '#6366f1'],
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    key: 'algerie-essentiel',
    category: 'arab',
    text: {
      ar: {
        name: 'الجزائر الأساسية',
        description: 'جميع القنوات الوطنية الجزائرية وكبرى القنوات الإخبارية العربية بجودة عالية.',
        features: ['القنوات الوطنية الجزائرية', 'أخبار على مدار الساعة', 'دليل البرامج (EPG)', 'إعادة المشاهدة 7 أيام'],
      },
      fr: {
        name: 'Algérie Essentiel',
        description: 'Toutes les chaînes nationales algériennes et les grandes chaînes d’info arabes, en HD.',
        features: [
          'Chaînes nationales algériennes',
          'Info en continu 24/7',
          'Guide des programmes (EPG)',
          'Replay 7 jours',
        ],
      },
      en: {
        name: 'Algeria Essential',
        description: 'Every Algerian national channel and the major Arabic news channels, in HD.',
        features: ['Algerian national channels', '24/7 news', 'Programme guide (EPG)', '7-day replay'],
      },
    },
    channels: 350,
    quality: 'HD',
    devices: 1,
    monthly: 800,
  },
  {
    key: 'maghreb-plus',
    category: 'arab',
    text: {
      ar: {
        name: 'المغرب العربي بلس',
        description: 'الجزائر والمغرب وتونس والشرق الأوسط بدقة Full HD على شاشتين، مع القنوات الدينية والموسيقية.',
        features: ['قنوات المغرب العربي والخليج', 'شاشتان في آن واحد', 'قنوات دينية وموسيقية', 'إعادة المشاهدة 7 أيام'],
      },
      fr: {
        name: 'Maghreb Plus',
        description:
          'Algérie, Maroc, Tunisie et Moyen-Orient en Full HD sur deux écrans, avec les chaînes religieuses et musicales.',
        features: [
          'Chaînes du Maghreb et du Golfe',
          'Deux écrans en même temps',
          'Chaînes religieuses et musicales',
          'Replay 7 jours',
        ],
      },
      en: {
        name: 'Maghreb Plus',
        description:
          'Algeria, Morocco, Tunisia and the Middle East in Full HD on two screens, with religious and music channels.',
        features: ['Maghreb and Gulf channels', 'Two screens at once', 'Religious and music channels', '7-day replay'],
      },
    },
    channels: 900,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    monthly: 1500,
  },
  {
    key: 'arabia-gold-4k',
    category: 'arab',
    text: {
      ar: {
        name: 'الباقة العربية الذهبية 4K',
        description: 'أكمل باقة عربية، بدقة 4K حين تسمح القناة، مع أفلام ومسلسلات رمضان عند الطلب.',
        features: ['دقة 4K', 'مسلسلات رمضان عند الطلب', 'ثلاث شاشات', 'بث بلا انقطاع'],
      },
      fr: {
        name: 'Arabia Gold 4K',
        description:
          'Le bouquet arabe le plus complet, en 4K quand la chaîne le permet, avec films et séries du Ramadan à la demande.',
        features: ['Qualité 4K', 'Séries du Ramadan à la demande', 'Trois écrans', 'Anti-coupure'],
      },
      en: {
        name: 'Arabia Gold 4K',
        description:
          'The most complete Arabic bundle, in 4K where the channel allows, with Ramadan films and series on demand.',
        features: ['4K quality', 'Ramadan series on demand', 'Three screens', 'No buffering'],
      },
    },
    channels: 2500,
    quality: '4K',
    devices: 3,
    vod: true,
    monthly: 2500,
  },
  {
    key: 'sport-essentiel',
    category: 'sport',
    text: {
      ar: {
        name: 'الرياضة الأساسية',
        description: 'البطولة الجزائرية ودوري أبطال إفريقيا وكبرى المباريات الأوروبية بجودة عالية.',
        features: ['الرابطة الجزائرية المحترفة', 'المنافسات الإفريقية', 'المباريات الأوروبية', 'دليل البرامج (EPG)'],
      },
      fr: {
        name: 'Sport Essentiel',
        description: 'Le championnat algérien, la Ligue des champions africaine et les grands matchs européens en HD.',
        features: ['Ligue 1 algérienne', 'Compétitions africaines', 'Matchs européens', 'Guide des programmes (EPG)'],
      },
      en: {
        name: 'Sport Essential',
        description: 'The Algerian league, the African Champions League and the big European matches in HD.',
        features: ['Algerian Ligue 1', 'African competitions', 'European matches', 'Programme guide (EPG)'],
      },
    },
    channels: 120,
    quality: 'HD',
    devices: 1,
    monthly: 1200,
  },
  {
    key: 'sport-max',
    category: 'sport',
    text: {
      ar: {
        name: 'سبور ماكس Full HD',
        description: 'كل البطولات الأوروبية والفورمولا 1 والتنس والنزالات بدقة Full HD على شاشتين.',
        features: ['البطولات الأوروبية', 'الفورمولا 1 وموتو جي بي', 'التنس والنزالات', 'عدة شاشات'],
      },
      fr: {
        name: 'Sport Max Full HD',
        description:
          'Tous les championnats européens, la Formule 1, le tennis et les combats, en Full HD sur deux écrans.',
        features: ['Championnats européens', 'Formule 1 et MotoGP', 'Tennis et combats', 'Multi-écrans'],
      },
      en: {
        name: 'Sport Max Full HD',
        description: 'Every European league, Formula 1, tennis and fights, in Full HD on two screens.',
        features: ['European leagues', 'Formula 1 and MotoGP', 'Tennis and fights', 'Multi-screen'],
      },
    },
    channels: 300,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    monthly: 2000,
  },
  {
    key: 'football-ultra-4k',
    category: 'sport',
    text: {
      ar: {
        name: 'كرة القدم ألترا 4K',
        description: 'كرة القدم العالمية بدقة 4K، دون حد للشاشات، مع إعادة المباريات والملخصات.',
        features: ['دقة 4K', 'شاشات غير محدودة', 'إعادة المباريات', 'ملخصات وتحليلات'],
      },
      fr: {
        name: 'Football Ultra 4K',
        description: 'Le football mondial en 4K, sans limite d’écrans, avec les matchs en différé et les résumés.',
        features: ['Qualité 4K', 'Écrans illimités', 'Matchs en différé', 'Résumés et analyses'],
      },
      en: {
        name: 'Football Ultra 4K',
        description: 'World football in 4K, on unlimited screens, with match replays and highlights.',
        features: ['4K quality', 'Unlimited screens', 'Match replays', 'Highlights and analysis'],
      },
    },
    channels: 450,
    quality: '4K',
    devices: 5,
    vod: true,
    monthly: 3500,
  },
  {
    key: 'cine-club',
    category: 'cinema',
    text: {
      ar: {
        name: 'نادي السينما',
        description: 'قنوات السينما ومكتبة أفلام كلاسيكية وحديثة، مترجمة إلى العربية والفرنسية.',
        features: ['مكتبة أفلام', 'ترجمة عربية وفرنسية', 'قنوات السينما', 'استئناف المشاهدة'],
      },
      fr: {
        name: 'Ciné Club',
        description:
          'Les chaînes cinéma et une vidéothèque de films classiques et récents, sous-titrés en arabe et en français.',
        features: ['Vidéothèque de films', 'Sous-titres arabe et français', 'Chaînes cinéma', 'Reprise de lecture'],
      },
      en: {
        name: 'Ciné Club',
        description: 'Film channels and a library of classic and recent films, subtitled in Arabic and French.',
        features: ['Film library', 'Arabic and French subtitles', 'Film channels', 'Resume playback'],
      },
    },
    channels: 200,
    quality: 'HD',
    devices: 1,
    vod: true,
    monthly: 1000,
  },
  {
    key: 'series-illimitees',
    category: 'cinema',
    text: {
      ar: {
        name: 'مسلسلات بلا حدود',
        description: 'مسلسلات تركية وعربية وأمريكية، أكثر من 20 000 حلقة عند الطلب.',
        features: ['20 000 حلقة عند الطلب', 'مسلسلات تركية مدبلجة', 'حلقات جديدة كل يوم', 'شاشتان'],
      },
      fr: {
        name: 'Séries Illimitées',
        description: 'Séries turques, arabes et américaines, plus de 20 000 épisodes à la demande.',
        features: [
          '20 000 épisodes à la demande',
          'Séries turques doublées',
          'Nouveaux épisodes chaque jour',
          'Deux écrans',
        ],
      },
      en: {
        name: 'Unlimited Series',
        description: 'Turkish, Arabic and American series, over 20,000 episodes on demand.',
        features: ['20,000 episodes on demand', 'Dubbed Turkish series', 'New episodes every day', 'Two screens'],
      },
    },
    channels: 150,
    quality: 'Full HD',
    devices: 2,
    vod: true,
    monthly: 1400,
  },
  {
    key: 'cinema-premium-4k',
    category: 'cinema',
    text: {
      ar: {
        name: 'سينما بريميوم 4K',
        description: 'أحدث الأفلام بدقة 4K وكل قنوات السينما المميزة، على ثلاث شاشات.',
        features: ['أفلام حديثة بدقة 4K', 'قنوات سينما مميزة', 'ثلاث شاشات', 'صوت Dolby'],
      },
      fr: {
        name: 'Cinéma Premium 4K',
        description: 'Les sorties récentes en 4K et toutes les chaînes cinéma premium, sur trois écrans.',
        features: ['Films récents en 4K', 'Chaînes cinéma premium', 'Trois écrans', 'Dolby Audio'],
      },
      en: {
        name: 'Cinema Premium 4K',
        description: 'Recent releases in 4K and every premium film channel, on three screens.',
        features: ['Recent films in 4K', 'Premium film channels', 'Three screens', 'Dolby Audio'],
      },
    },
    channels: 400,
    quality: '4K',
    devices: 3,
    popular: true,
    vod: true,
    monthly: 2800,
  },
  {
    key: 'kids-fun',
    category: 'family',
    text: {
      ar: {
        name: 'مرح الأطفال',
        description: 'رسوم متحركة وبرامج تعليمية بالعربية والفرنسية، دون إعلانات موجهة للكبار.',
        features: ['رسوم متحركة بالعربية', 'برامج تعليمية', 'رقابة أبوية', 'خفيفة على الاتصالات الضعيفة'],
      },
      fr: {
        name: 'Kids Fun',
        description: 'Dessins animés et programmes éducatifs en arabe et en français, sans publicité pour adultes.',
        features: [
          'Dessins animés en arabe',
          'Programmes éducatifs',
          'Contrôle parental',
          'Léger pour les petites connexions',
        ],
      },
      en: {
        name: 'Kids Fun',
        description: 'Cartoons and educational programmes in Arabic and French, with no adult advertising.',
        features: ['Cartoons in Arabic', 'Educational programmes', 'Parental control', 'Light on slow connections'],
      },
    },
    channels: 60,
    quality: 'SD',
    devices: 1,
    monthly: 600,
  },
  {
    key: 'famille-complete',
    category: 'family',
    text: {
      ar: {
        name: 'العائلة الكاملة',
        description: 'اشتراك للبيت كله: أطفال، وثائقيات، طبخ، سينما وأخبار، على أربع شاشات.',
        features: ['أربع شاشات', 'رقابة أبوية', 'وثائقيات وطبخ', 'أفلام عند الطلب'],
      },
      fr: {
        name: 'Famille Complète',
        description:
          'Un abonnement pour toute la maison : enfants, documentaires, cuisine, cinéma et info, sur quatre écrans.',
        features: ['Quatre écrans', 'Contrôle parental', 'Documentaires et cuisine', 'Films à la demande'],
      },
      en: {
        name: 'Whole Family',
        description:
          'One subscription for the whole home: kids, documentaries, cooking, films and news, on four screens.',
        features: ['Four screens', 'Parental control', 'Documentaries and cooking', 'Films on demand'],
      },
    },
    channels: 1500,
    quality: 'Full HD',
    devices: 4,
    vod: true,
    monthly: 2200,
  },
  {
    key: 'europe-connect',
    category: 'world',
    text: {
      ar: {
        name: 'أوروبا كونكت',
        description: 'القنوات الفرنسية والبلجيكية والإيطالية والألمانية، مع إعادة مشاهدة كبرى القنوات الأوروبية.',
        features: ['قنوات فرنسية وأوروبية', 'إعادة المشاهدة 7 أيام', 'شاشتان', 'دليل البرامج (EPG)'],
      },
      fr: {
        name: 'Europe Connect',
        description:
          'Les chaînes françaises, belges, italiennes et allemandes, avec le replay des grandes chaînes européennes.',
        features: ['Chaînes françaises et européennes', 'Replay 7 jours', 'Deux écrans', 'Guide des programmes (EPG)'],
      },
      en: {
        name: 'Europe Connect',
        description: 'French, Belgian, Italian and German channels, with replay of the major European channels.',
        features: ['French and European channels', '7-day replay', 'Two screens', 'Programme guide (EPG)'],
      },
    },
    channels: 3000,
    quality: 'Full HD',
    devices: 2,
    monthly: 1800,
  },
  {
    key: 'world-ultimate-4k',
    category: 'world',
    text: {
      ar: {
        name: 'العالم ألتيميت 4K',
        description: 'أكثر من 10 000 قناة من كل أنحاء العالم، مع المكتبة الكاملة وشاشات غير محدودة.',
        features: ['أكثر من 10 000 قناة', 'دقة 4K', 'شاشات غير محدودة', 'مكتبة فيديو كاملة', 'دعم على مدار الساعة'],
      },
      fr: {
        name: 'World Ultimate 4K',
        description: 'Plus de 10 000 chaînes du monde entier, la vidéothèque complète et les écrans illimités.',
        features: ['10 000+ chaînes', 'Qualité 4K', 'Écrans illimités', 'Vidéothèque complète', 'Support 24/7'],
      },
      en: {
        name: 'World Ultimate 4K',
        description: 'Over 10,000 channels from around the world, the complete video library and unlimited screens.',
        features: ['10,000+ channels', '4K quality', 'Unlimited screens', 'Complete video library', '24/7 support'],
      },
    },
    channels: 10000,
    quality: '4K',
    devices: 5,
    popular: true,
    vod: true,
    monthly: 4000,
  },
];

/** The seven durations at their default prices; the free trial costs nothing. */
export const demoPrices = (monthly: number) =>
  DURATIONS.map((duration) => ({ duration, price: defaultPrice(duration, monthly), active: true }));
