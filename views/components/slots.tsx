// Places in the layouts where later capabilities plug in their widgets (live metal prices in the header,
// a notification area) without the layouts importing them. Register with registerSlot(name, Component).
import type { ComponentType } from 'react';

const slots = new Map<string, ComponentType>();

export function registerSlot(name: string, component: ComponentType) {
  slots.set(name, component);
}

export function HeaderSlot({ name }: { name: string }) {
  const C = slots.get(name);
  return C ? <C /> : null;
}
