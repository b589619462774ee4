import { ApiError } from '#app/lib/api-client.ts';
import { splitApiError } from './form-messages.ts';

const FIELDS = { email: 'email', confirmed_email: 'confirmedEmail', password2: 'password' } as const;

describe('splitApiError', () => {
  it('puts the messages of known fields beside them and the rest in the alert, without their prefix', () => {
    const error = new ApiError(400, [
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

  it('has a message for an answer without one, a network failure and anything else', () => {
    expect(splitApiError(new ApiError(502, []), FIELDS)).toEqual({ fields: {}, general: [{ key: 'auth:errors.unexpected' }] });
    expect(splitApiError(new TypeError('Failed to fetch'), FIELDS)).toEqual({ fields: {}, general: [{ key: 'auth:errors.network' }] });
    expect(splitApiError(new Error('parse'), FIELDS)).toEqual({ fields: {}, general: [{ key: 'auth:errors.unexpected' }] });
  });
});
