// Query parameters of the delivery API: parsing (Rails-style brackets, as storyblok-js-client sends
// them), validation (a bad parameter is a 422 naming it, never a 500), filters, sorting and paging.
import { AppError } from '../lib/errors.ts';
import type { ApiStory } from './repository.ts';

export type QueryValue = string | QueryValue[] | { [k: string]: QueryValue };
export type QueryObject = { [k: string]: QueryValue };

/** A bad parameter: answered 422 invalid_parameter with the message (Storyblok validates v2 parameters
 * the same way). */
export class QueryError extends AppError {
  readonly param: string;
  constructor(param: string, message: string) {
    super('invalid_parameter', { message });
    this.name = 'QueryError';
    this.param = param;
  }
}

const MAX_PARAMS = 200;
const MAX_DEPTH = 6;
const MAX_LIST = 200;

/**
 * Parses a raw query string with bracket nesting: a[b][c]=1 -> { a: { b: { c: '1' } } }.
 * Each "[]" appends a new array element, so filter_query[__or][][x][is]=1&filter_query[__or][][y][is]=2
 * gives two OR branches, as Storyblok's documentation describes; [0], [1] group explicitly.
 */
export function parseQueryString(raw: string): QueryObject {
  const root: QueryObject = {};
  const params = new URLSearchParams(raw);
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMS) throw new QueryError('query', `Too many query parameters (at most ${MAX_PARAMS})`);
    const segments = splitKey(key);
    if (!segments) throw new QueryError(key, `Malformed parameter name: ${key}`);
    if (segments.length > MAX_DEPTH) throw new QueryError(key, `Parameter nested too deeply: ${key}`);
    assign(root, segments, value, key);
  }
  return root;
}

function splitKey(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const rest = m[2].match(/\[[^[\]]*\]/g) ?? [];
  return [m[1], ...rest.map((s) => s.slice(1, -1))];
}

function assign(root: QueryObject, segments: string[], value: string, key: string): void {
  let container: QueryObject | QueryValue[] = root;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    const nextIsArray = !last && segments[i + 1] === '';
    const fresh = (): QueryValue => (last ? value : nextIsArray ? [] : {});
    if (Array.isArray(container)) {
      if (seg !== '' && !/^\d{1,3}$/.test(seg)) throw new QueryError(key, `Malformed parameter name: ${key}`);
      const arr: QueryValue[] = container;
      const index = seg === '' ? arr.length : Number(seg);
      if (index > MAX_LIST) throw new QueryError(key, `Array index too large in ${key}`);
      if (last) {
        arr[index] = value;
        return;
      }
      if (arr[index] === undefined) arr[index] = fresh();
      const next: QueryValue = arr[index];
      if (typeof next === 'string' || Array.isArray(next) !== nextIsArray) throw new QueryError(key, `Conflicting parameter ${key}`);
      container = next as QueryObject | QueryValue[];
    } else {
      if (seg === '' || seg === '__proto__' || seg === 'constructor' || seg === 'prototype') throw new QueryError(key, `Malformed parameter name: ${key}`);
      const obj: QueryObject = container;
      if (last) {
        if (obj[seg] !== undefined && typeof obj[seg] !== 'string') throw new QueryError(key, `Conflicting parameter ${key}`);
        obj[seg] = value;
        return;
      }
      if (!Object.hasOwn(obj, seg)) obj[seg] = fresh();
      const next: QueryValue = obj[seg];
      if (typeof next === 'string' || Array.isArray(next) !== nextIsArray) throw new QueryError(key, `Conflicting parameter ${key}`);
      container = next as QueryObject | QueryValue[];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// scalar parameters

/** A parameter that must be a single string (not nested, not repeated as an array). */
export function str(q: QueryObject, name: string): string | undefined {
  const v = q[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) {
    // the client sends arrays as name[]=a&name[]=b: accept them as the comma list they mean
    if (v.every((x) => typeof x === 'string')) return (v as string[]).join(',');
    throw new QueryError(name, `Parameter ${name} must be a string`);
  }
  if (typeof v !== 'string') throw new QueryError(name, `Parameter ${name} must be a string`);
  return v;
}

export function int(q: QueryObject, name: string, min: number, max: number, fallback: number): number {
  const v = str(q, name);
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v)) throw new QueryError(name, `Parameter ${name} must be an integer between ${min} and ${max}`);
  const n = Number(v);
  if (n < min || n > max) throw new QueryError(name, `Parameter ${name} must be an integer between ${min} and ${max}`);
  return n;
}

export function bool(q: QueryObject, name: string): boolean | undefined {
  const v = str(q, name);
  if (v === undefined || v === '') return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new QueryError(name, `Parameter ${name} must be true or false`);
}

export function list(v: string | undefined): string[] {
  return v === undefined ? [] : v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Storyblok's date format in filters: "YYYY-MM-DD HH:MM" (UTC); a date alone or ISO 8601 also accepted. */
export function parseDate(v: string, param: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z?)?$/.exec(v.trim());
  const t = m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) : NaN;
  if (!m || Number.isNaN(t) || new Date(t).getUTCDate() !== +m[3]) {
    throw new QueryError(param, `Parameter ${param} must be a date like 2026-01-31 14:00`);
  }
  return t;
}

/** A stored date value (ISO or "YYYY-MM-DD HH:MM"); NaN when the field holds no date. */
function storedDate(v: unknown): number {
  if (typeof v !== 'string' || v === '') return NaN;
  try {
    return parseDate(v, 'value');
  } catch {
    const t = Date.parse(v);
    return Number.isNaN(t) ? NaN : t;
  }
}

// ---------------------------------------------------------------------------------------------
// slugs

/** by_slugs / excluding_slugs patterns: exact full slugs, "*" matches any run of characters. */
export function slugMatcher(patterns: string[]): (fullSlug: string) => boolean {
  const res = patterns.map((p) => new RegExp(`^${p.split('*').map(escapeRe).join('.*')}$`));
  return (s) => res.some((re) => re.test(s));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// filter_query

type Predicate = (content: Record<string, unknown>) => boolean;

const OPERATORS = ['is', 'in', 'not_in', 'like', 'not_like', 'any_in_array', 'all_in_array', 'gt_int', 'lt_int', 'gt_float', 'lt_float', 'gt_date', 'lt_date'] as const;
type Operator = (typeof OPERATORS)[number];

/** Compiles filter_query into one predicate over a story's (localised) content. Throws QueryError. */
export function compileFilter(fq: QueryValue | undefined): Predicate | null {
  if (fq === undefined) return null;
  if (typeof fq === 'string' || Array.isArray(fq)) throw new QueryError('filter_query', 'filter_query must look like filter_query[field][operation]=value');
  return compileGroup(fq, 'filter_query');
}

function compileGroup(group: QueryObject, at: string): Predicate {
  const parts: Predicate[] = [];
  for (const [field, ops] of Object.entries(group)) {
    if (field === '__or') {
      const branches = Array.isArray(ops) ? ops : typeof ops === 'object' ? Object.values(ops) : null;
      if (!branches || branches.length === 0) throw new QueryError(`${at}[__or]`, `${at}[__or] must be a list of filters: ${at}[__or][][field][operation]=value`);
      const compiled = branches.map((b, i) => {
        if (!b || typeof b !== 'object' || Array.isArray(b)) throw new QueryError(`${at}[__or]`, `${at}[__or][${i}] must be a filter: [field][operation]=value`);
        return compileGroup(b, `${at}[__or][${i}]`);
      });
      parts.push((c) => compiled.some((p) => p(c)));
      continue;
    }
    if (!/^[\w-]+(\.[\w-]+)*$/.test(field)) throw new QueryError(`${at}[${field}]`, `Invalid field name in ${at}: ${field}`);
    if (!ops || typeof ops !== 'object' || Array.isArray(ops)) {
      throw new QueryError(`${at}[${field}]`, `${at}[${field}] needs an operation: ${at}[${field}][in]=value`);
    }
    for (const [op, raw] of Object.entries(ops)) {
      if (!(OPERATORS as readonly string[]).includes(op)) {
        throw new QueryError(`${at}[${field}][${op}]`, `Unknown filter operation "${op}"; use one of ${OPERATORS.join(', ')}`);
      }
      if (typeof raw !== 'string') throw new QueryError(`${at}[${field}][${op}]`, `${at}[${field}][${op}] must be a single value`);
      parts.push(compileCondition(field, op as Operator, raw, `${at}[${field}][${op}]`));
    }
  }
  return (c) => parts.every((p) => p(c));
}

function compileCondition(field: string, op: Operator, raw: string, param: string): Predicate {
  const get = (c: Record<string, unknown>) => fieldValue(c, field);
  const values = raw.split(',');
  switch (op) {
    case 'is':
      return isCheck(raw, get);
    case 'in': {
      const set = new Set(values);
      // an empty value matches empty strings and missing values (Storyblok: "in" with "")
      return (c) => { const v = get(c); return isScalar(v) ? set.has(String(v)) : (v === undefined || v === null) && set.has(''); };
    }
    case 'not_in': {
      const set = new Set(values);
      return (c) => { const v = get(c); return isScalar(v) ? !set.has(String(v)) : !((v === undefined || v === null) && set.has('')); };
    }
    case 'like':
    case 'not_like': {
      const re = values.map((p) => new RegExp(`^${p.split('*').map(escapeRe).join('.*')}$`, 's'));
      const like = (c: Record<string, unknown>) => { const v = get(c); return isScalar(v) && re.some((r) => r.test(String(v))); };
      return op === 'like' ? like : (c) => !like(c);
    }
    case 'any_in_array':
    case 'all_in_array': {
      const wanted = values.filter((x) => x !== '');
      return (c) => {
        const v = get(c);
        const have = new Set((Array.isArray(v) ? v : isScalar(v) ? [v] : []).map(String));
        return op === 'any_in_array' ? wanted.some((w) => have.has(w)) : wanted.length > 0 && wanted.every((w) => have.has(w));
      };
    }
    case 'gt_int':
    case 'lt_int': {
      if (!/^-?\d{1,15}$/.test(raw.trim())) throw new QueryError(param, `${param} must be an integer`);
      const limit = Number(raw);
      return (c) => { const n = num(get(c), true); return !Number.isNaN(n) && (op === 'gt_int' ? n > limit : n < limit); };
    }
    case 'gt_float':
    case 'lt_float': {
      if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(raw.trim())) throw new QueryError(param, `${param} must be a number like 119.99`);
      const limit = Number(raw);
      return (c) => { const n = num(get(c), false); return !Number.isNaN(n) && (op === 'gt_float' ? n > limit : n < limit); };
    }
    case 'gt_date':
    case 'lt_date': {
      const limit = parseDate(raw, param);
      return (c) => { const t = storedDate(get(c)); return !Number.isNaN(t) && (op === 'gt_date' ? t > limit : t < limit); };
    }
  }
}

/**
 * "is" checks a kind of value (empty, not_empty, empty_array, not_empty_array, true, false, null,
 * not_null) as Storyblok documents it. Decision: any other value is compared for equality, because the
 * storefront resolves CMS pages with filter_query[path][is]=/datenschutz (spec 2); "in" does the same
 * on Storyblok itself.
 */
function isCheck(raw: string, get: (c: Record<string, unknown>) => unknown): Predicate {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  switch (raw) {
    case 'empty': return (c) => empty(get(c));
    case 'not_empty': return (c) => !empty(get(c));
    case 'empty_array': return (c) => { const v = get(c); return v === undefined || v === null || (Array.isArray(v) && v.length === 0); };
    case 'not_empty_array': return (c) => { const v = get(c); return Array.isArray(v) && v.length > 0; };
    case 'true': return (c) => get(c) === true || get(c) === 'true';
    case 'false': return (c) => get(c) === false || get(c) === 'false';
    case 'null': return (c) => get(c) === null || get(c) === undefined;
    case 'not_null': return (c) => get(c) !== null && get(c) !== undefined;
    default: return (c) => { const v = get(c); return isScalar(v) && String(v) === raw; };
  }
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function num(v: unknown, integer: boolean): number {
  if (typeof v === 'number') return integer ? Math.trunc(v) : v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return integer ? Math.trunc(Number(v)) : Number(v);
  return NaN;
}

/** A content field by dotted path; numeric segments index arrays (body.0.headline). */
export function fieldValue(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else if (typeof cur === 'object') {
      cur = Object.hasOwn(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    } else {
      return undefined;
    }
  }
  return cur;
}

// ---------------------------------------------------------------------------------------------
// sort_by

const STORY_SORT_FIELDS = new Set(['name', 'slug', 'full_slug', 'created_at', 'published_at', 'first_published_at', 'updated_at', 'sort_by_date', 'position', 'id', 'uuid', 'is_startpage']);

export interface SortKey {
  path: string;
  desc: boolean;
  type: 'auto' | 'int' | 'float';
}

/** sort_by=field:asc|desc[:int|:float], comma-separated for several keys; content.* reaches content fields. */
export function parseSort(v: string | undefined): SortKey[] {
  if (v === undefined || v.trim() === '') return [];
  return v.split(',').map((part) => {
    const [path, dir = 'asc', type = 'auto', ...extra] = part.trim().split(':');
    const ok = extra.length === 0 && (dir === 'asc' || dir === 'desc') && (type === 'auto' || type === 'int' || type === 'float')
      && (STORY_SORT_FIELDS.has(path) || /^content\.[\w-]+(\.[\w-]+)*$/.test(path));
    if (!ok) {
      throw new QueryError('sort_by', `Invalid sort_by "${part}": use field:asc or field:desc (story fields ${[...STORY_SORT_FIELDS].join(', ')}, or content.<field>), optionally :int or :float`);
    }
    return { path, desc: dir === 'desc', type: type as SortKey['type'] };
  });
}

/**
 * Sorts a copy. Numbers compare as numbers, text by the language's collation (umlauts where a German
 * reader expects them); missing values go last in both directions; ties keep position, then full slug,
 * so paging is stable.
 */
export function sortStories(stories: readonly ApiStory[], keys: SortKey[], lang: 'default' | 'en'): ApiStory[] {
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'de', { numeric: true, sensitivity: 'variant' });
  const all: SortKey[] = [...keys, { path: 'position', desc: false, type: 'auto' }, { path: 'full_slug', desc: false, type: 'auto' }];
  const value = (s: ApiStory, k: SortKey): unknown => {
    const v = k.path.startsWith('content.') ? fieldValue(s.content, k.path.slice(8)) : (s as unknown as Record<string, unknown>)[k.path];
    if (k.type !== 'auto') {
      const n = num(v, k.type === 'int');
      return Number.isNaN(n) ? undefined : n;
    }
    return v;
  };
  return [...stories].sort((a, b) => {
    for (const k of all) {
      const va = value(a, k);
      const vb = value(b, k);
      const ma = va === undefined || va === null || va === '';
      const mb = vb === undefined || vb === null || vb === '';
      if (ma || mb) {
        if (ma && mb) continue;
        return ma ? 1 : -1;
      }
      let d: number;
      if (typeof va === 'number' && typeof vb === 'number') d = va - vb;
      else if (typeof va === 'boolean' && typeof vb === 'boolean') d = Number(va) - Number(vb);
      else d = collator.compare(typeof va === 'object' ? JSON.stringify(va) : String(va), typeof vb === 'object' ? JSON.stringify(vb) : String(vb));
      if (d !== 0) return k.desc ? -d : d;
    }
    return 0;
  });
}

/** Text of every string in a content tree, for search_term. */
export function contentText(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => contentText(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => contentText(x, out));
  return out;
}

/** starts_with and friends without leading slashes (Storyblok accepts both). */
export function cleanPrefix(v: string | undefined): string {
  return (v ?? '').replace(/^\/+/, '');
}
