import pg from 'pg';

type PayloadHandler = (payload: string) => void;

interface Subscription {
  onPayload: PayloadHandler;
  onResume?: () => void;
}

export interface ListenerOptions {
  clientConfig: pg.ClientConfig;
  /** First pause after a lost connection; it doubles on each failed attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  onError?: (error: Error) => void;
}

/**
 * One connection per instance that LISTENs on every channel the app asked for (live events, the e-mail
 * outbox…). When the connection drops — the server restarted, an administrator or a failover ended it —
 * it reconnects with back-off, issues every LISTEN again and tells each subscription it resumed (a
 * notification sent while it was down is lost, so a subscriber catches up on its own). Subscriptions
 * live here, not on the connection, so none is lost across reconnections.
 *
 * It uses its own client, outside the pool: a connection held for ever would take a pool slot, and its
 * life (reconnecting, back-off) is not the pool's.
 */
export class NotificationListener {
  private readonly channels = new Map<string, Set<Subscription>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private closed = false;
  /** Resolvers of `ready()` callers waiting for the next established connection. */
  private waiters: Array<() => void> = [];

  constructor(private readonly options: ListenerOptions) {}

  /** True while a connection is up with every LISTEN issued. */
  get connected(): boolean {
    return this.client !== undefined && this.connecting === undefined;
  }

  /**
   * Subscribes to `channel`; resolves once the LISTEN is in place, or once the first attempt failed
   * (the listener keeps trying and resumes the subscription then). Answers the function that stops it.
   */
  async listen(channel: string, onPayload: PayloadHandler, onResume?: () => void): Promise<() => Promise<void>> {
    const subscription: Subscription = { onPayload, onResume };
    let subscriptions = this.channels.get(channel);
    const isNewChannel = !subscriptions;
    if (!subscriptions) {
      subscriptions = new Set();
      this.channels.set(channel, subscriptions);
    }
    subscriptions.add(subscription);

    if (!this.client && !this.connecting && !this.retryTimer) await this.connect();
    else {
      // A connection being made may have issued its LISTENs before this channel existed: LISTEN is
      // idempotent, so issue it once more when it is up.
      await this.connecting;
      if (this.connected && isNewChannel) await this.issue(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }

    return async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(subscription) || current.size > 0) return;
      this.channels.delete(channel);
      if (this.connected) await this.issue(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
    };
  }

  /** Resolves when the connection is (again) up with every LISTEN in place: for tests and health. */
  ready(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.channels.clear();
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    const attempt = this.establish().finally(() => {
      this.connecting = undefined;
    });
    this.connecting = attempt;
    return attempt;
  }

  private async establish(): Promise<void> {
    const client = new pg.Client(this.options.clientConfig);
    // Without a listener, an 'error' of this long-lived connection would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      for (const subscription of this.channels.get(message.channel) ?? []) {
        subscription.onPayload(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      const statements = [...this.channels.keys()].map((channel) => `LISTEN ${pg.escapeIdentifier(channel)};`);
      if (statements.length > 0) await client.query(statements.join('\n'));
    } catch (error) {
      // `lost` ignores this client (it never became the current one); its listeners stay harmless.
      await client.end().catch(() => undefined);
      this.options.onError?.(error as Error);
      this.scheduleRetry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const resumed = this.attempts > 0 || this.client !== undefined;
    this.client = client;
    this.attempts = 0;
    for (const wake of this.waiters.splice(0)) wake();
    if (resumed) {
      for (const subscriptions of this.channels.values()) {
        for (const subscription of subscriptions) subscription.onResume?.();
      }
    }
  }

  /** The connection died: forget it and try again. Called once per client (error and end both come). */
  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    if (error) this.options.onError?.(error);
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    const initial = this.options.initialDelayMs ?? 200;
    const max = this.options.maxDelayMs ?? 5_000;
    const delay = Math.min(max, initial * 2 ** this.attempts);
    this.attempts++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private async issue(statement: string) {
    try {
      await this.client?.query(statement);
    } catch (error) {
      // The connection is failing: `lost` reconnects, and reconnecting issues every LISTEN again.
      this.options.onError?.(error as Error);
    }
  }
}
