import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';
import { pushTransport } from './transport.ts';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '142.250.79.10', '2607:f8b0:4004:c1b::5f', '::ffff:8.8.4.4', '::ffff:808:404'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.100',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
    '64:ff9b::a00:1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '::127.0.0.1',
    'fec0::1',
    '3fff::1',
    'not-an-ip',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('pushTransport', () => {
  async function loopbackPushService() {
    const received: string[] = [];
    const server = http.createServer((request, response) => {
      received.push(request.url ?? '');
      request.resume();
      request.on('end', () => response.writeHead(201).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/1`;
    return { endpoint, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  const push = (endpoint: string) => ({ endpoint, headers: { TTL: '60', 'Content-Encoding': 'aes128gcm' }, body: Buffer.from('payload') });

  it('public only: a loopback endpoint is refused without a request, as a gone subscription (410)', async () => {
    const service = await loopbackPushService();
    try {
      expect(await pushTransport({ publicOnly: true })(push(service.endpoint), new AbortController().signal)).toEqual({ status: 410, retryAfter: null });
      expect(await pushTransport({ publicOnly: true })(push(service.endpoint.replace('127.0.0.1', 'localhost')), new AbortController().signal)).toEqual({
        status: 410,
        retryAfter: null,
      });
      expect(service.received).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('when loopback is allowed (tests), posts the body and reports the answer', async () => {
    const service = await loopbackPushService();
    try {
      expect(await pushTransport({ publicOnly: false })(push(service.endpoint), new AbortController().signal)).toEqual({ status: 201, retryAfter: null });
      expect(service.received).toEqual(['/push/1']);
    } finally {
      await service.close();
    }
  });

  it('no answer (nothing listening) is a failure to retry, not an error', async () => {
    expect(await pushTransport({ publicOnly: false })(push('http://127.0.0.1:1/push'), new AbortController().signal)).toEqual({ status: null, retryAfter: null });
  });
});
