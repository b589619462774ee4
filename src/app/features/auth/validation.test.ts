import { validateForgotPassword, validateLogin, validateResetPassword, validateSignup, type SignupValues } from './validation.ts';

const VALID: SignupValues = {
  name: 'Ana-Maria D’Ávila',
  email: 'ana@clinica.com.br',
  confirmedEmail: ' ANA@clinica.com.br ',
  password: 'Radiof4rmaco!2024',
  passwordConfirm: 'Radiof4rmaco!2024',
  acceptTerms: true,
};

describe('validateSignup', () => {
  it('accepts a complete form (the e-mails compared trimmed and case-insensitively)', () => {
    expect(validateSignup(VALID)).toEqual({});
  });

  it('asks for every empty field and the terms', () => {
    expect(validateSignup({ name: ' ', email: '', confirmedEmail: '', password: '', passwordConfirm: '', acceptTerms: false })).toEqual({
      name: ['validation:required'],
      email: ['validation:required'],
      confirmedEmail: ['validation:required'],
      password: ['validation:required'],
      passwordConfirm: ['validation:required'],
      acceptTerms: ['validation:acceptTerms'],
    });
  });

  it.each([
    [{ name: 'Al' }, { name: ['validation:nameTooShort'] }],
    [{ name: 'R2-D2 Silva' }, { name: ['validation:nameLettersOnly'] }],
    [{ email: 'ana@', confirmedEmail: 'ana@' }, { email: ['validation:invalidEmail'] }],
    [{ confirmedEmail: 'ana@clinica.com' }, { confirmedEmail: ['validation:emailMismatch'] }],
    [{ passwordConfirm: 'Radiof4rmaco!2025' }, { passwordConfirm: ['validation:passwordMismatch'] }],
    [{ password: 'qwertyuiop', passwordConfirm: 'qwertyuiop' }, { password: ['validation:passwordTooCommon'] }],
    [{ password: '90817263544', passwordConfirm: '90817263544' }, { password: ['validation:passwordEntirelyNumeric'] }],
    [{ password: 'clinica2024', passwordConfirm: 'clinica2024' }, { password: ['validation:passwordTooSimilar'] }],
    [{ password: 'Ab1!', passwordConfirm: 'Ab1!' }, { password: ['validation:passwordTooShort'] }],
  ] as const)('%j → %j', (change, expected) => {
    expect(validateSignup({ ...VALID, ...change })).toEqual(expected);
  });
});

describe('the other forms', () => {
  it('login needs an e-mail and a password (any password: the rules are for new ones)', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: ['validation:required'], password: ['validation:required'] });
    expect(validateLogin({ email: 'ana@clinica.com.br', password: '1' })).toEqual({});
    expect(validateLogin({ email: ' ana@clinica.com.br ', password: '1' })).toEqual({});
    expect(validateLogin({ email: 'ana@clinica', password: '1' })).toEqual({ email: ['validation:invalidEmail'] });
    expect(validateLogin({ email: 'ana clinica@x.br', password: '1' })).toEqual({ email: ['validation:invalidEmail'] });
  });

  it('password recovery needs a valid e-mail', () => {
    expect(validateForgotPassword({ email: 'ana' })).toEqual({ email: ['validation:invalidEmail'] });
    expect(validateForgotPassword({ email: ' ana@clinica.com.br ' })).toEqual({});
  });

  it('a new password follows the rules and its confirmation matches', () => {
    expect(validateResetPassword({ newPassword: '12345678', newPasswordConfirm: '1234567' })).toEqual({
      newPassword: ['validation:passwordTooCommon', 'validation:passwordEntirelyNumeric'],
      newPasswordConfirm: ['validation:passwordMismatch'],
    });
    expect(validateResetPassword({ newPassword: 'Radiof4rmaco!2024', newPasswordConfirm: 'Radiof4rmaco!2024' })).toEqual({});
  });
});
