// A WebSocket the test drives (the price hub is another process): the page opens it, the test opens it,
// delivers the hub's messages, or drops it. Every socket the page made is kept, in order.
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  static get last(): FakeSocket | null {
    return FakeSocket.made.at(-1) ?? null;
  }
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  deliver(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** the page closes it */
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  /** the connection is lost (the hub restarted, the network dropped): 'close' reaches the page */
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}
