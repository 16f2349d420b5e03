// The wishlists feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { wishlistRoutes } from './routes.ts';

export const wishlistsPlugin = commerceFeature('wishlists', [wishlistRoutes], ['customers', 'catalogue']);
export default wishlistsPlugin;
