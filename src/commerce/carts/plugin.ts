// The carts feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { cartRoutes } from './routes.ts';

// customers: the cart merge runs as a merge hook of the sign-in
export const cartsPlugin = commerceFeature('carts', [cartRoutes], ['customers', 'catalogue', 'prices', 'discounts', 'shipping']);
export default cartsPlugin;
