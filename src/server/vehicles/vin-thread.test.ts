/**
 * VIN decoding in a worker thread (decision 0041): the same answers as decoding in this thread
 * (decoded, wrong check digit, unknown VIN), the event loop free while cold decodes run, a
 * crashed thread replaced on the next decode (directly and through the route), and nothing left
 * running after close.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { decodeVinInThread } from './vin-decoder.js';
import { closeVinDecoder, crashVinDecoderForTests, decodeVin } from './vin-thread.js';

/** Real VINs of different makes and years: each decode is a cold look-up (130–1,000 ms here). */
const coldVins = [
  '1HGCM82633A004352', // Honda Accord 2003 (the NHTSA example)
  '5YJ3E1EA7KF317000', // Tesla Model 3 2019 (wrong check digit)
  '1FTFW1ET5DFC10312', // Ford F-150 2013
  'JH4KA8260MC000000', // Acura Legend 1991
  '2T1BURHE0JC043821', // Toyota Corolla 2018
  '3VWFE21C04M000001', // Volkswagen Beetle 2004
  '1G1ZT53826F109149', // Chevrolet Malibu 2006
];

afterAll(closeVinDecoder);

describe('decodeVin in the worker thread', () => {
  it('keeps the event loop responsive while it decodes', async () => {
    await closeVinDecoder(); // a new thread: its decoder starts cold
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await setTimeout(50); // the histogram's first tick only starts its clock
    const decodes = await Promise.all(coldVins.map((vin) => decodeVin(vin)));
    await setTimeout(50); // a stall is recorded by the tick after it
    delay.disable();
    expect(decodes.map((decode) => decode.make)).toEqual([
      'Honda',
      'Tesla',
      'Ford',
      'Acura',
      'Toyota',
      'Volkswagen',
      'Chevrolet',
    ]);
    // Decoded in this thread, the first of these VINs holds the loop for about a second (it
    // opens the database, cold), each other for 130 ms or more: the longest stall must stay well
    // below the second, with room for a loaded machine's scheduling and garbage collection (a
    // full run at load average 10 saw 117 ms).
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  it('answers exactly as decoding in this thread does', async () => {
    const vins = [
      ...coldVins.slice(0, 4),
      '1HGCM82643A004352', // a wrong check digit: reported in errors
      'ZZZZZZZZZZZZZZZZZ', // not in the NHTSA data: "not decoded"
    ];
    for (const vin of vins) {
      expect(await decodeVin(vin), vin).toEqual(await decodeVinInThread(vin));
    }
    const unknown = await decodeVin('ZZZZZZZZZZZZZZZZZ');
    expect(unknown).toMatchObject({ valid: false, make: null });
    expect(unknown.errors).toEqual([expect.stringMatching(/not in the NHTSA vehicle data/)]);
  });

  it('rejects the decodes a crashed thread held and answers the next one in a new thread', async () => {
    await decodeVin(coldVins[0]!); // a thread runs
    const crashed = crashVinDecoderForTests();
    const held = decodeVin(coldVins[2]!); // posted after the crash: never read
    await crashed;
    await expect(held).rejects.toThrow(/VIN decoder thread stopped.*crashed on request/);
    expect(await decodeVin(coldVins[2]!)).toMatchObject({ make: 'Ford', model: 'F-150' });
  });
});

describe('GET /api/vin/{vin} after the decoder thread crashed', () => {
  let t: TestApp;
  let seller: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await registerUser(t.app, { role: 'seller', name: 'Vin Seller' });
  });
  afterAll(() => t.close());

  const decode = (vin: string) =>
    t.app.inject({ method: 'GET', url: `/api/vin/${vin}`, headers: bearer(seller.token) });

  it('answers 200 with the decode again on the next request', async () => {
    expect((await decode('1HGCM82633A004352')).statusCode).toBe(200);
    await crashVinDecoderForTests();
    const response = await decode('1HGCM82633A004352');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await decodeVinInThread('1HGCM82633A004352'));
  });

  it('still answers 400 for an ill-formed VIN, with the same message', async () => {
    const response = await decode('1HGCM82633A00435I');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/vin must be 17/);
  });
});
