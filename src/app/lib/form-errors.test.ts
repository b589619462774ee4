import { apiProblemOf } from '#shared/schemas/api-errors.ts';
import { ApiError } from './api-client.ts';

/** An error answer as the API client reads it (the shared parser: fields as data). */
const apiError = (status: number, texts: string[]) => new ApiError(status, texts.map(apiProblemOf));
import { messageText, ruleMessages, splitApiError } from './form-errors.ts';

const FIELDS = { email: 'email', confirmedEmail: 'confirmedEmail', password2: 'password' } as const;

/** Every language's common namespace, where the messages of failures without a usable answer live. */
const COMMON = import.meta.glob<Record<string, Record<string, unknown>>>('/locales/*/common.json', { eager: true, import: 'default' });

describe('splitApiError', () => {
  it('puts the messages of known fields beside them and the rest in the alert, without their prefix', () => {
    const error = apiError(400, [
      'email: Usuário com este Endereço de email já existe.',
      'password2: Esta senha é muito comum.',
      'password2: Esta senha é inteiramente numérica.',
      'phone: Informe um número de telefone válido.',
      'Algo geral.',
    ]);
    expect(splitApiError(error, FIELDS)).toEqual({
      fields: {
        email: [{ text: 'Usuário com este Endereço de email já existe.' }],
        password: [{ text: 'Esta senha é muito comum.' }, { text: 'Esta senha é inteiramente numérica.' }],
      },
      general: [{ text: 'Informe um número de telefone válido.' }, { text: 'Algo geral.' }],
    });
  });

  it('gathers the messages of several API names onto one field, in the order the server sent them', () => {
    const error = apiError(400, ['password2: Esta senha é muito comum.', 'password1: Esta senha é muito curta.']);
    expect(splitApiError(error, { password1: 'password', password2: 'password' }).fields).toEqual({
      password: [{ text: 'Esta senha é muito comum.' }, { text: 'Esta senha é muito curta.' }],
    });
  });

  it('without fields (a call of no form) everything is general', () => {
    const error = apiError(409, ['O e-mail já foi verificado.', 'email: Endereço inválido.']);
    expect(splitApiError(error, {})).toEqual({ fields: {}, general: [{ text: 'O e-mail já foi verificado.' }, { text: 'Endereço inválido.' }] });
  });

  it('does not take an API name for an inherited property of the field map', () => {
    expect(splitApiError(apiError(400, ['constructor: Não.']), FIELDS)).toEqual({ fields: {}, general: [{ text: 'Não.' }] });
  });

  it('has a message for an answer without one, a network failure and anything else', () => {
    expect(splitApiError(apiError(502, []), FIELDS)).toEqual({ fields: {}, general: [{ key: 'common:apiErrors.unexpected' }] });
    expect(splitApiError(new TypeError('Failed to fetch'), FIELDS)).toEqual({ fields: {}, general: [{ key: 'common:apiErrors.network' }] });
    expect(splitApiError(new Error('parse'), FIELDS)).toEqual({ fields: {}, general: [{ key: 'common:apiErrors.unexpected' }] });
  });

  it('names those messages with keys every language has', () => {
    expect(Object.keys(COMMON)).toHaveLength(3);
    for (const common of Object.values(COMMON)) {
      expect(common.apiErrors).toEqual({ network: expect.any(String), unexpected: expect.any(String) });
    }
  });
});

describe('ruleMessages', () => {
  it('turns the rule keys of each field into messages and leaves out the fields without any', () => {
    expect(ruleMessages({ email: ['validation:required'], password: [], name: ['validation:a', 'validation:b'] })).toEqual({
      email: [{ key: 'validation:required' }],
      name: [{ key: 'validation:a' }, { key: 'validation:b' }],
    });
  });
});

describe('messageText', () => {
  it("translates a key and keeps the server's text", () => {
    const t = (key: string) => `«${key}»`;
    expect(messageText({ key: 'validation:required' }, t)).toBe('«validation:required»');
    expect(messageText({ text: 'Algo geral.' }, t)).toBe('Algo geral.');
  });
});
