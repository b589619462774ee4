import { z } from 'zod';
import { PLAN_MODALITIES, SERVICE_IDS } from '../catalog.ts';
import { listOf } from './common.ts';

export const IsotopeFilter = z.enum(['dosimetry', 'radiosyno']);
export const IsotopeQuery = z.strictObject({
  // v1: any other value lists everything, so unknown values are not an error.
  q: z.string().max(64).optional(),
});
export const IsotopeList = listOf(z.string()).meta({ id: 'IsotopeList' });
export type IsotopeList = z.infer<typeof IsotopeList>;

export const ServiceId = z.enum(SERVICE_IDS);

export const Service = z
  .object({
    id: ServiceId,
    code: z.string().nullable(),
    title: z.string(),
    body: z.string(),
    img: z.string(),
    shortDescription: z.string(),
    longDescription: z.array(z.string()),
    productDescription: z.string(),
    hasAnalyses: z.boolean(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof Service>;
export const ServiceList = listOf(Service).meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof ServiceList>;

export const Benefit = z.object({ id: z.uuid(), name: z.string(), uri: z.string() }).meta({ id: 'Benefit' });
export type Benefit = z.infer<typeof Benefit>;

export const Plan = z
  .object({
    id: z.string(),
    title: z.string(),
    price: z.number(),
    discount: z.number(),
    trialTime: z.number().int(),
    modality: z.enum(PLAN_MODALITIES),
    slogan: z.string(),
    benefits: z.array(Benefit),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;
export const PlanList = listOf(Plan).meta({ id: 'PlanList' });
export type PlanList = z.infer<typeof PlanList>;

export const CatalogIdParams = z.object({ id: z.string().min(1).max(64) });
