/**
 * Dealers (contract src/contract/dealers.ts; docs/features.md "Dealers"; decision 0046): trader
 * details, the admin's check of them, inventory import (upload and hourly feed), API keys and
 * the key-authenticated inventory API. The hourly feed job is src/server/dealers/feeds.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createApiKeyContract,
  createImportContract,
  dealerTexts,
  deleteFeedContract,
  type FeedInterval,
  deleteInventoryContract,
  getFeedContract,
  importTemplateContract,
  listApiKeysContract,
  listImportsContract,
  putFeedContract,
  putInventoryContract,
  putTraderContract,
  revokeApiKeyContract,
  traderCheckContract,
} from '#contract/index.js';
import { newApiKey } from '../../auth/api-keys.js';
import { requireCaller, requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import type { UserRecord } from '../../auth/records.js';
import { dealerApiKeys, dealerFeeds, dealerImports, users } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { recordAction } from '../../moderation/audit.js';
import {
  findImported,
  INVENTORY_MAX_BYTES,
  InventoryFileError,
  inventoryTemplate,
  makeUnavailable,
  parseInventory,
  presentImport,
  runImport,
  upsertOne,
} from '../../dealers/inventory.js';
import { nextFeedRun } from '../../dealers/feeds.js';
import { presentSellerType } from '../../dealers/presenters.js';

const tags = ['dealers'];
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };
const asAdminSelf = { tags, access: { role: 'admin', self: 'uid' } satisfies RouteAccess };
const byApiKey = { tags, access: { via: 'api-key' } satisfies RouteAccess };

/** Requests one dealer API key may make per minute (each call counts). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 120;
/** Live API keys one seller may hold. */
export const API_KEYS_MAX = 10;

/** The caller's record when it is a business seller with trader details. @throws HttpError 403 */
function requireBusiness(
  record: UserRecord,
): UserRecord & { trader: NonNullable<UserRecord['trader']> } {
  if (record.sellerType !== 'business' || !record.trader) {
    throw httpError(403, dealerTexts.businessOnly);
  }
  return record as UserRecord & { trader: NonNullable<UserRecord['trader']> };
}

export const dealerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: INVENTORY_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.route({
    ...route(putTraderContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { opening_hours: hours, logo_url: logo, ...details } = request.body;
      const trader = { ...details, opening_hours: hours ?? null, logo_url: logo ?? null };
      const [updated] = await app.db
        .update(users)
        .set({ sellerType: 'business', trader, traderCheck: null, traderCheckedAt: null })
        .where(and(eq(users.id, me.id), isNull(users.deletedAt)))
        .returning();
      if (!updated) throw httpError(401, 'This account has been deleted');
      app.invalidation.publish('public');
      return presentSellerType(updated);
    },
  });

  app.route({
    ...route(traderCheckContract, asAdminSelf),
    handler: async (request) => {
      const admin = requireCallerRecord(request);
      const { result } = request.body;
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ traderCheck: result, traderCheckedAt: sql`now()` })
          .where(
            and(
              eq(users.id, request.query.id),
              eq(users.sellerType, 'business'),
              isNull(users.deletedAt),
            ),
          )
          .returning();
        if (!row) return null;
        await recordAction(tx, {
          actorId: admin.id,
          action: 'trader.check',
          targetType: 'user',
          targetId: row.id,
          details: { result },
        });
        return row;
      });
      if (!updated) throw httpError(404, 'No business seller with this id');
      app.invalidation.publish('public');
      return presentSellerType(updated);
    },
  });

  app.route({
    ...route(importTemplateContract, { tags }),
    handler: async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inventory-template.csv"')
        .send(inventoryTemplate()),
  });

  app.route({
    ...route(createImportContract, asSeller),
    handler: async (request) => {
      const me = requireBusiness(requireCallerRecord(request));
      if (!request.isMultipart()) {
        throw httpError(
          400,
          'Send multipart/form-data with the CSV or JSON file in the "file" field',
        );
      }
      const bytes = await readFile(request);
      let rows;
      try {
        rows = parseInventory(bytes);
      } catch (error) {
        if (error instanceof InventoryFileError) throw httpError(400, error.message);
        throw error;
      }
      return runImport(
        app,
        {
          sellerId: me.id,
          trader: me.trader,
          mode: request.query.mode,
          dryRun: request.query.dry_run,
          source: 'upload',
          uploaderUid: me.uid,
        },
        rows,
      );
    },
  });

  app.route({
    ...route(listImportsContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const rows = await app.db
        .select()
        .from(dealerImports)
        .where(eq(dealerImports.sellerId, me.id))
        .orderBy(desc(dealerImports.createdAt), desc(dealerImports.id))
        .limit(50);
      return rows.map(presentImport);
    },
  });

  app.route({
    ...route(getFeedContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const [row] = await app.db.select().from(dealerFeeds).where(eq(dealerFeeds.sellerId, me.id));
      return row ? presentFeed(app, row) : null;
    },
  });

  app.route({
    ...route(putFeedContract, asSeller),
    handler: async (request) => {
      const me = requireBusiness(requireCallerRecord(request));
      const { url, mode, interval_hours: intervalHours } = request.body;
      const [row] = await app.db
        .insert(dealerFeeds)
        .values({ sellerId: me.id, url, mode, intervalHours })
        .onConflictDoUpdate({
          target: dealerFeeds.sellerId,
          set: {
            url,
            mode,
            intervalHours,
            lastError: null,
            // A new address is due at the next hourly run; the same one keeps its rhythm.
            lastRunAt: sql`case when ${dealerFeeds.url} = ${url} then ${dealerFeeds.lastRunAt} end`,
          },
        })
        .returning();
      return presentFeed(app, row!);
    },
  });

  app.route({
    ...route(deleteFeedContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const rows = await app.db
        .delete(dealerFeeds)
        .where(eq(dealerFeeds.sellerId, me.id))
        .returning({ id: dealerFeeds.sellerId });
      return { deletedCount: rows.length };
    },
  });

  app.route({
    ...route(createApiKeyContract, asSeller),
    handler: async (request, reply) => {
      const me = requireBusiness(requireCallerRecord(request));
      const made = await app.db.transaction(async (tx) => {
        // One at a time per seller, so the cap holds under concurrent calls.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
        const [live] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(dealerApiKeys)
          .where(and(eq(dealerApiKeys.sellerId, me.id), isNull(dealerApiKeys.revokedAt)));
        if ((live?.n ?? 0) >= API_KEYS_MAX) return null;
        const key = newApiKey();
        const [row] = await tx
          .insert(dealerApiKeys)
          .values({
            sellerId: me.id,
            name: request.body.name,
            keyHash: key.hash,
            prefix: key.prefix,
          })
          .returning({ id: dealerApiKeys.id });
        return { id: row!.id, key: key.key };
      });
      if (!made) throw httpError(409, `At most ${API_KEYS_MAX} API keys: revoke one first`);
      return reply.code(201).send(made);
    },
  });

  app.route({
    ...route(listApiKeysContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const rows = await app.db
        .select()
        .from(dealerApiKeys)
        .where(and(eq(dealerApiKeys.sellerId, me.id), isNull(dealerApiKeys.revokedAt)))
        .orderBy(desc(dealerApiKeys.createdAt));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
      }));
    },
  });

  app.route({
    ...route(revokeApiKeyContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const rows = await app.db
        .update(dealerApiKeys)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(dealerApiKeys.id, request.params.id),
            eq(dealerApiKeys.sellerId, me.id),
            isNull(dealerApiKeys.revokedAt),
          ),
        )
        .returning({ id: dealerApiKeys.id });
      if (rows.length === 0) throw httpError(404, 'API key not found');
      return { revoked: true as const };
    },
  });

  // Each key has its own counter (API_KEY_RATE_LIMIT_PER_MINUTE), besides the per-client write
  // limit every write has (plugins/security.ts).
  const keyLimiter = app.createRateLimit({
    max: API_KEY_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `dealer-api-key:${request.caller?.sessionId ?? request.ip}`,
  });
  async function limitPerKey(
    request: FastifyRequest,
    reply: { header(name: string, value: string): unknown },
  ) {
    const result = await keyLimiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw httpError(
      429,
      `Too many requests with this API key: at most ${result.max} per minute. Try again in ${seconds} seconds.`,
    );
  }

  app.route({
    ...route(putInventoryContract, byApiKey),
    handler: async (request, reply) => {
      await limitPerKey(request, reply);
      const me = requireBusiness(requireCallerRecord(request));
      const result = await upsertOne(
        app,
        { sellerId: me.id, trader: me.trader, uploaderUid: me.uid },
        request.params.external_id,
        request.body,
      );
      if (result.kind === 'failed') {
        const first = result.failed[0];
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: first ? `${first.field}: ${first.reason}` : 'The car is refused',
          failed: result.failed,
        });
      }
      return reply.code(result.outcome === 'created' ? 201 : 200).send({
        external_id: request.params.external_id,
        result: result.outcome,
        product_id: result.productId,
      });
    },
  });

  app.route({
    ...route(deleteInventoryContract, byApiKey),
    handler: async (request, reply) => {
      await limitPerKey(request, reply);
      const me = requireBusiness(requireCallerRecord(request));
      const externalId = request.params.external_id;
      const listing = await findImported(app, me.id, externalId);
      if (!listing) throw httpError(404, `You have no car with external_id ${externalId}`);
      const changed = await makeUnavailable(app, me.id, listing.id);
      if (changed) app.invalidation.publish('public');
      return {
        external_id: externalId,
        result: changed ? ('removed' as const) : ('unchanged' as const),
        product_id: listing.id,
      };
    },
  });

  /** The single file of the `file` field. @throws HttpError 400, 413 */
  async function readFile(request: FastifyRequest): Promise<Buffer> {
    try {
      const file = await request.file();
      if (!file || file.fieldname !== 'file') {
        throw httpError(400, 'Send the CSV or JSON file in the "file" field');
      }
      return await file.toBuffer();
    } catch (error) {
      if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw httpError(400, 'The multipart/form-data body is malformed or incomplete');
    }
  }
  void requireCaller;
};

/** A feed under its API names, with the report of its last import. */
async function presentFeed(app: FastifyInstance, row: typeof dealerFeeds.$inferSelect) {
  const [report] = row.lastImportId
    ? await app.db.select().from(dealerImports).where(eq(dealerImports.id, row.lastImportId))
    : [];
  return {
    url: row.url,
    mode: row.mode,
    // The CHECK constraint keeps it among feedIntervals.
    interval_hours: row.intervalHours as FeedInterval,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    last_error: row.lastError,
    next_run_at: nextFeedRun(row.lastRunAt, row.intervalHours, new Date()).toISOString(),
    last_report: report ? presentImport(report) : null,
  };
}
