// Request and answer schemas every commerce feature shares (the feature-specific ones live in
// src/contracts): the x-store-key header every call but /health and /openapi.json needs, and { ok: true }.
import Type from 'typebox';
import { storeKeys } from '../../stores.ts';

export const StoreKeyHeader = Type.Object({ 'x-store-key': Type.Union(storeKeys.map((k) => Type.Literal(k))) });

export const OkResponse = Type.Object({ ok: Type.Literal(true) });
