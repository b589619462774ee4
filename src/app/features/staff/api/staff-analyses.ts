import type { ApiProblem } from '#shared/schemas/api-errors.ts';
import { AnalysisList } from '#shared/schemas/analyses.ts';
import { StaffAnalysis, type StaffStatusMove } from '#shared/schemas/staff-analyses.ts';
import { staffApi } from '#shared/schemas/staff-routes.ts';
import { ApiError } from '#app/lib/api-client.ts';
import type { StaffSearch } from '../staff-search.ts';
import { PAGE_SIZE, ifMatch, staffListQuery, staffRecordQuery, staffRequest, useStaffWrite } from './staff-requests.ts';

export const DEFAULT_ANALYSIS_SORT = 'modifiedAt';

/** The analysis queue: oldest change first unless sorted otherwise; by status, service and creation day. */
export const staffAnalysesQuery = (search: StaffSearch, filters: { userId?: string; orderId?: string } = {}) =>
  staffListQuery('analyses', staffApi.analyses, AnalysisList, {
    status: search.status,
    serviceId: search.service,
    from: search.from,
    to: search.to,
    ...filters,
    sort: search.sort ?? DEFAULT_ANALYSIS_SORT,
    limit: PAGE_SIZE,
    offset: ((search.page ?? 1) - 1) * PAGE_SIZE,
  });

export const staffAnalysisQuery = (id: string) => staffRecordQuery('analyses', id, staffApi.analysis(id), StaffAnalysis);

/** 412: someone moved the analysis since it was read; `current` is what it is now. */
export class StaleAnalysisError extends ApiError {
  constructor(
    problems: readonly ApiProblem[],
    readonly current: StaffAnalysis,
  ) {
    super(412, problems);
  }
}

/** A status move from the status (and version) the staff member read; a report goes as a finished upload's id. */
export const useMoveAnalysis = () =>
  useStaffWrite(async ({ analysis, move }: { analysis: StaffAnalysis; move: Omit<StaffStatusMove, 'from'> }) => {
    const body: StaffStatusMove = { ...move, from: analysis.statusCode };
    try {
      return await staffRequest(staffApi.analysisStatus(analysis.id), StaffAnalysis, { method: 'POST', body, headers: ifMatch(analysis.version) });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 412) throw error;
      throw new StaleAnalysisError(error.problems, await staffRequest(staffApi.analysis(analysis.id), StaffAnalysis));
    }
  });
