// The newsletter feature's door (its service; subscriptions with double opt-in are its plugin, plugin.ts):
// the purge of unconfirmed subscriptions the data-retention job runs.

export { purgeUnconfirmedSubscriptions } from './routes.ts';
