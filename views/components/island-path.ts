// Where a control is inside an island (views/components/Island.tsx): a click held before the part's code came
// is remembered as this path and done on the same control of the live part, which renders the same markup.
/** Where an element is below root: the index of each element on the way (the live part renders the same markup). */
export function pathOf(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = el; n && n !== root; n = n.parentElement) {
    path.unshift(n.parentElement ? [...n.parentElement.children].indexOf(n) : 0);
  }
  return path;
}

export function atPath(root: Element, path: number[]): Element | null {
  let n: Element | null = root;
  for (const i of path) n = n?.children[i] ?? null;
  return n;
}

