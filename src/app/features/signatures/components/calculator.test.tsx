import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Signature } from '#shared/schemas/signatures.ts';
import { createTestQueryClient, renderRoute } from '#tests/utils/render.tsx';
import { setupSignedInTests } from '#tests/utils/signed-in.ts';
import { TEST_USER, fakeApi } from '#app/lib/testing/local-first.ts';
import { SIGNATURES_PATH, expiredSignature, serverSignature, signatureId } from '../testing/fixtures.ts';

const auth = { id: TEST_USER, isStaff: false };
const CALCULATOR = '/dashboard/my-signatures/benefits/calculator';

function serve(list: Signature[]) {
  vi.stubGlobal(
    'fetch',
    fakeApi({
      [`GET /users/${TEST_USER}/email/`]: { body: { email: 'maria@example.com', verified: true } },
      [`GET ${SIGNATURES_PATH}`]: { body: { count: list.length, row: list } },
    }).fetch,
  );
}

async function openCalculator(list: Signature[] = [serverSignature(signatureId(1))]) {
  serve(list);
  await renderRoute(CALCULATOR, { auth, queryClient: createTestQueryClient() });
  return screen.findByRole('region', { name: 'Calculadora de radiosinoviortese' });
}

const surfaceField = (panel: HTMLElement) => within(panel).findByRole('textbox', { name: /Superfície sinovial \(cm²\)/ });
const thicknessOptions = (panel: HTMLElement) => within(within(panel).getByLabelText('Espessura sinovial')).getAllByRole('option').map((option) => option.textContent);

setupSignedInTests(auth);

describe('the radiosynoviorthesis calculator screen', () => {
  it('without an activated subscription: why, with the link to the plans, and no form', async () => {
    const panel = await openCalculator([expiredSignature(signatureId(2))]);
    expect(await within(panel).findByText(/A calculadora é um benefício de uma assinatura ativa\./)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Assine um plano' })).toHaveAttribute('href', '/plans');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('the result follows the typing: Y-90, 1 mm, 200 cm² → 193,17 MBq and 5,22 mCi', async () => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    await user.type(await surfaceField(panel), '200');
    const result = within(panel).getByTestId('activity-at-injection');
    expect(result).toHaveTextContent('193,17 MBq');
    expect(result).toHaveTextContent('5,22 mCi');
    await user.type(await surfaceField(panel), '0');
    expect(within(panel).getByTestId('activity-at-injection')).toHaveTextContent('1.908,57 MBq');
  });

  it.each([
    ['0', 'A superfície deve ser maior que 0.'],
    ['-5', 'A superfície deve ser maior que 0.'],
    ['abc', 'Informe um número.'],
    ['1e400', 'Informe um número.'],
  ])('%j: the message at the field and no result', async (typed, message) => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    const surface = await surfaceField(panel);
    await user.type(surface, typed);
    expect(surface).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(panel).queryByTestId('activity-at-injection')).not.toBeInTheDocument();
  });

  it('emptied: "enter the surface" at the field and no result; nothing said before the user was there', async () => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    const surface = await surfaceField(panel);
    expect(within(panel).queryByText('Informe a superfície sinovial.')).not.toBeInTheDocument();
    await user.type(surface, '12');
    await user.clear(surface);
    expect(surface).toHaveAccessibleDescription(expect.stringContaining('Informe a superfície sinovial.'));
    expect(within(panel).queryByTestId('activity-at-injection')).not.toBeInTheDocument();
  });

  it('above 1.000 cm²: a warning, and still a result', async () => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    await user.type(await surfaceField(panel), '1200');
    expect(within(panel).getByText(/Acima de 1\.000 cm²/)).toBeVisible();
    expect(within(panel).getByTestId('activity-at-injection')).toBeVisible();
  });

  it('the thicknesses offered follow the nuclide (Y-90 1–3 mm; P-32 and Re-188 1–2 mm; the others 1 mm)', async () => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    await surfaceField(panel);
    const nuclide = within(panel).getByLabelText('Radionuclídeo');
    expect(thicknessOptions(panel)).toEqual(['1 mm', '2 mm', '3 mm']);
    for (const [name, expected] of [
      ['P-32', ['1 mm', '2 mm']],
      ['Re-188', ['1 mm', '2 mm']],
      ['Re-186', ['1 mm']],
      ['Sm-153', ['1 mm']],
      ['Lu-177', ['1 mm']],
    ] as const) {
      await user.selectOptions(nuclide, name);
      expect(thicknessOptions(panel)).toEqual(expected);
    }
  });

  it('with the draw and injection times: the decay-corrected activity to draw beside the one at injection', async () => {
    const user = userEvent.setup();
    const panel = await openCalculator();
    await user.type(await surfaceField(panel), '200');
    // One Y-90 half-life (64.1 h) before the injection: twice the activity.
    // Typed as a pt-BR user types a date and time (dd/mm/aaaa hh:mm).
    await user.type(within(panel).getByLabelText('Quando a dose será fracionada'), '10/03/2026 00:00');
    await user.type(within(panel).getByLabelText('Horário previsto da injeção'), '12/03/2026 16:06');
    const toDraw = await within(panel).findByTestId('activity-to-draw');
    expect(toDraw).toHaveTextContent('386,33 MBq');
    expect(toDraw).toHaveTextContent('10,44 mCi');
    expect(within(panel).getByTestId('activity-at-injection')).toHaveTextContent('193,17 MBq');
  });
});
