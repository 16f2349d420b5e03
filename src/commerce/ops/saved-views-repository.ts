// Issue 24: the SQL of the operators' saved views of the order list (migration 0039). Every statement names
// the operator: a view is read, replaced or deleted only by the operator who saved it.
import { randomUUID } from 'node:crypto';
import type { SavedViewQuery } from '../../contracts/ops-lists.ts';
import type { Db } from '../db/index.ts';

export interface SavedViewRow { id: string; operator_id: string; name: string; query: SavedViewQuery; created_at: Date }

export function savedViewsOf(db: Db, operatorId: string): Promise<SavedViewRow[]> {
  return db.query<SavedViewRow>('select * from ops_saved_views where operator_id = $1 order by lower(name), id', [operatorId]);
}

export async function savedViewOf(db: Db, operatorId: string, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await db.query<SavedViewRow>('select * from ops_saved_views where operator_id = $1 and id = $2', [operatorId, id]);
  return row;
}

export async function countSavedViews(db: Db, operatorId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from ops_saved_views where operator_id = $1', [operatorId]);
  return n;
}

/** Saves the view; a name the operator used already is replaced (its id kept). Answers the row and whether it replaced one. */
export async function upsertSavedView(db: Db, operatorId: string, name: string, query: SavedViewQuery, now: Date): Promise<{ row: SavedViewRow; replaced: boolean }> {
  const [row] = await db.query<SavedViewRow & { replaced: boolean }>(
    `insert into ops_saved_views (id, operator_id, name, query, created_at) values ($1, $2, $3, $4::jsonb, $5)
     on conflict (operator_id, name) do update set query = excluded.query
     returning *, (xmax <> 0) as replaced`,
    [randomUUID(), operatorId, name, JSON.stringify(query), now],
  );
  const { replaced, ...rest } = row;
  return { row: rest, replaced };
}

export async function deleteSavedView(db: Db, operatorId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from ops_saved_views where operator_id = $1 and id = $2 returning id', [operatorId, id]);
  return rows.length > 0;
}
