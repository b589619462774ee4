/** The seeded catalog: isotopes (v1 fixture), services and plans (docs/product.md, docs/domain.md). Texts are translation keys in locales/catalog.json. */

export interface IsotopeSeed {
  name: string;
  dosimetry: boolean;
  radiosyno: boolean;
}

/** v1 fixture order (pk 1..16); the API lists newest first, so the reverse of this order. */
export const ISOTOPES: readonly IsotopeSeed[] = [
  { name: 'Lu-177', dosimetry: true, radiosyno: true },
  { name: 'Cu-64', dosimetry: true, radiosyno: false },
  { name: 'Cu-67', dosimetry: true, radiosyno: false },
  { name: 'F-18', dosimetry: true, radiosyno: false },
  { name: 'Ga-68', dosimetry: true, radiosyno: false },
  { name: 'Ho-166', dosimetry: true, radiosyno: false },
  { name: 'I-124', dosimetry: true, radiosyno: false },
  { name: 'I-131', dosimetry: true, radiosyno: false },
  { name: 'In-111', dosimetry: true, radiosyno: false },
  { name: 'Sm-153', dosimetry: true, radiosyno: true },
  { name: 'Tb-161', dosimetry: true, radiosyno: false },
  { name: 'Tc-99m', dosimetry: true, radiosyno: false },
  { name: 'Y-90', dosimetry: true, radiosyno: true },
  { name: 'P-32', dosimetry: false, radiosyno: true },
  { name: 'Re-188', dosimetry: false, radiosyno: true },
  { name: 'Re-186', dosimetry: false, radiosyno: true },
];

export const SERVICE_IDS = ['dosi-clin', 'dosi-preclin', 'seg-quant', 'radiosino', 'model-comp'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
export const isServiceId = (id: string): id is ServiceId => (SERVICE_IDS as readonly string[]).includes(id);

export interface ServiceSeed {
  id: ServiceId;
  /** v1 order code; model-comp had none (quote only). */
  code: string | null;
  img: string;
  /** Whether orders of this service take analyses (model-comp is quote-only). */
  hasAnalyses: boolean;
  /** How many paragraphs the long description has in locales/catalog.json. */
  longDescriptionCount: number;
}

export const SERVICES: readonly ServiceSeed[] = [
  { id: 'dosi-clin', code: 'DC', img: '/images/services/dosi-clin.svg', hasAnalyses: true, longDescriptionCount: 4 },
  { id: 'dosi-preclin', code: 'PCD', img: '/images/services/dosi-preclin.svg', hasAnalyses: true, longDescriptionCount: 3 },
  { id: 'seg-quant', code: 'SQ', img: '/images/services/seg-quant.svg', hasAnalyses: true, longDescriptionCount: 3 },
  { id: 'radiosino', code: 'RA', img: '/images/services/radiosino.svg', hasAnalyses: true, longDescriptionCount: 3 },
  { id: 'model-comp', code: null, img: '/images/services/model-comp.svg', hasAnalyses: false, longDescriptionCount: 3 },
];

export interface BenefitSeed {
  id: string;
  key: string;
  uri: string;
}

export const CALCULATOR_BENEFIT: BenefitSeed = {
  id: 'a56ae0d0-9ba5-45ba-846f-f66897b7b424',
  key: 'calculator',
  uri: '/dashboard/my-signatures/benefits/calculator',
};

/** Every benefit a plan may include. */
export const BENEFITS: readonly BenefitSeed[] = [CALCULATOR_BENEFIT];

export const PLAN_MODALITIES = ['monthly', 'yearly'] as const;
export type PlanModality = (typeof PLAN_MODALITIES)[number];

export interface PlanSeed {
  id: string;
  modality: PlanModality;
  /** USD */
  price: number;
  /** USD */
  discount: number;
  trialTime: number;
  benefitIds: readonly string[];
}

export const PLANS: readonly PlanSeed[] = [
  { id: 'monthly', modality: 'monthly', price: 60, discount: 0, trialTime: 30, benefitIds: [CALCULATOR_BENEFIT.id] },
  { id: 'yearly', modality: 'yearly', price: 600, discount: 380, trialTime: 30, benefitIds: [CALCULATOR_BENEFIT.id] },
];
