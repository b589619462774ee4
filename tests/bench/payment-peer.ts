/**
 * The payments bench's other side, in a process of its own (tests/bench/payments.bench.ts): the provider's 20
 * webhook senders and the SMTP server that accepts the payment mails. Apart from the server's process, so that
 * the server's rate and CPU time are its own, as they are in production, not shared with its clients.
 * Spoken to over IPC: `send` (signed bodies, answered with the time and the answers counted), `count` (mails to an
 * address), `clear`, `close`.
 */
import { startSmtpCapture } from '#tests/utils/smtp.ts';

export type PeerRequest =
  | { type: 'send'; url: string; senders: number; requests: { body: string; signature: string }[] }
  | { type: 'count'; to: string }
  | { type: 'clear' }
  | { type: 'close' };

export type PeerAnswer =
  | { type: 'ready'; smtpUrl: string }
  | { type: 'sent'; ms: number; results: Record<string, number> }
  | { type: 'count'; n: number }
  | { type: 'done' };

const smtp = await startSmtpCapture();
const answer = (message: PeerAnswer) => process.send!(message);

async function sendAll(url: string, senders: number, requests: { body: string; signature: string }[]) {
  const results: Record<string, number> = {};
  let next = 0;
  const sender = async () => {
    while (next < requests.length) {
      const { body, signature } = requests[next++]!;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'dosehub-signature': signature }, body });
      const result = response.ok ? ((await response.json()) as { result: string }).result : `HTTP ${response.status}`;
      results[result] = (results[result] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: senders }, sender));
  return { ms: performance.now() - started, results };
}

process.on('message', (request: PeerRequest) => {
  void (async () => {
    if (request.type === 'send') answer({ type: 'sent', ...(await sendAll(request.url, request.senders, request.requests)) });
    else if (request.type === 'count') answer({ type: 'count', n: smtp.messagesTo(request.to).length });
    else if (request.type === 'clear') answer((smtp.clear(), { type: 'done' }));
    else {
      await smtp.close();
      answer({ type: 'done' });
      process.disconnect();
    }
  })();
});

answer({ type: 'ready', smtpUrl: smtp.url });
