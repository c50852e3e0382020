import { DURATIONS, defaultPrice, type Quality } from '../../shared/catalogue';

// The demo catalogue created on the first start of an empty store (SEED_DEMO): believable
// packages, prices in Da for the seven durations (the default multipliers, docs/product.md#constants), a card colour each.

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
  colors: [string, string];
}

export interface DemoProduct {
  key: string;
  category: string;
  name: string;
  description: string;
  channels: number;
  quality: Quality;
  devices: number;
  popular?: boolean;
  vod?: boolean;
  /** The one-month price in Da; the other durations follow from it. */
  monthly: number;
  features: string[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    key: 'arab',
    name: 'Algérie & Monde Arabe',
    description:
      'Les chaînes nationales algériennes et le meilleur du monde arabe : info, divertissement, religion. القنوات الجزائرية والعربية.',
    colors: ['#065f46', '#10b981'],
  },
  {
    key: 'sport',
    name: 'Sport',
    description:
      'Football, handball, sports mécaniques et combats en direct, avec les grands championnats européens et africains. رياضة مباشرة.',
    colors: ['#1e3a8a', '#3b82f6'],
  },
  {
    key: 'cinema',
    name: 'Cinéma & Séries',
    description:
      'Films récents, séries turques, arabes et américaines, et une vidéothèque à la demande. أفلام ومسلسلات.',
    colors: ['#7f1d1d', '#f97316'],
  },
  {
    key: 'family',
    name: 'Enfants & Famille',
    description:
      'Dessins animés, documentaires et programmes pour toute la famille, en arabe et en français. برامج الأطفال والعائلة.',
    colors: ['#6b21a8', '#ec4899'],
  },
  {
    key: 'world',
    name: 'International',
    description:
      'Les bouquets européens, turcs et internationaux, pour suivre le monde depuis l’Algérie. قنوات عالمية.',
    colors: ['#0f172a', '#6366f1'],
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    key: 'algerie-essentiel',
    category: 'arab',
    name: 'Algérie Essentiel',
    description:
      'Toutes les chaînes nationales algériennes et les grandes chaînes d’info arabes, en HD. جميع القنوات الجزائرية بجودة عالية.',
    channels: 350,
    quality: 'HD',
    devices: 1,
    monthly: 800,
    features: [
      'Chaînes nationales algériennes',
      'Info en continu 24/7',
      'Guide des programmes (EPG)',
      'Replay 7 jours',
    ],
  },
  {
    key: 'maghreb-plus',
    category: 'arab',
    name: 'Maghreb Plus',
    description:
      'Algérie, Maroc, Tunisie et Moyen-Orient en Full HD sur deux écrans, avec les chaînes religieuses et musicales. المغرب العربي كاملا.',
    channels: 900,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    monthly: 1500,
    features: [
      'Chaînes du Maghreb et du Golfe',
      'Deux écrans en même temps',
      'Chaînes religieuses et musicales',
      'Replay 7 jours',
    ],
  },
  {
    key: 'arabia-gold-4k',
    category: 'arab',
    name: 'Arabia Gold 4K',
    description:
      'Le bouquet arabe le plus complet, en 4K quand la chaîne le permet, avec films et séries du Ramadan à la demande. الباقة الذهبية.',
    channels: 2500,
    quality: '4K',
    devices: 3,
    vod: true,
    monthly: 2500,
    features: ['Qualité 4K', 'Séries du Ramadan à la demande', 'Trois écrans', 'Anti-coupure'],
  },
  {
    key: 'sport-essentiel',
    category: 'sport',
    name: 'Sport Essentiel',
    description:
      'Le championnat algérien, la Ligue des champions africaine et les grands matchs européens en HD. كرة القدم مباشرة.',
    channels: 120,
    quality: 'HD',
    devices: 1,
    monthly: 1200,
    features: ['Ligue 1 algérienne', 'Compétitions africaines', 'Matchs européens', 'Guide des programmes (EPG)'],
  },
  {
    key: 'sport-max',
    category: 'sport',
    name: 'Sport Max Full HD',
    description: 'Tous les championnats européens, la Formule 1, le tennis et les combats, en Full HD sur deux écrans.',
    channels: 300,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    monthly: 2000,
    features: ['Championnats européens', 'Formule 1 et MotoGP', 'Tennis et combats', 'Multi-écrans'],
  },
  {
    key: 'football-ultra-4k',
    category: 'sport',
    name: 'Football Ultra 4K',
    description:
      'Le football mondial en 4K, sans limite d’écrans, avec les matchs en différé et les résumés. كرة القدم بدقة 4K.',
    channels: 450,
    quality: '4K',
    devices: 5,
    vod: true,
    monthly: 3500,
    features: ['Qualité 4K', 'Écrans illimités', 'Matchs en différé', 'Résumés et analyses'],
  },
  {
    key: 'cine-club',
    category: 'cinema',
    name: 'Ciné Club',
    description:
      'Les chaînes cinéma et une vidéothèque de films classiques et récents, sous-titrés en arabe et en français.',
    channels: 200,
    quality: 'HD',
    devices: 1,
    vod: true,
    monthly: 1000,
    features: ['Vidéothèque de films', 'Sous-titres arabe et français', 'Chaînes cinéma', 'Reprise de lecture'],
  },
  {
    key: 'series-illimitees',
    category: 'cinema',
    name: 'Séries Illimitées',
    description: 'Séries turques, arabes et américaines, plus de 20 000 épisodes à la demande. مسلسلات تركية وعربية.',
    channels: 150,
    quality: 'Full HD',
    devices: 2,
    vod: true,
    monthly: 1400,
    features: [
      '20 000 épisodes à la demande',
      'Séries turques doublées',
      'Nouveaux épisodes chaque jour',
      'Deux écrans',
    ],
  },
  {
    key: 'cinema-premium-4k',
    category: 'cinema',
    name: 'Cinéma Premium 4K',
    description: 'Les sorties récentes en 4K et toutes les chaînes cinéma premium, sur trois écrans.',
    channels: 400,
    quality: '4K',
    devices: 3,
    popular: true,
    vod: true,
    monthly: 2800,
    features: ['Films récents en 4K', 'Chaînes cinéma premium', 'Trois écrans', 'Dolby Audio'],
  },
  {
    key: 'kids-fun',
    category: 'family',
    name: 'Kids Fun',
    description:
      'Dessins animés et programmes éducatifs en arabe et en français, sans publicité pour adultes. رسوم متحركة.',
    channels: 60,
    quality: 'SD',
    devices: 1,
    monthly: 600,
    features: [
      'Dessins animés en arabe',
      'Programmes éducatifs',
      'Contrôle parental',
      'Léger pour les petites connexions',
    ],
  },
  {
    key: 'famille-complete',
    category: 'family',
    name: 'Famille Complète',
    description:
      'Un abonnement pour toute la maison : enfants, documentaires, cuisine, cinéma et info, sur quatre écrans.',
    channels: 1500,
    quality: 'Full HD',
    devices: 4,
    vod: true,
    monthly: 2200,
    features: ['Quatre écrans', 'Contrôle parental', 'Documentaires et cuisine', 'Films à la demande'],
  },
  {
    key: 'europe-connect',
    category: 'world',
    name: 'Europe Connect',
    description:
      'Les chaînes françaises, belges, italiennes et allemandes, avec le replay des grandes chaînes européennes.',
    channels: 3000,
    quality: 'Full HD',
    devices: 2,
    monthly: 1800,
    features: ['Chaînes françaises et européennes', 'Replay 7 jours', 'Deux écrans', 'Guide des programmes (EPG)'],
  },
  {
    key: 'world-ultimate-4k',
    category: 'world',
    name: 'World Ultimate 4K',
    description:
      'Plus de 10 000 chaînes du monde entier, la vidéothèque complète et les écrans illimités. كل القنوات العالمية.',
    channels: 10000,
    quality: '4K',
    devices: 5,
    popular: true,
    vod: true,
    monthly: 4000,
    features: ['10 000+ chaînes', 'Qualité 4K', 'Écrans illimités', 'Vidéothèque complète', 'Support 24/7'],
  },
];

/** The seven durations at their default prices; the free trial costs nothing. */
export const demoPrices = (monthly: number) =>
  DURATIONS.map((duration) => ({ duration, price: defaultPrice(duration, monthly), active: true }));
