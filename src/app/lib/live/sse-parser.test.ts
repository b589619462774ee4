import { createSseParser } from './sse-parser.ts';

describe('createSseParser', () => {
  it('returns events only once their blank line has arrived, across chunk boundaries', () => {
    const parse = createSseParser();
    expect(parse('retry: 5000\n\nevent: unr')).toEqual([]);
    expect(parse('ead\ndata: {"unread":')).toEqual([]);
    expect(parse(' 2}\n\n')).toEqual([{ event: 'unread', data: '{"unread": 2}', id: null }]);
  });

  it('keeps the id, joins multi-line data and skips comments', () => {
    const parse = createSseParser();
    const events = parse(': ping\n\nevent: notification\nid: n1\ndata: a\ndata: b\n\ndata: plain\r\n\r\n');
    expect(events).toEqual([
      { event: 'notification', data: 'a\nb', id: 'n1' },
      { event: 'message', data: 'plain', id: 'n1' },
    ]);
  });
});
