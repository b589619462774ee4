import { sql } from 'drizzle-orm';
import { CALCULATOR_BENEFIT, ISOTOPES, PLANS, SERVICES } from '#shared/catalog.ts';
import type { Db } from './client.ts';
import { benefits, isotopes, planBenefits, plans, services } from './schema.ts';

/** v1's fixture was created 2023-02-18 in pk order; one second apart keeps its newest-first listing. */
const FIXTURE_EPOCH = Date.UTC(2023, 1, 18);

/** Inserts or refreshes the catalog; safe to run on every start. */
export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(isotopes)
      .values(ISOTOPES.map((iso, i) => ({ ...iso, createdAt: new Date(FIXTURE_EPOCH + i * 1000) })))
      .onConflictDoUpdate({
        target: isotopes.name,
        set: { dosimetry: sql`excluded.dosimetry`, radiosyno: sql`excluded.radiosyno` },
      });
    await tx
      .insert(services)
      .values(SERVICES.map((service, position) => ({ ...service, position })))
      .onConflictDoUpdate({
        target: services.id,
        set: {
          code: sql`excluded.code`,
          position: sql`excluded.position`,
          img: sql`excluded.img`,
          hasAnalyses: sql`excluded.has_analyses`,
          longDescriptionCount: sql`excluded.long_description_count`,
        },
      });
    await tx
      .insert(benefits)
      .values(CALCULATOR_BENEFIT)
      .onConflictDoUpdate({ target: benefits.id, set: { key: sql`excluded.key`, uri: sql`excluded.uri` } });
    await tx
      .insert(plans)
      .values(PLANS.map(({ benefitIds: _ids, ...plan }, position) => ({ ...plan, position })))
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          position: sql`excluded.position`,
          modality: sql`excluded.modality`,
          price: sql`excluded.price`,
          discount: sql`excluded.discount`,
          trialTime: sql`excluded.trial_time`,
        },
      });
    const links = PLANS.flatMap((plan) => plan.benefitIds.map((benefitId) => ({ planId: plan.id, benefitId })));
    await tx.insert(planBenefits).values(links).onConflictDoNothing();
  });
}
