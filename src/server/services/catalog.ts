import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Benefit, Plan, Service } from '#shared/schemas/catalog.ts';
import type { Db } from '../db/client.ts';
import { benefits, isotopes, planBenefits, plans, services } from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';

export type IsotopeFilter = 'dosimetry' | 'radiosyno' | null;

/** Isotope names, newest first (v1 order); `dosimetry`/`radiosyno` filter, anything else lists all. */
export async function listIsotopeNames(db: Db, filter: IsotopeFilter): Promise<string[]> {
  const where = filter === null ? undefined : eq(isotopes[filter], true);
  const rows = await db
    .select({ name: isotopes.name })
    .from(isotopes)
    .where(where)
    .orderBy(desc(isotopes.createdAt), desc(isotopes.id));
  return rows.map((row) => row.name);
}

type ServiceRow = typeof services.$inferSelect;

function localizeService(row: ServiceRow, t: Translate): Service {
  const key = (field: string) => `catalog:services.${row.id}.${field}`;
  return {
    id: row.id as Service['id'],
    code: row.code,
    title: t(key('title')),
    body: t(key('body')),
    img: row.img,
    shortDescription: t(key('shortDescription')),
    longDescription: Array.from({ length: row.longDescriptionCount }, (_, i) => t(key(`longDescription.${i}`))),
    productDescription: t(key('productDescription')),
    hasAnalyses: row.hasAnalyses,
  };
}

export async function listServices(db: Db, t: Translate): Promise<Service[]> {
  const rows = await db.select().from(services).orderBy(asc(services.position));
  return rows.map((row) => localizeService(row, t));
}

export async function findService(db: Db, id: string, t: Translate): Promise<Service | null> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row ? localizeService(row, t) : null;
}

export async function benefitsByPlan(db: Db, planIds: string[], t: Translate): Promise<Map<string, Benefit[]>> {
  const result = new Map<string, Benefit[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return result;
  const rows = await db
    .select({ planId: planBenefits.planId, id: benefits.id, key: benefits.key, uri: benefits.uri })
    .from(planBenefits)
    .innerJoin(benefits, eq(benefits.id, planBenefits.benefitId))
    .where(inArray(planBenefits.planId, planIds))
    .orderBy(asc(benefits.createdAt));
  for (const row of rows) {
    result.get(row.planId)?.push({ id: row.id, name: t(`catalog:benefits.${row.key}`), uri: row.uri });
  }
  return result;
}

async function selectPlans(db: Db, t: Translate, id?: string): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(id === undefined ? undefined : eq(plans.id, id))
    .orderBy(asc(plans.position));
  const planBenefitMap = await benefitsByPlan(db, rows.map((row) => row.id), t);
  return rows.map((row) => ({
    id: row.id,
    title: t(`catalog:plans.${row.id}.title`),
    slogan: t(`catalog:plans.${row.id}.slogan`),
    price: row.price,
    discount: row.discount,
    trialTime: row.trialTime,
    modality: row.modality,
    benefits: planBenefitMap.get(row.id) ?? [],
  }));
}

export const listPlans = (db: Db, t: Translate) => selectPlans(db, t);

export async function findPlan(db: Db, id: string, t: Translate): Promise<Plan | null> {
  const [plan] = await selectPlans(db, t, id);
  return plan ?? null;
}

/** A service's title in the request's language, from its id (the catalog's texts). */
export const serviceNameOf = (serviceId: string, t: Translate) => t(`catalog:services.${serviceId}.title`);
