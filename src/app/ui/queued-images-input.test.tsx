// The images input with the DICOM intake (issue 19), its worker run in-process: what the form gets to queue.
import { act, renderHook, waitFor } from '@testing-library/react';
import { makeStudyFile } from '#shared/dicom/testing/make-dicom.ts';
import { createIntakeHandler } from '#app/features/dicom-intake/worker/intake-steps.ts';
import type { ToWorker } from '#app/features/dicom-intake/worker/intake-protocol.ts';
import { db } from '#app/lib/db.ts';
import { resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { setupI18n } from '#tests/utils/render.tsx';
import { useImagesInput } from './queued-images-input.tsx';

/** When de-identification starts and how it ends (a large study takes a while; a full disk fails it). */
let deidentification: { started: Promise<void>; fails?: string } = { started: Promise.resolve() };

/** The intake worker, same handler, on this thread (happy-dom has no Worker). */
class InProcessWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  private readonly handle = createIntakeHandler((data) => this.onmessage?.({ data }));
  postMessage(message: ToWorker) {
    if (message.type !== 'deidentify') return void this.handle(message);
    const { started, fails } = deidentification;
    void started.then(() => (fails ? this.onmessage?.({ data: { type: 'failed', message: fails } }) : this.handle(message)));
  }
  terminate() {}
}

/** A de-identification that runs only when `finish()` is called. */
function slowDeidentification(fails?: string) {
  let finish = () => {};
  deidentification = { started: new Promise<void>((resolve) => (finish = resolve)), fails };
  return () => act(async () => finish());
}

const ENTITY_ID = '0198a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const dicom = (name: string, patientName = 'Silva^Maria') => new File([makeStudyFile({ patientName })], name, { type: 'application/dicom' });

function renderImagesInput() {
  const field = { onChange: vi.fn() };
  const hook = renderHook(() => useImagesInput(field, { purpose: 'segmentation', entityId: ENTITY_ID }));
  // The form the hook submits again: each submit counted, none navigates.
  const form = document.createElement('form');
  const submits = vi.fn((event: Event) => event.preventDefault());
  form.addEventListener('submit', submits);
  document.body.append(form);
  hook.result.current.formRef.current = form;
  return { field, hook, submits };
}

/** Picks one DICOM file, lets the scan finish and confirms; de-identification then runs (as `slowDeidentification` allows). */
async function confirmOneFile(hook: ReturnType<typeof renderImagesInput>['hook']) {
  act(() => hook.result.current.inputProps.onChange(dicom('IM0001.dcm')));
  await act(async () => void (await hook.result.current.resolveImages()));
  act(() => void hook.result.current.inputProps.intake!.intake.confirm());
  expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('deidentifying');
}

const save = async (hook: ReturnType<typeof renderImagesInput>['hook']) => {
  let chosen: File | null | 'hold' = null;
  await act(async () => {
    chosen = await hook.result.current.resolveImages();
  });
  return chosen as File | null | 'hold';
};

beforeAll(() => setupI18n());
beforeEach(async () => {
  deidentification = { started: Promise.resolve() };
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

  it('a save pressed while de-identification runs says so with its progress, and saves by itself when it is done', async () => {
    const finish = slowDeidentification();
    const { hook, submits } = renderImagesInput();
    await confirmOneFile(hook);
    expect(await save(hook)).toBe('hold');
    expect(hook.result.current.inputProps.error).toBe('A anonimização ainda está em andamento (0 de 1 arquivos). O formulário será salvo sozinho assim que ela terminar.');
    expect(submits).not.toHaveBeenCalled();

    await finish();
    await waitFor(() => expect(submits).toHaveBeenCalledTimes(1));
    expect(hook.result.current.inputProps.error).toBeUndefined();
    expect(((await save(hook)) as File).name).toBe('dicom-deidentified.zip');
  });

  it('when de-identification fails, the waiting save does not go, the field says why, and the raw study is never given to save', async () => {
    const finish = slowDeidentification('Disco cheio');
    const { hook, submits, field } = renderImagesInput();
    await confirmOneFile(hook);
    expect(await save(hook)).toBe('hold');

    await finish();
    await waitFor(() => expect(hook.result.current.inputProps.intake!.intake.state.step).toBe('failed'));
    expect(hook.result.current.inputProps.error).toBe('A anonimização falhou e nada foi salvo (Disco cheio). Escolha os arquivos novamente.');
    expect(submits).not.toHaveBeenCalled();
    expect(field.onChange).toHaveBeenLastCalledWith({ currentTarget: { value: '' } });
    expect(await save(hook)).toBeNull();
  });
});
