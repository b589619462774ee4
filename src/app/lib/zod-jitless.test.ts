import './zod-jitless.ts';
import { z } from 'zod';

describe('zod in the browser app', () => {
  it('never compiles parsers with new Function (the CSP forbids eval), and still parses', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'DoseHub' })).toEqual({ name: 'DoseHub' });
  });
});
