import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#tests/utils/render.tsx';
import { db, localWrite } from '#app/lib/db.ts';
import { saveAuthState } from '#app/lib/session.ts';
import { enqueue, fileTables, rowCount } from '#app/lib/sync/outbox.ts';
import { TEST_USER, fakeApi, resetLocalDatabase } from '#app/lib/testing/local-first.ts';
import { clearUploadProgress, readUploadRecord, saveUploadRecord, setUploadProgress } from '#app/lib/uploads/upload-store.ts';
import { UploadProgressList } from './upload-progress.tsx';

const FILE_ID = '0193a2b4-0000-7000-8000-0000000000f1';
const UPLOAD_ID = '0193a2b4-0000-7000-8000-0000000000e1';
const MB = 1_000_000;

/** A queued write of `entityId` carrying a 10 MB file. */
async function queued(entityId = 'analysis-1', fileId = FILE_ID, name = 'spect.zip') {
  await localWrite(fileTables(), async (tx) => {
    await db.blobs.put({ id: fileId, blob: new Blob(['x']), name, type: 'application/zip', size: 10 * MB, storedAt: Date.now() });
    await enqueue(tx, { kind: 'test.upload', entityId, payload: {}, fileIds: [fileId] });
  });
}

/** This tab uploads it: 2 MB then 4 MB a second later (2 MB/s). */
function uploading() {
  const entry = { fileId: FILE_ID, entityId: 'analysis-1', name: 'spect.zip', phase: 'uploading' as const, bytesTotal: 10 * MB };
  act(() => {
    setUploadProgress({ ...entry, bytesDone: 2 * MB }, 1_000);
    setUploadProgress({ ...entry, bytesDone: 4 * MB }, 2_000);
  });
}

const list = () => screen.findByRole('region', { name: 'Envio de arquivos' });
const bar = (region: HTMLElement) => within(region).getByRole('progressbar', { name: 'Envio de spect.zip' });

beforeEach(async () => {
  saveAuthState({ id: TEST_USER, isStaff: false });
  await resetLocalDatabase(TEST_USER);
});
afterEach(() => {
  act(() => clearUploadProgress(FILE_ID));
  vi.unstubAllGlobals();
});

describe('UploadProgressList', () => {
  it('while this tab uploads: the percentage, the speed and the time left', async () => {
    await queued();
    await renderWithProviders(<UploadProgressList />);
    const region = await list();
    uploading();
    await waitFor(() => expect(bar(region)).toHaveAttribute('aria-valuenow', '40'));
    expect(bar(region)).toHaveAttribute('aria-valuetext', '40%');
    expect(within(region).getByRole('status')).toHaveTextContent(/^Enviando · 40% · 2 MB\/s · faltam 3 s$/);
    expect(within(region).getByText('spect.zip')).toBeVisible();
    expect(within(region).getByText('10 MB')).toBeVisible();
  });

  it('offline or after a reload (nothing running here): what the server confirmed, waiting; no speed or time left', async () => {
    await queued();
    await saveUploadRecord(FILE_ID, { uploadUrl: `http://localhost/api/v1/uploads/${UPLOAD_ID}`, bytesConfirmed: 2.5 * MB });
    await renderWithProviders(<UploadProgressList />, { language: 'en-US' });
    const region = await screen.findByRole('region', { name: 'File uploads' });
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent(/^Waiting for the connection · 25%$/));
    expect(within(region).getByRole('progressbar', { name: 'Upload of spect.zip' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('pause and resume (described by the file name) change what it shows', async () => {
    const user = userEvent.setup();
    await queued();
    await renderWithProviders(<UploadProgressList />);
    const region = await list();
    const pause = within(region).getByRole('button', { name: 'Pausar' });
    expect(pause).toHaveAccessibleDescription('spect.zip');
    await user.click(pause);
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent(/^Pausado · 0%$/));
    expect((await readUploadRecord(FILE_ID))?.paused).toBe(true);
    expect(within(region).queryByRole('button', { name: 'Pausar' })).not.toBeInTheDocument();

    const resume = within(region).getByRole('button', { name: 'Continuar' });
    expect(resume).toHaveAccessibleDescription('spect.zip');
    await user.click(resume);
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Pausar' })).toBeInTheDocument());
    expect((await readUploadRecord(FILE_ID))?.paused).toBe(false);
  });

  it('cancel (named after the file) drops the write and its file here and ends the upload on the server', async () => {
    const user = userEvent.setup();
    await queued();
    await saveUploadRecord(FILE_ID, { uploadUrl: `http://localhost/api/v1/uploads/${UPLOAD_ID}`, bytesConfirmed: MB });
    const api = fakeApi({ [`DELETE /uploads/${UPLOAD_ID}/`]: { status: 204 } });
    vi.stubGlobal('fetch', api.fetch);
    await renderWithProviders(<UploadProgressList />);
    const region = await list();
    await user.click(within(region).getByRole('button', { name: 'Cancelar o envio de spect.zip' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Envio de arquivos' })).not.toBeInTheDocument());
    expect(await rowCount()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    await waitFor(() => expect(api.callsTo('DELETE', `/uploads/${UPLOAD_ID}/`)).toHaveLength(1));
  });

  it('only the given entities’ files; an uploaded file has no buttons (only the write is left)', async () => {
    await queued('analysis-1', '0193a2b4-0000-7000-8000-0000000000f2', 'other.zip');
    await queued('analysis-2');
    await saveUploadRecord(FILE_ID, { uploadUrl: `http://localhost/api/v1/uploads/${UPLOAD_ID}`, uploadId: UPLOAD_ID });
    await renderWithProviders(<UploadProgressList entityIds={['analysis-2']} />);
    const region = await list();
    expect(within(region).getByText('spect.zip')).toBeVisible();
    expect(within(region).queryByText('other.zip')).not.toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent(/^Arquivo enviado; concluindo · 100%$/);
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});
