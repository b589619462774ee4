// The images input with the DICOM intake (issue 19), its worker run in-process: what the form gets to queue.
import { act, renderHook, waitFor } from '@testing-library/react';
import { makeStudyFile } from '#shared/dicom/testing/make-dicom.ts';
import { createIntakeHandler } from '#app/features/dicom-intake/worker/intake-steps.ts';
import type { ToWorker } from '#app/features/dicom-intake/worker/intake-protocol.ts';
import { db } from '#app/lib/db.ts';
import { resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { setupI18n } from '#tests/utils/render.tsx';
import { useImagesInput } from './queued-images-input.tsx';

/** The intake worker, same handler, on this thread (happy-dom has no Worker). */
class InProcessWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  private readonly handle = createIntakeHandler((data) => this.onmessage?.({ data }));
  postMessage(message: ToWorker) {
    void this.handle(message);
  }
  terminate() {}
}

const ENTITY_ID = '0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const dicom = (name: string, patientName = 'Silva^Maria') => new File([makeStudyFile({ patientName })], name, { type: 'application/dicom' });

function renderImagesInput() {
  const field = { onChange: vi.fn() };
  const hook = renderHook(() => useImagesInput(field, { purpose: 'segmentation', entityId: ENTITY_ID }));
  return { field, hook };
}

beforeAll(() => setupI18n());
beforeEach(async () => {
  vi.stubGlobal('Worker', InProcessWorker);
  await resetLocalDatabase();
});
afterEach(() => vi.unstubAllGlobals());

describe('useImagesInput with the DICOM intake', () => {
  it('holds chosen DICOM until the user confirms, then gives the de-identified zip and keeps the patient here', async () => {
    const { hook } = renderImagesInput();
    act(() => hook.result.current.inputProps.onChange(dicom('IM0001.dcm')));
    let chosen: File | null | 'hold' = null;
    await act(async () => {
      chosen = await hook.result.current.resolveImages();
    });
    expect(chosen).toBe('hold');
    expect(hook.result.current.inputProps.error).toBe('Confira o resumo DICOM abaixo e confirme a anonimização antes de salvar.');
    expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('review');

    await act(() => hook.result.current.inputProps.intake!.intake.confirm());
    await waitFor(() => expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('ready'));
    await act(async () => {
      chosen = await hook.result.current.resolveImages();
    });
    expect((chosen as unknown as File).name).toBe('dicom-deidentified.zip');
    expect(await db.pseudonyms.get(ENTITY_ID)).toMatchObject({ patients: [{ name: 'Silva^Maria', id: 'MRN-123456' }] });
  });

  it('a choice of two patients stays blocked; cancelling leaves nothing to queue', async () => {
    const { hook } = renderImagesInput();
    await act(async () => {
      hook.result.current.inputProps.intake!.chooseMany([dicom('a.dcm'), dicom('b.dcm', 'Souza^Joao')]);
    });
    await waitFor(() => expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('review'));
    await act(() => hook.result.current.inputProps.intake!.intake.confirm());
    expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('review');
    act(() => hook.result.current.inputProps.intake!.cancel());
    expect(await hook.result.current.resolveImages()).toBeNull();
  });

  it('a zip without DICOM (pictures of a calibration) is queued as chosen', async () => {
    const { hook, field } = renderImagesInput();
    const pictures = new File(['not a zip at all'], 'fantoma.zip', { type: 'application/zip' });
    act(() => hook.result.current.inputProps.onChange(pictures));
    let chosen: File | null | 'hold' = null;
    await act(async () => {
      chosen = await hook.result.current.resolveImages();
    });
    expect(chosen).toBe(pictures);
    expect(field.onChange).toHaveBeenLastCalledWith({ currentTarget: { value: 'fantoma.zip' } });
  });
});
