import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../errors.ts';

/** A resource's version as a weak entity tag: `W/"7"`. */
export const versionTag = (version: number) => `W/"${version}"`;

export function sendVersion(reply: FastifyReply, version: number) {
  reply.header('ETag', versionTag(version));
}

/** API.md: a write with a stale If-Match → 412; without If-Match the last write wins (v1). */
export function assertIfMatch(request: FastifyRequest, version: number) {
  const ifMatch = request.headers['if-match'];
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const tags = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!tags.includes(`"${version}"`)) throw appError(412, 'errors.preconditionFailed');
}
