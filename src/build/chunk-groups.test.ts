import type { Rolldown } from 'vite';
import { pageImportsGroup, schemasGroup } from './chunk-groups.ts';

const ROOT = '/repo';
const LOGIN_PAGE = `${ROOT}/src/app/routes/login.tsx?tsr-split=component`;
const SIGNUP_PAGE = `${ROOT}/src/app/routes/signup.tsx?tsr-split=component---loader`;
const LOGIN_ERROR = `${ROOT}/src/app/routes/login.tsx?tsr-split=errorComponent`;
const ZOD = `${ROOT}/node_modules/zod/v4/classic/schemas.js`;

/** A module graph: each module and the modules it imports. */
function graph(imports: Record<string, string[]>): Rolldown.ChunkingContext {
  const importers = (id: string) => Object.keys(imports).filter((other) => imports[other]!.includes(id));
  return {
    getModuleInfo: (id) => ({ id, importedIds: imports[id] ?? [], importers: importers(id) }) as unknown as Rolldown.ModuleInfo,
  };
}

function chunkOf(group: Rolldown.CodeSplittingGroup, ctx: Rolldown.ChunkingContext, id: string) {
  return typeof group.name === 'function' ? group.name(id, ctx) : group.name;
}

describe('pageImportsGroup: what a page imports, keyed on its route', () => {
  const ctx = graph({
    [LOGIN_PAGE]: [`${ROOT}/src/app/features/auth/components/login-form.tsx`],
    [SIGNUP_PAGE]: [`${ROOT}/src/app/features/auth/components/signup-form.tsx`],
    [LOGIN_ERROR]: [`${ROOT}/src/app/ui/error-screen.tsx`],
    [`${ROOT}/src/app/features/auth/components/login-form.tsx`]: [`${ROOT}/src/app/lib/session-api.ts`],
  });
  const group = pageImportsGroup('login-form', 'login');

  it.each([
    ['the login page component imports', `${ROOT}/src/app/features/auth/components/login-form.tsx`, 'login-form'],
    ['another page imports', `${ROOT}/src/app/features/auth/components/signup-form.tsx`, null],
    ["the login route's error component imports", `${ROOT}/src/app/ui/error-screen.tsx`, null],
    ['the page itself', LOGIN_PAGE, null],
  ])('a module %s → %s', (_, id, chunk) => {
    expect(chunkOf(group, ctx, id)).toBe(chunk);
  });

  it("leaves the form's own imports to the bundler, which puts them with it (includeDependenciesRecursively)", () => {
    expect(chunkOf(group, ctx, `${ROOT}/src/app/lib/session-api.ts`)).toBeNull();
    expect(group.includeDependenciesRecursively).not.toBe(false);
  });
});

describe('schemasGroup: zod and the shared modules built on it', () => {
  const ctx = graph({
    [`${ROOT}/src/shared/schemas/users.ts`]: [ZOD, `${ROOT}/src/shared/brazil/cpf.ts`],
    [`${ROOT}/src/shared/languages.ts`]: [],
    [`${ROOT}/src/app/features/auth/api/auth-api.ts`]: [ZOD],
  });
  const group = schemasGroup('schemas');

  it.each([
    ['zod', ZOD, 'schemas'],
    ['a shared schema (imports zod)', `${ROOT}/src/shared/schemas/users.ts`, 'schemas'],
    ['shared code without zod', `${ROOT}/src/shared/languages.ts`, null],
    ['client code that imports zod', `${ROOT}/src/app/features/auth/api/auth-api.ts`, null],
  ])('%s → %s', (_, id, chunk) => {
    expect(chunkOf(group, ctx, id)).toBe(chunk);
  });
});
