import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { hitRateLimit, type RateLimitRule } from '../services/rate-limit.ts';

/**
 * Counts this request against each rule; over any of them → 429 with Retry-After. `messageKey` may name a message
 * that tells the user when to retry (`{{minutes}}`).
 */
export async function enforceRateLimits(request: FastifyRequest, rules: RateLimitRule[], messageKey = 'errors.tooManyRequests'): Promise<void> {
  for (const rule of rules) {
    const retryAfter = await hitRateLimit(request.server.db, rule);
    if (retryAfter !== null) {
      const minutes = Math.ceil(retryAfter / 60);
      throw new AppError(429, [{ key: messageKey, values: { minutes } }], { 'Retry-After': String(retryAfter) });
    }
  }
}

const MINUTE = 60;
const HOUR = 3600;

/** The limits of the unauthenticated account routes (per client address and per account). */
export const LIMITS = {
  loginByIp: (ip: string) => ({ key: `login:ip:${ip}`, limit: 30, windowSeconds: 15 * MINUTE }),
  loginByEmail: (email: string) => ({ key: `login:email:${email.toLowerCase()}`, limit: 10, windowSeconds: 15 * MINUTE }),
  registerByIp: (ip: string) => ({ key: `register:ip:${ip}`, limit: 10, windowSeconds: HOUR }),
  resetByIp: (ip: string) => ({ key: `reset:ip:${ip}`, limit: 10, windowSeconds: HOUR }),
  resetByEmail: (email: string) => ({ key: `reset:email:${email.toLowerCase()}`, limit: 3, windowSeconds: HOUR }),
  resendByUser: (userId: string) => ({ key: `resend:user:${userId}`, limit: 3, windowSeconds: 15 * MINUTE }),
  /** Each change mails the new address. */
  emailChangeByUser: (userId: string) => ({ key: `email-change:user:${userId}`, limit: 5, windowSeconds: HOUR }),
  /** Each message mails the company. */
  contactByEmail: (email: string) => ({ key: `contact:email:${email.toLowerCase()}`, limit: 5, windowSeconds: HOUR }),
  /**
   * A new e-mail for each message must not open the flood again. A clinic behind one NAT writes a few messages a
   * day; 20 an hour from one address is already a flood.
   */
  contactByIp: (ip: string) => ({ key: `contact:ip:${ip}`, limit: 20, windowSeconds: HOUR }),
};
