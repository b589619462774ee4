/** The longest token a mailed link carries. */
const MAX_TOKEN_LENGTH = 512;

/**
 * `?token=…` of the links mailed for e-mail confirmation and password reset, trimmed; a missing or odd
 * token is `undefined`. A plain validator, not zod: route search validators are in the start-up bundle.
 */
export const TokenSearch = {
  parse(search: Record<string, unknown>): { token?: string } {
    const token = typeof search.token === 'string' ? search.token.trim() : '';
    // `undefined`, not left out: the router keeps search keys a validator leaves out.
    return { token: token.length >= 1 && token.length <= MAX_TOKEN_LENGTH ? token : undefined };
  },
};
