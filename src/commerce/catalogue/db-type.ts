// The commerce database interface, declared here until src/commerce/db/index.ts exists; then this
// file re-exports it.
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
