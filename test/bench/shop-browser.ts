// One shopper's browser for the benchmarks: a cookie jar, the CSRF header, JSON in and out, like the shop's
// script in a browser (the shoppers and carts benchmarks).
import { request, type Agent } from 'undici';

export interface Answer {
  status: number;
  json: any;
}

export class ShopBrowser {
  private readonly jar = new Map<string, string>();
  private readonly port: number;
  private readonly agent: Agent;
  private readonly host: string;

  constructor(port: number, agent: Agent, host = `ch.localhost:${port}`) {
    this.port = port;
    this.agent = agent;
    this.host = host;
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { host: this.host, accept: 'application/json', 'x-shop-language': 'de', origin: `http://${this.host}` };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.jar.get('ctCsrf');
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`http://127.0.0.1:${this.port}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), dispatcher: this.agent });
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.body.text();
    return { status: res.statusCode, json: text ? JSON.parse(text) : null };
  }
}
