/** The service's notion of now. Tests inject one to move time (token expiry, lockouts, rate windows). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(d: Date, s: number): Date {
  return new Date(d.getTime() + s * 1000);
}
