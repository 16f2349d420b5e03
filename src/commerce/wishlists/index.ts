// The wishlists feature's only door: wishlist routes and their merge at sign-in.
import { commerceFeature } from '../http/plugin.ts';
import { wishlistRoutes } from './routes.ts';

export const wishlistsPlugin = commerceFeature('wishlists', [wishlistRoutes], ['customers', 'catalogue']);
export default wishlistsPlugin;
