// Issue 24: an operator's saved views of the order list ("unpaid after 3 days", "to assay", "pickups today in
// Zurich"): a name and the list's filters and sort. The back office lists them beside the queues and opens
// one as the list's query. Another operator's view is not found (404), as if it did not exist.
import { SAVED_VIEWS_MAX, type SavedView, type SavedViewBody } from '../../contracts/ops-lists.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/index.ts';
import { lockOperators } from './repository.ts';
import { countSavedViews, deleteSavedView, savedViewOf, savedViewsOf, upsertSavedView, type SavedViewRow } from './saved-views-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const view = (r: SavedViewRow): SavedView => ({ id: r.id, name: r.name, query: r.query, createdAt: r.created_at.toISOString() });

export async function listSavedViews(db: Db, operatorId: string): Promise<SavedView[]> {
  return (await savedViewsOf(db, operatorId)).map(view);
}

export async function savedView(db: Db, operatorId: string, id: string): Promise<SavedView> {
  const row = UUID.test(id) ? await savedViewOf(db, operatorId, id) : undefined;
  if (!row) fail('saved_view_not_found');
  return view(row);
}

/** Saves (or replaces by name) a view; the 51st name: 409 saved_views_full. */
export async function saveView(db: Db, operatorId: string, body: SavedViewBody, now: Date): Promise<{ view: SavedView; replaced: boolean }> {
  const name = body.name.trim();
  return db.transaction(async (tx) => {
    // one operator saving in two tabs: the operator's row lock queues the second behind the first's count
    await lockOperators(tx, [operatorId]);
    const existing = (await savedViewsOf(tx, operatorId)).some((r) => r.name === name);
    if (!existing && (await countSavedViews(tx, operatorId)) >= SAVED_VIEWS_MAX) fail('saved_views_full', { details: { max: SAVED_VIEWS_MAX } });
    const { row, replaced } = await upsertSavedView(tx, operatorId, name, body.query, now);
    return { view: view(row), replaced };
  });
}

export async function removeView(db: Db, operatorId: string, id: string): Promise<void> {
  if (!UUID.test(id) || !(await deleteSavedView(db, operatorId, id))) fail('saved_view_not_found');
}
