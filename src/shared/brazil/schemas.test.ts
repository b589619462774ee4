import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CnpjSchema, CpfSchema, PhoneSchema } from './schemas.ts';

const schemas = { CpfSchema, CnpjSchema, PhoneSchema } satisfies Record<string, z.ZodType>;
type SchemaName = keyof typeof schemas;

describe('Brazilian zod schemas: formatted input → normalized output', () => {
  it.each<[SchemaName, string, string]>([
    ['CpfSchema', ' 937.438.511-21 ', '93743851121'],
    ['CpfSchema', '93743851121', '93743851121'],
    ['CnpjSchema', '11.222.333/0001-81', '11222333000181'],
    ['CnpjSchema', ' 12.abc.345/01de-35', '12ABC34501DE35'],
    ['PhoneSchema', '+55 (11) 98765-4321', '+5511987654321'],
    ['PhoneSchema', '(11) 3456-7890 ', '+551134567890'],
    ['PhoneSchema', '+1 415 555 2671', '+14155552671'],
  ])('%s accepts %j as %j', (name, input, expected) => {
    expect(schemas[name].parse(input)).toBe(expected);
  });
});

describe('Brazilian zod schemas: invalid input → translation key', () => {
  it.each<[SchemaName, string, string]>([
    ['CpfSchema', '111.111.111-11', 'validation.invalidCpf'],
    ['CpfSchema', '937.438.511-22', 'validation.invalidCpf'],
    ['CpfSchema', '', 'validation.invalidCpf'],
    ['CnpjSchema', '11.222.333/0001-82', 'validation.invalidCnpj'],
    ['CnpjSchema', '12.ABC.345/01DE-36', 'validation.invalidCnpj'],
    ['PhoneSchema', '(11) 9876-ABCD', 'validation.invalidPhone'],
    ['PhoneSchema', '+1234567', 'validation.invalidPhone'],
  ])('%s rejects %j with %s', (name, input, key) => {
    const result = schemas[name].safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'custom', message: key, path: [] })]);
  });

  it.each(['CpfSchema', 'CnpjSchema', 'PhoneSchema'] as const)('%s rejects non-strings with the type issue', (name) => {
    const result = schemas[name].safeParse(12345678909);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('invalid_type');
  });

  it('reports the key at the field path inside an object', () => {
    const result = z.object({ cpf: CpfSchema }).safeParse({ cpf: '123' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['cpf'], message: 'validation.invalidCpf' })]);
  });
});

describe('Brazilian zod schemas in JSON Schema (OpenAPI)', () => {
  it.each(['input', 'output'] as const)('describe a plain string in %s mode', (io) => {
    for (const schema of Object.values(schemas)) {
      expect(z.toJSONSchema(schema, { io })).toMatchObject({ type: 'string' });
    }
  });
});
