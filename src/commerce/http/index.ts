// The commerce kernel's HTTP layer, shared ground of every feature: errors (`fail`, `errorResponses`), the
// auth hooks, request helpers and shared schemas. src/commerce/README.md, "Conventions".
export * from './errors.ts';
export * from './auth.ts';
export * from './operator-auth.ts';
export * from './request.ts';
export * from './schemas.ts';
