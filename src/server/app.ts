/**
 * The whole server as one Fastify plugin tree (decision 0001, after fastify/demo). Plugins load in a
 * fixed order: infrastructure (errors, database, compression, OpenAPI) → routes under `/api` →
 * the SPA and uploads. `main.ts` only listens and shuts down; tests use `app.inject`.
 * Every request goes through Fastify's own lifecycle, and its HTTP server is Fastify's, set up
 * through Fastify's documented options only (decision 0051).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createOutboundClient, type OutboundClient } from './lib/outbound.js';
import { httpError } from './lib/http-error.js';
import { exceedsJsonDepth, maxJsonDepth } from './lib/json-depth.js';
import { loggerOptions } from './logging.js';
import { REQUEST_ID_HEADER, requestIdGenerator } from './request-id.js';
import { metricsPlugin } from './plugins/metrics.js';
import { authPlugin } from './plugins/auth.js';
import { jobsPlugin } from './jobs/plugin.js';
import { mailPlugin } from './jobs/send-mail.js';
import { pushPlugin } from './push/service.js';
import { pushRoutes } from './routes/push/index.js';
import { smsPlugin } from './sms/sms.js';
import { proofOfWorkPlugin } from './trust/proof-of-work.js';
import { identityPlugin } from './identity/provider.js';
import { identityRoutes } from './routes/profile/identity.js';
import { unsubscribePlugin } from './notifications/unsubscribe.js';
import { uploadCleanupPlugin } from './jobs/clean-uploads.js';
import { imageVariantsPlugin } from './storage/image-variants.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { invalidationPlugin } from './plugins/invalidation.js';
import { publicCachePlugin } from './plugins/public-cache.js';
import { privateCachePlugin } from './plugins/private-cache.js';
import { readRoutingPlugin } from './plugins/read-routing.js';
import { securityPlugin } from './plugins/security.js';
import { paymentsPlugin } from './payments/plugin.js';
import { webPlugin } from './plugins/web.js';
import { imageStorePlugin, uploadsPlugin } from './plugins/uploads.js';
import { canonicalRequestTarget } from './plugins/request-target.js';
import { webDistDir } from './paths.js';
import { accountRoutes } from './routes/accounts/index.js';
import { catalogRoutes } from './routes/catalog/index.js';
import { searchRoutes } from './routes/search/index.js';
import { placesRoutes } from './routes/places/index.js';
import { favouriteRoutes } from './routes/favourites/index.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { messageRoutes } from './routes/messages/index.js';
import { orderRoutes } from './routes/orders/index.js';
import { offerRoutes } from './routes/offers/index.js';
import { offerJobsPlugin } from './offers/jobs.js';
import { viewingJobsPlugin } from './orders/viewing.js';
import { paymentRoutes } from './routes/payments/index.js';
import { moderationRoutes } from './routes/moderation/index.js';
import { categoryModerationRoutes } from './routes/moderation/categories.js';
import { sellingRoutes } from './routes/selling/index.js';
import { listingRoutes } from './routes/listings/index.js';
import { listingExpiryPlugin } from './listings/expiry.js';
import { vehicleRoutes } from './routes/vehicles/index.js';
import { trustRoutes } from './routes/trust/index.js';
import { photoHashBackfillPlugin } from './trust/backfill.js';
import { listingVinDecodePlugin } from './trust/listing-vin.js';
import { dealerRoutes } from './routes/dealers/index.js';
import { dealerFeedsPlugin } from './dealers/feeds.js';
import { systemRoutes } from './routes/system/index.js';
import { savedSearchRoutes } from './routes/saved-searches/index.js';
import { profileRoutes } from './routes/profile/index.js';
import { savedSearchAlertsPlugin } from './saved-searches/alerts.js';
import { notificationTopicsPlugin } from './notifications/preferences.js';
import { messageMailPlugin } from './notifications/message-mail.js';
import { notificationSettingsRoutes } from './routes/notifications/index.js';
import { seoRoutes } from './routes/seo/index.js';
import { depositRoutes } from './routes/deposits/index.js';
import { depositJobsPlugin } from './deposits/jobs.js';
import { protectedPaymentRoutes } from './routes/protected-payments/index.js';
import { paymentJobsPlugin } from './payments/protected-jobs.js';
import { insightsRoutes } from './routes/insights/index.js';
import { insightsJobsPlugin } from './insights/jobs.js';
import { listingEventsPlugin } from './insights/recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    outbound: OutboundClient;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Close the database when the app closes (true in production; tests own their database). */
  closeDatabase?: boolean;
  /** Folder of the built SPA; `dist/web` by default. */
  webDir?: string;
}

/** Builds the app, ready to `listen` or `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config),
    // Every request's id (request-id.ts, decision 0032): a trusted proxy's `x-request-id` when it
    // is of a sane form, else a new UUID. Fastify's `requestIdHeader` would take the header's
    // value unchecked (and from any client), so it stays off and `genReqId` reads it.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // Fastify's own request log lines; the field that carries the id is `reqId`.
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // A client trickling its headers or body cannot keep a connection (and
    // its memory) for ever. Node answers 408 and closes; it checks the open connections every
    // `connectionsCheckingInterval` ms, so a limit fires within a second of being passed.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    // A hop count trusts that many proxies nearest to us (proxy-addr semantics).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    // Every check reads the path in one shape (plugins/request-target.ts): `/%61pi/…` and the
    // absolute form `http://host/api/…` become `/api/…` before routing.
    rewriteUrl: (request) => canonicalRequestTarget(request.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Fastify's own JSON parser (prototype poisoning refused), after a bound on nesting depth
  // (lib/json-depth.ts). Each route's body limit still applies (lib/route.ts).
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsJsonDepth(body as string)) {
      done(httpError(400, `The JSON body is nested more than ${maxJsonDepth} levels deep`));
      return;
    }
    void parseJson(request, body as string, done);
  });
  app.decorate('config', config);
  // The one client for requests to the outside world (lib/outbound.ts).
  const outbound = createOutboundClient({ allowedOrigins: config.outboundAllowedOrigins });
  app.decorate('outbound', outbound);
  app.addHook('onClose', async () => {
    await outbound.close();
  });
  // Set by lifecycle.ts `drain` after SIGTERM (main.ts); read by the health check.
  app.decorate('lifecycle', { draining: false });
  // Every answer carries its request's id; while draining, every answer closes its connection
  // (lifecycle.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    closeOnExit: options.closeDatabase ?? false,
  });
  // GET /metrics and what feeds it (plugins/metrics.ts), before the routes it times.
  await app.register(metricsPlugin);
  // Invalidation signals for the caches below and the guard's, across instances.
  await app.register(invalidationPlugin);
  // Before any route: it hooks the routes that ask for it (route(…, { publicCache: true })).
  await app.register(publicCachePlugin);
  // A caller's own reads (route(…, { privateCache: true })); its lookup is a preHandler, so it
  // runs after the guard's onRequest check whatever the order of registration.
  await app.register(privateCachePlugin);
  // Public reads on read replicas (DATABASE_REPLICA_URLS, decision 0050): `app.readDb(request)`.
  await app.register(readRoutingPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Second Gear API',
        description:
          'The Second Gear marketplace API: listings, search, orders, offers, viewings, payments, messages and moderation.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // Where uploads live: DATA_DIR/uploads, or an S3 bucket (decision 0023).
  await app.register(imageStorePlugin);
  // Background work (docs/features.md): the durable queue, outgoing mail, the upload clean-up.
  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  await app.register(pushPlugin);
  await app.register(smsPlugin);
  await app.register(identityPlugin);
  await app.register(unsubscribePlugin);
  await app.register(uploadCleanupPlugin);
  await app.register(savedSearchAlertsPlugin);
  await app.register(listingExpiryPlugin);
  await app.register(notificationTopicsPlugin);
  await app.register(messageMailPlugin);
  await app.register(depositJobsPlugin);
  await app.register(paymentJobsPlugin);
  await app.register(viewingJobsPlugin);
  await app.register(offerJobsPlugin);
  await app.register(photoHashBackfillPlugin);
  await app.register(listingVinDecodePlugin);
  await app.register(insightsJobsPlugin);
  await app.register(dealerFeedsPlugin);
  // Listing views and impressions, kept in memory and written in batches (decision 0029).
  await app.register(listingEventsPlugin);
  // Sign-up's and unverified first messages' proof of work (decision 0044), before the identity
  // provider that asks for it.
  await app.register(proofOfWorkPlugin);
  // Identity provider under /api/auth/*, API tokens and the access hook (auth/guard.ts).
  await app.register(authPlugin);
  await app.register(paymentsPlugin);

  await app.register(systemRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(placesRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(identityRoutes);
  await app.register(sellingRoutes);
  await app.register(listingRoutes);
  await app.register(vehicleRoutes);
  await app.register(trustRoutes);
  await app.register(orderRoutes);
  await app.register(protectedPaymentRoutes);
  await app.register(offerRoutes);
  await app.register(messageRoutes);
  await app.register(favouriteRoutes);
  await app.register(reviewRoutes);
  await app.register(paymentRoutes);
  await app.register(depositRoutes);
  await app.register(moderationRoutes);
  await app.register(categoryModerationRoutes);
  await app.register(savedSearchRoutes);
  await app.register(notificationSettingsRoutes);
  await app.register(pushRoutes);
  await app.register(seoRoutes);
  await app.register(insightsRoutes);
  await app.register(dealerRoutes);

  // Missing responsive variants of an upload are made when first asked for (decision 0017).
  await app.register(imageVariantsPlugin, { store: app.imageStore });
  await app.register(uploadsPlugin);
  await app.register(webPlugin, {
    webDir: options.webDir ?? webDistDir,
    publicUrl: config.publicUrl,
  });
  return app;
}
