/** One Server-Sent Event (the fields this app uses). */
export interface ServerEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * An incremental `text/event-stream` parser (WHATWG HTML §9.2.6): feed it decoded text as it arrives;
 * it returns the events completed so far. Comments (`: ping`) and `retry:` lines are skipped.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  function line(text: string): ServerEvent | null {
    if (text === '') {
      const done = data.length > 0 ? { event: event || 'message', data: data.join('\n'), id } : null;
      event = '';
      data = [];
      return done;
    }
    if (text.startsWith(':')) return null;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    return null;
  }

  return (chunk: string): ServerEvent[] => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    return lines.map(line).filter((e): e is ServerEvent => e !== null);
  };
}
