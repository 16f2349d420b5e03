// What a visitor did in an island's kept markup, carried over to the live part (views/components/Island.tsx):
// the values typed or ticked, the focused field with its caret, held clicks and a held submit. Loaded with
// the part's code, when it is needed, not with every page.
import { atPath, pathOf } from './island-path.ts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface Carried {
  values: { name: string; value: string; checked: boolean; type: string }[];
  /**
   * The focused element inside the island: a named field by its name (with its caret), any other control (a
   * button, a link) by its path. Without this a visitor tabbing past the search field onto its button lost the
   * focus to the page's start when the part came alive under it.
   */
  focused: { name: string | null; path: number[]; start: number | null; end: number | null } | null;
  submit: boolean;
  /** clicks held, each as the child-index path of its control from the island's element */
  clicks: number[][];
}

function fieldsOf(root: Element): Field[] {
  return [...root.querySelectorAll<Field>('input[name], textarea[name], select[name]')];
}

function selection(el: Field): { start: number | null; end: number | null } {
  try {
    return el instanceof HTMLSelectElement ? { start: null, end: null } : { start: el.selectionStart, end: el.selectionEnd };
  } catch {
    // inputs of type email and number have no selection to read
    return { start: null, end: null };
  }
}

export function readCarried(root: Element, submit: boolean, clicks: number[][]): Carried {
  const values = fieldsOf(root)
    .filter((f) => f.type !== 'hidden' && f.type !== 'submit')
    .map((f) => ({ name: f.name, value: f.value, checked: f instanceof HTMLInputElement ? f.checked : false, type: f.type }));
  const active = document.activeElement;
  const named = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement ? active.name || null : null;
  const focused = active && active !== root && root.contains(active)
    ? { name: named, path: pathOf(root, active), ...(named ? selection(active as Field) : { start: null, end: null }) }
    : null;
  return { values, focused, submit, clicks };
}

/** Sets a field as a visitor would: through the element's own value setter and the event React listens to. */
function writeField(el: Field, v: Carried['values'][number]): void {
  if (el instanceof HTMLInputElement && (v.type === 'checkbox' || v.type === 'radio')) {
    if (el.checked !== v.checked) el.click();
    return;
  }
  if (el.value === v.value) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, v.value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function applyCarried(root: Element, c: Carried): void {
  const fields = fieldsOf(root);
  for (const v of c.values) {
    const el = fields.find((f) => f.name === v.name && (v.type !== 'radio' || (f as HTMLInputElement).value === v.value));
    if (el) writeField(el, v);
  }
  if (c.focused) {
    const { name, path } = c.focused;
    const el = name ? fields.find((f) => f.name === name) : atPath(root, path);
    if (el instanceof HTMLElement) el.focus();
    if (el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && c.focused.start !== null && c.focused.end !== null) {
      try {
        el.setSelectionRange(c.focused.start, c.focused.end);
      } catch {
        // no selection on this input type
      }
    }
  }
  // a task later: React has rendered the carried values (their input events schedule its render), so the
  // live part's handlers see them
  if (c.clicks.length || c.submit) {
    setTimeout(() => {
      for (const path of c.clicks) (atPath(root, path) as HTMLElement | null)?.click();
      if (c.submit && root.isConnected) root.querySelector('form')?.requestSubmit();
    }, 0);
  }
}

