import type { ReactNode } from 'react';

/** A wide table's horizontal scroll box: a named region keyboard users can focus and scroll (WCAG 2.1.1). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}
