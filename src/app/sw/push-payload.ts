/** What the server's Web Push carries (src/server/push): ids and counts, never more than a short text. */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  kind: string;
  url: string;
  unread: number;
  lang: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The payload of a push message, or null when it is not one of ours. */
export function parsePushPayload(data: { json(): unknown } | null): PushPayload | null {
  let raw: Record<string, unknown>;
  try {
    raw = (data?.json() ?? null) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!raw || !isText(raw.id) || !isText(raw.title) || !isText(raw.body)) return null;
  const unread = typeof raw.unread === 'number' && raw.unread >= 0 ? Math.floor(raw.unread) : 0;
  const url = isText(raw.url) && raw.url.startsWith('/') ? raw.url : '/dashboard/notifications';
  return { id: raw.id, title: raw.title, body: raw.body, kind: isText(raw.kind) ? raw.kind : 'info', url, unread, lang: isText(raw.lang) ? raw.lang : 'pt-BR' };
}
