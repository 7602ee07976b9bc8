/** The shared contract: imports nothing of ours; both server and web import it. */
export * from './catalog.js';
export * from './entities.js';
export * from './errors.js';
export * from './limits.js';
export * from './money.js';
export * from './paths.js';
export * from './api-paths.js';
export * from './accounts.js';
export * from './selling.js';
export * from './categories.js';
export * from './moderation.js';
export * from './orders.js';
export * from './payments.js';
export * from './system.js';
export * from './listings.js';
export * from './search.js';
export * from './messages.js';
