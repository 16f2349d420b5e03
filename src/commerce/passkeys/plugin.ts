// The passkeys feature's plugin (issue 26): its routes, registered by app.ts alone. It builds on customers
// (a passkey sign-in opens the customers' session, with the guest's merge).
import { commerceFeature } from '../http/plugin.ts';
import { passkeyRoutes } from './routes.ts';

export const passkeysPlugin = commerceFeature('passkeys', [passkeyRoutes], ['customers']);
export default passkeysPlugin;
