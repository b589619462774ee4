import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '#tests/utils/render.tsx';
import { apiCalls, jsonResponse as json, stubApi } from '#tests/utils/fake-fetch.ts';
import type { Language } from '#shared/languages.ts';
import { setConnectivityForTests } from '#app/lib/sync/connectivity.ts';

const FILLED = {
  'Nome completo': 'Júlia Contato',
  'E-mail': 'julia@clinica.com.br',
  Telefone: '(11) 98765-4321',
  Cargo: 'Física médica',
  'Clínica ou instituição': 'Clínica Sol',
  Assunto: 'Dosimetria com Lu-177',
  Mensagem: 'Gostaria de saber prazos.',
};

async function openContact(language?: Language) {
  await renderRoute('/contact', { language });
  return screen.findByRole('form');
}
const box = (form: HTMLElement, label: string) => within(form).getByRole('textbox', { name: new RegExp(`^${label}`) });

async function fill(form: HTMLElement, values: Record<string, string> = FILLED) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) await user.type(box(form, label), value);
  return user;
}

beforeEach(() => {
  setConnectivityForTests(true);
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contact form', () => {
  it('sends every field with an Idempotency-Key and says the message was sent, to which address', async () => {
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    const form = await openContact();
    const user = await fill(form);
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));

    const status = (await screen.findByText('Mensagem enviada!')).closest<HTMLElement>('[role="status"]')!;
    expect(status).toHaveTextContent('responderemos para julia@clinica.com.br');
    expect(status).toHaveFocus();
    const [url, init] = apiCalls(fetchMock)[0]!;
    expect(url).toBe('/api/v1/contact/');
    expect(init!.method).toBe('POST');
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init!.body))).toEqual({
      fullName: 'Júlia Contato',
      email: 'julia@clinica.com.br',
      role: 'Física médica',
      clinic: 'Clínica Sol',
      phone: '(11) 98765-4321',
      subject: 'Dosimetria com Lu-177',
      message: 'Gostaria de saber prazos.',
    });
    expect(sessionStorage.length).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Escrever outra mensagem' }));
    expect(box(await screen.findByRole('form'), 'Nome completo')).toHaveValue('');
  });

  it('marks every blank field as required, on the field, and sends nothing; the first one gets the focus', async () => {
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    const form = await openContact();
    const user = await fill(form, { 'Nome completo': 'Júlia', Assunto: '   ' });
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    for (const label of ['E-mail', 'Telefone', 'Cargo', 'Clínica ou instituição', 'Assunto', 'Mensagem']) {
      expect(box(form, label)).toHaveAccessibleDescription(expect.stringContaining('Este campo é obrigatório.'));
      expect(box(form, label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(box(form, 'Nome completo')).not.toHaveAttribute('aria-invalid', 'true');
    expect(box(form, 'E-mail')).toHaveFocus();
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['es', 'Correo electrónico', 'Introduzca una dirección de correo electrónico válida.', 'Teléfono', 'Enviar mensaje'],
    ['en-US', 'E-mail', 'Enter a valid email address.', 'Phone', 'Send message'],
  ] as const)("puts the server's messages on their fields and keeps what was typed (%s)", async (language, emailLabel, emailError, phoneLabel, submit) => {
    stubApi(() => json({ errors: [`email: ${emailError}`, 'phone: (phone message)'] }, 400));
    const form = await openContact(language);
    const user = userEvent.setup();
    for (const input of within(form).getAllByRole('textbox')) await user.type(input, input.getAttribute('type') === 'email' ? 'julia@' : 'x');
    await user.click(within(form).getByRole('button', { name: submit }));

    expect(await within(form).findByText(emailError)).toBeInTheDocument();
    expect(box(form, emailLabel)).toHaveAccessibleDescription(emailError);
    expect(box(form, emailLabel)).toHaveValue('julia@');
    expect(box(form, phoneLabel)).toHaveAccessibleDescription(expect.stringContaining('(phone message)'));
    expect(box(form, emailLabel)).toHaveFocus();
    expect(screen.queryByText(/Message sent!|Mensaje enviado!/)).toBeNull();
  });

  it('offline: says so, does not send, keeps the text; once back online the same text goes', async () => {
    const fetchMock = stubApi(() => new Response(null, { status: 204 }));
    const form = await openContact();
    act(() => setConnectivityForTests(false));
    expect(await within(form).findByRole('status')).toHaveTextContent('Você está sem conexão');
    const user = await fill(form);
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('Sem conexão, a mensagem não pôde ser enviada. O texto foi mantido');
    expect(apiCalls(fetchMock)).toHaveLength(0);
    expect(box(form, 'Mensagem')).toHaveValue('Gostaria de saber prazos.');
    expect(screen.queryByText('Mensagem enviada!')).toBeNull();

    act(() => setConnectivityForTests(true));
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Mensagem enviada!')).toBeInTheDocument();
    expect(apiCalls(fetchMock)).toHaveLength(1);
  });

  it('a send that gets no answer says the server could not be reached; a retry of the same text reuses its Idempotency-Key', async () => {
    let calls = 0;
    const fetchMock = stubApi(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    const form = await openContact();
    const user = await fill(form);
    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Não foi possível falar com o servidor.');
    expect(box(form, 'Assunto')).toHaveValue('Dosimetria com Lu-177');

    await user.click(within(form).getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Mensagem enviada!')).toBeInTheDocument();
    const keys = apiCalls(fetchMock).map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a reload keeps the draft (this tab only)', async () => {
    stubApi(() => new Response(null, { status: 204 }));
    const first = await openContact();
    await fill(first, { 'Nome completo': 'Júlia Rascunho', Mensagem: 'Texto pela metade' });
    cleanup();

    const form = await openContact();
    expect(box(form, 'Nome completo')).toHaveValue('Júlia Rascunho');
    expect(box(form, 'Mensagem')).toHaveValue('Texto pela metade');
  });
});
