/**
 * An example request and answer for every operation of the OpenAPI document (docs page, generated clients), built
 * from the operation's own schemas so that they cannot drift from them: a schema's `examples`, `const`, `enum` or
 * `default` first, then a sample for the property's name or the string's format, checked against the schema's
 * pattern and lengths. The document test lints every example against its schema (Redocly).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenAPI objects are walked as plain JSON
type Json = Record<string, any>;

/** Realistic values for the fields the API shares, by property name. */
const BY_NAME: Record<string, unknown> = {
  email: 'ana.souza@clinica.example',
  name: 'Ana Souza',
  first_name: 'Ana',
  last_name: 'Souza',
  password: 'correct-horse-battery-staple',
  password1: 'correct-horse-battery-staple',
  password2: 'correct-horse-battery-staple',
  oldPassword: 'correct-horse-battery-staple',
  newPassword1: 'a-new-horse-battery-staple',
  newPassword2: 'a-new-horse-battery-staple',
  username: 'ana.souza@clinica.example',
  phone: '+55 11 91234-5678',
  cpf: '529.982.247-25',
  cnpj: '11.222.333/0001-81',
  clinic: 'Clínica Exemplo',
  role: 'Médica nuclear',
  amount: '150.00',
  price: 1500,
  usdAmount: 60,
  usdBrlRate: 5.5,
  serviceName: 'Dosimetria Clínica',
  calibrationName: 'Calibração Lu-177 SPECT',
  analysisName: 'Paciente 07 — ciclo 2',
  title: 'Dosimetria Clínica',
  statusPayment: 'Aguardando pagamento',
  warning: 'Confirme seu e-mail para contratar serviços.',
  detail: 'Sua análise está em processamento.',
  isotope: 'Lu-177',
  message: 'Gostaria de saber mais sobre a dosimetria clínica.',
};

/** For strings with a format or a pattern: the first candidate the schema accepts. */
const FORMATS: Record<string, string> = {
  email: 'ana.souza@clinica.example',
  uuid: '3f1e2d4c-5b6a-4789-9abc-def012345678',
  date: '2026-11-26',
  'date-time': '2026-11-26T13:45:00.000Z',
  uri: 'https://dosehub.example/api/v1/',
};
const CANDIDATES = ['texto de exemplo', 'Ana Souza', '2026-11-26', '2026-11-26T13:45:00.000Z', '150.00', '42', FORMATS.uuid!, 'W/"3"', 'BOa1c2d3e4f5', 'texto'];

function fits(schema: Json, value: string) {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

function stringExample(schema: Json, name: string | undefined): string {
  const candidates = [name !== undefined && typeof BY_NAME[name] === 'string' ? (BY_NAME[name] as string) : undefined, schema.format && FORMATS[schema.format], ...CANDIDATES];
  const found = candidates.find((value): value is string => typeof value === 'string' && fits(schema, value));
  return found ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** The variant that shows the most: not null, not the empty string that clears a field. */
const firstOf = (schemas: Json[]): Json => schemas.find((schema) => schema.type !== 'null' && schema.const !== '' && schema.maxLength !== 0) ?? schemas[0] ?? {};

/** An example value of `schema` ($refs resolved in `components`), `name` being the property that holds it. */
export function exampleOf(schema: Json, components: Json, name?: string, depth = 0): unknown {
  if (depth > 12) return undefined;
  if (schema.$ref) return exampleOf(components.schemas?.[String(schema.$ref).split('/').pop()!] ?? {}, components, name, depth + 1);
  if (schema.examples?.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(firstOf(variants), components, name, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: Json) => exampleOf(part, components, name, depth + 1)));
  const type = Array.isArray(schema.type) ? firstOf(schema.type.map((each: string) => ({ type: each }))).type : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, components, key, depth + 1)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items ?? {}, components, name, depth + 1));
    case 'integer':
    case 'number':
      return typeof BY_NAME[name ?? ''] === 'number' ? BY_NAME[name!] : Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema, name);
    case 'null':
      return null;
    default:
      return undefined;
  }
}

const ERROR_EXAMPLE = { errors: ['Este campo é obrigatório.'] };

/** Every JSON request body and JSON answer of the document gets its `example` (an error answer: an `{errors}` one). */
export function addExamples(document: Json) {
  const components = document.components ?? {};
  const fill = (media: Json | undefined) => {
    const json = media?.['application/json'];
    if (!json?.schema || json.example !== undefined || json.examples !== undefined) return;
    json.example = json.schema.$ref === '#/components/schemas/ErrorBody' ? ERROR_EXAMPLE : exampleOf(json.schema, components);
  };
  for (const operations of Object.values<Json>(document.paths ?? {})) {
    for (const op of Object.values<Json>(operations)) {
      fill(op.requestBody?.content);
      for (const response of Object.values<Json>(op.responses ?? {})) fill(response.content);
    }
  }
}
