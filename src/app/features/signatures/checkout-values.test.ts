import { readPayerDocument } from './checkout-values.ts';

describe("the checkout's CPF or CNPJ field", () => {
  it.each([
    ['529.982.247-25', { document: { cpf: '52998224725' } }],
    ['52998224725', { document: { cpf: '52998224725' } }],
    ['11.222.333/0001-81', { document: { cnpj: '11222333000181' } }],
    ['12.abc.345/01de-35', { document: { cnpj: '12ABC34501DE35' } }],
    ['', { problem: 'signatures:checkout.documentRequired' }],
    ['  ', { problem: 'signatures:checkout.documentRequired' }],
    ['111.111.111-11', { problem: 'validation:invalidCpf' }],
    ['529.982.247-26', { problem: 'validation:invalidCpf' }],
    ['11.222.333/0001-80', { problem: 'validation:invalidCnpj' }],
    ['12345', { problem: 'validation:invalidCnpj' }],
  ])('%j → %j', (typed, expected) => {
    expect(readPayerDocument(typed)).toEqual(expected);
  });
});
