import { useEffect, useRef, useState } from 'react';
import { IntakeSession } from './intake-client.ts';
import { rememberPseudonym } from './store/pseudonyms.ts';
import { blocks, checkStudy, type IntakePurpose, type StudyCheck } from './study-checks.ts';
import type { LeftOutFile, StudySummary } from './study-summary.ts';

export type IntakeState =
  | { step: 'idle' }
  | { step: 'scanning'; done: number; total: number }
  | { step: 'review'; summary: StudySummary; checks: StudyCheck[] }
  | { step: 'deidentifying'; done: number; total: number; summary: StudySummary; checks: StudyCheck[] }
  | { step: 'ready'; summary: StudySummary; files: number; bytes: number; skipped: LeftOutFile[] }
  | { step: 'failed'; message: string }
  /** The one chosen file could not be opened here (not a zip we can read, no worker): queued as chosen, the server checks it. */
  | { step: 'unchecked'; name: string };

export interface IntakeOptions {
  purpose: IntakePurpose;
  /** The analysis's (or calibration's) id: what Patient ID becomes, and the key of the local mapping. */
  entityId: string;
}

/** A chosen file worth opening in the worker: a zip, or a file that may be DICOM (.dcm, no extension). */
export const mayHoldDicom = (file: File) => /\.(zip|dcm|dicom)$/i.test(file.name) || !/\.[a-z0-9]{2,4}$/i.test(file.name) || file.type === 'application/dicom';

export const DEIDENTIFIED_NAME = 'dicom-deidentified.zip';

/**
 * The intake of chosen DICOM files: scan in the worker, review, de-identify on confirm. `onResult`
 * gets the de-identified zip, or the chosen file itself when it holds no DICOM (a plain image zip).
 */
export function useDicomIntake(options: IntakeOptions | undefined, onResult: (file: File | null) => void) {
  const [state, setStateNow] = useState<IntakeState>({ step: 'idle' });
  // The latest state for a submit that awaits the scan (its closure holds an older render's).
  const latest = useRef<IntakeState>(state);
  const setState = (next: IntakeState) => {
    latest.current = next;
    setStateNow(next);
  };
  const session = useRef<IntakeSession | null>(null);
  const run = useRef(0);
  useEffect(() => () => session.current?.close(), []);

  const reset = () => {
    run.current += 1;
    session.current?.close();
    session.current = null;
    setState({ step: 'idle' });
  };

  const start = async (files: File[]) => {
    if (!options) return;
    reset();
    const current = run.current;
    const single = files.length === 1 ? files[0]! : null;
    if (typeof Worker === 'undefined') {
      if (single) onResult(single);
      setState(single ? { step: 'unchecked', name: single.name } : { step: 'failed', message: 'Web Worker' });
      return;
    }
    const intake = new IntakeSession();
    session.current = intake;
    setState({ step: 'scanning', done: 0, total: files.length });
    try {
      const summary = await intake.scan(files, options.purpose, (done, total) => current === run.current && setState({ step: 'scanning', done, total }));
      if (current !== run.current) return;
      if (summary.dicomFiles === 0 && summary.unreadable.length === 0 && files.length === 1) {
        // Not DICOM (a plain image zip, a picture): queued as chosen, the server checks it.
        reset();
        onResult(files[0]!);
        return;
      }
      setState({ step: 'review', summary, checks: checkStudy(summary, options.purpose) });
    } catch (error) {
      if (current !== run.current) return;
      if (single) {
        onResult(single);
        setState({ step: 'unchecked', name: single.name });
      } else setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const confirm = async () => {
    if (!options || state.step !== 'review' || blocks(state.checks) || !session.current) return;
    const { summary, checks } = state;
    const current = run.current;
    setState({ step: 'deidentifying', done: 0, total: summary.dicomFiles, summary, checks });
    try {
      const result = await session.current.deidentify(options.entityId, (done, total) => {
        if (current === run.current) setState({ step: 'deidentifying', done, total, summary, checks });
      });
      if (current !== run.current) return;
      await rememberPseudonym(options.entityId, summary.patients);
      onResult(new File([result.zip], DEIDENTIFIED_NAME, { type: 'application/zip' }));
      setState({ step: 'ready', summary, files: result.files, bytes: result.zip.size, skipped: result.skipped });
    } catch (error) {
      if (current !== run.current) return;
      // The chosen file was queued when picked: it is the raw study and must never be saved.
      onResult(null);
      setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Whether the chosen files hold DICOM not yet de-identified (what must not be queued). */
  const holding = () => ['scanning', 'review', 'deidentifying'].includes(latest.current.step);
  /** Whether the user confirmed and de-identification is still running. */
  const deidentifying = () => latest.current.step === 'deidentifying';

  return { state, start, confirm, reset, holding, deidentifying };
}

export type DicomIntake = ReturnType<typeof useDicomIntake>;
