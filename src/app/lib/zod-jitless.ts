/**
 * zod compiles object parsers with `new Function` unless told not to, and first probes whether it may.
 * Our CSP (script-src 'self', no 'unsafe-eval') refuses, and the browser reports the refused probe as
 * a violation even though zod catches it. zod keeps its settings (`z.config()`) in this global object,
 * so the app turns the compiler off here without loading zod at start (zod is in lazy chunks only).
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
