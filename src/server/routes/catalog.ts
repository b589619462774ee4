import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import {
  CatalogIdParams,
  IsotopeFilter,
  IsotopeList,
  IsotopeQuery,
  Plan,
  PlanList,
  Service,
  ServiceList,
} from '#shared/schemas/catalog.ts';
import { appError } from '../errors.ts';
import { findPlan, findService, listIsotopeNames, listPlans, listServices } from '../services/catalog.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/isotopes/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Isotope names, newest first; q=dosimetry or q=radiosyno filters',
        querystring: IsotopeQuery,
        response: { 200: IsotopeList, 400: ErrorBody },
      },
    },
    async (request) => {
      const filter = IsotopeFilter.safeParse(request.query.q);
      const row = await listIsotopeNames(app.db, filter.success ? filter.data : null);
      return { count: row.length, row };
    },
  );

  app.get(
    '/services/',
    { schema: { tags: ['catalog'], summary: 'The services on offer', response: { 200: ServiceList } } },
    async (request) => {
      const row = await listServices(app.db, request.t);
      return { count: row.length, row };
    },
  );

  app.get(
    '/services/:id/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One service',
        params: CatalogIdParams,
        response: { 200: Service, 404: ErrorBody },
      },
    },
    async (request) => {
      const service = await findService(app.db, request.params.id, request.t);
      if (!service) throw appError(404, 'errors.serviceNotFound');
      return service;
    },
  );

  app.get(
    '/plans/',
    { schema: { tags: ['catalog'], summary: 'Subscription plans with their benefits', response: { 200: PlanList } } },
    async (request) => {
      const row = await listPlans(app.db, request.t);
      return { count: row.length, row };
    },
  );

  app.get(
    '/plans/:id/',
    {
      schema: { tags: ['catalog'], summary: 'One plan', params: CatalogIdParams, response: { 200: Plan, 404: ErrorBody } },
    },
    async (request) => {
      const plan = await findPlan(app.db, request.params.id, request.t);
      if (!plan) throw appError(404, 'errors.planNotFound');
      return plan;
    },
  );
};
