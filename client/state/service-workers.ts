// spec 2: any registered service worker is removed on start (an old version of the site may have left one
// that would serve stale pages).
interface Registrations {
  getRegistrations?: () => Promise<readonly { unregister(): Promise<boolean> }[]>;
}

/** Unregisters every service worker of this origin; answers how many there were. Never throws. */
export async function removeServiceWorkers(sw: Registrations | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker): Promise<number> {
  try {
    const regs = (await sw?.getRegistrations?.()) ?? [];
    await Promise.all(regs.map((r) => r.unregister().catch(() => false)));
    return regs.length;
  } catch {
    return 0;
  }
}
