// The availability alerts feature's door (its service; the routes, restock mails and the availability admin
// call are its plugin, plugin.ts): the purge of unconfirmed alerts the data-retention job runs.

export { purgeUnconfirmedAlerts } from './routes.ts';
