/** The upload store failing under a client (issue 20): what the tests read of the app's log and its message. */
import type { Config } from '#server/config.ts';
import { createMailingTestApp } from './accounts.ts';

export const UNAVAILABLE = {
  'pt-BR': 'O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes: um envio continua de onde parou.',
  'en-US': 'File storage is unavailable at the moment. Try again in a moment: an upload resumes where it stopped.',
  es: 'El almacenamiento de archivos no está disponible en este momento. Inténtelo de nuevo en unos instantes: una carga continúa donde se detuvo.',
};

interface LogLine {
  level: number;
  msg: string;
  store?: { code: string; httpStatus?: number; requestId?: string };
}

/** An app whose log lines are kept, to read what it told the operator. */
export async function appWithLog(overrides: Partial<Config>) {
  const lines: LogLine[] = [];
  const t = await createMailingTestApp({ logLevel: 'error', logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) }, ...overrides });
  const storeErrors = () => lines.filter((line) => line.msg === 'upload store failed').map((line) => line.store);
  return { t, storeErrors };
}
