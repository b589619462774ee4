import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../errors.ts';

/** A resource's version as a weak entity tag: `W/"7"`. */
export const versionTag = (version: number) => `W/"${version}"`;

export function sendVersion(reply: FastifyReply, version: number) {
  reply.header('ETag', versionTag(version));
}

/** The version an If-Match names, or null without one (or with `*`): then the last write wins (v1). */
export function expectedVersion(request: FastifyRequest): number | null {
  const ifMatch = request.headers['if-match'];
  if (ifMatch === undefined || ifMatch.trim() === '*') return null;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(ifMatch);
  return match ? Number(match[1]) : -1;
}

/** docs/api.md: a write with a stale If-Match → 412. */
export function assertIfMatch(request: FastifyRequest, version: number) {
  const expected = expectedVersion(request);
  if (expected !== null && expected !== version) throw appError(412, 'errors.preconditionFailed');
}
