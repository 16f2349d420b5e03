// The header search (spec 2 search) with suggestions while typing: the ARIA 1.2 combobox pattern with a
// listbox popup. The input keeps focus; arrow keys move through the suggestions (aria-activedescendant),
// Enter opens the chosen one (or searches for the words), Escape closes the list and a second Escape
// clears the input. A polite live region says how many suggestions there are. Without JavaScript it is
// a plain GET form to the search page. Suggestions come from /api/search/suggestions (the contract in
// src/contracts/shop-api.ts), debounced, the previous request cancelled.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathFor } from '../../src/screens.ts';
import type { SearchSuggestion } from '../../src/contracts/shop-api.ts';
import { useShop } from '../lib/context.tsx';
import { searchSuggestions } from '../state/shop-api.ts';
import { trackSelectItem } from './product/tracking.ts';
import { useBrowser } from '../lib/browser-port.ts';

/** Suggestions start with this many characters. */
export const MIN_CHARS = 2;
/** Decision: ask once typing pauses this long (ms); fast typists cause one request, not one per key. */
export const DEBOUNCE_MS = 150;

export interface SearchBoxProps {
  /** tests pass their own source of suggestions */
  suggest?: (q: string, signal: AbortSignal) => Promise<{ suggestions: SearchSuggestion[]; total: number } | null>;
}

async function fromApi(q: string, signal: AbortSignal) {
  const r = await searchSuggestions(q, signal);
  return r.data ? { suggestions: r.data.suggestions, total: r.data.total } : null;
}

export function SearchBox({ suggest = fromApi }: SearchBoxProps) {
  const { track } = useBrowser();
  const shop = useShop();
  const { t, lang } = shop;
  const navigate = useNavigate();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const inputId = `header-search-q`;
  const listId = `search-suggestions-${uid}`;
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<SearchSuggestion[]>([]);
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const searchPath = pathFor('search', lang);
  const trimmed = query.trim();
  // the suggestions, then "all results for ..." as the last option
  const count = items.length > 0 ? items.length + 1 : 0;

  useEffect(() => {
    if (trimmed.length < MIN_CHARS) {
      setItems([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(trimmed, controller.signal).then(
        (r) => {
          if (controller.signal.aborted || !r) return;
          setItems(r.suggestions);
          setTotal(r.total);
          setActive(-1);
          setOpen(r.suggestions.length > 0);
          const n = r.suggestions.length;
          setStatus(n === 0 ? t('searchBox.count.none') : t(n === 1 ? 'searchBox.count.one' : 'searchBox.count.many', { count: n }));
        },
        () => {},
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, suggest, t]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (i: number) => {
    close();
    if (i >= 0 && i < items.length) {
      const s = items[i];
      trackSelectItem(track, { id: 'search_suggestions', name: t('searchBox.suggestions') }, { item_id: s.sku, item_name: s.name, index: i }, shop.currency);
      navigate(s.path);
    } else {
      navigate(`${searchPath}?q=${encodeURIComponent(trimmed)}`);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        if (count === 0) return;
        e.preventDefault();
        setOpen(true);
        setActive((a) => (open ? (a + 1) % count : 0));
        return;
      case 'ArrowUp':
        if (count === 0) return;
        e.preventDefault();
        setOpen(true);
        setActive((a) => (open ? (a <= 0 ? count - 1 : a - 1) : count - 1));
        return;
      case 'Enter':
        if (open && active >= 0) {
          e.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        } else if (input.current && input.current.value !== '') {
          e.preventDefault();
          input.current.value = '';
          setQuery('');
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <form className="header-search search-box" role="search" action={searchPath} method="get" onSubmit={(e) => {
      e.preventDefault();
      close();
      navigate(trimmed ? `${searchPath}?q=${encodeURIComponent(trimmed)}` : searchPath);
    }}>
      <label htmlFor={inputId} className="visually-hidden">{t('searchBox.label')}</label>
      <input
        ref={input}
        id={inputId}
        name="q"
        // Decision: type=text, not type=search: ARIA in HTML allows role=combobox (and its aria-expanded)
        // on a text input only; vnu reports it on type=search (issue 28). Phones still show a search key.
        type="text"
        enterKeyHint="search"
        placeholder={t('nav.searchPlaceholder')}
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (items.length > 0 && trimmed.length >= MIN_CHARS) setOpen(true);
        }}
        onBlur={close}
      />
      <button type="submit" className="button button-quiet">{t('nav.search')}</button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('searchBox.suggestions')}
        className="search-suggestions"
        hidden={!open}
        // a click on an option must not blur the input first (the list would close before the click)
        onMouseDown={(e) => e.preventDefault()}
      >
        {open
          ? [
              ...items.map((s, i) => (
                <li key={s.sku} id={optionId(i)} role="option" aria-selected={i === active} className="search-suggestion" onClick={() => choose(i)}>
                  {s.image ? <img src={s.image} alt="" width={40} height={40} /> : null}
                  <span className="search-suggestion-text">
                    <span className="search-suggestion-name">{s.name}</span>
                    {s.details ? <span className="search-suggestion-meta">{s.details}</span> : null}
                  </span>
                </li>
              )),
              <li key="all" id={optionId(items.length)} role="option" aria-selected={active === items.length} className="search-suggestion search-suggestion-all" onClick={() => choose(items.length)}>
                {t('searchBox.showAll', { q: trimmed })} ({total})
              </li>,
            ]
          : null}
      </ul>
      <span className="visually-hidden" role="status">{status}</span>
    </form>
  );
}
