import { randomUUID } from 'node:crypto';
import type { ServerEvent } from '@common/core/realtime';
import pg from 'pg';
import type { Logger } from '../lib/logger';

/**
 * Where an event goes: to every connection of some people, to the subscribers of a topic, or to
 * every connection of this process (`local`, used for resync).
 */
export type Envelope = {
  to?: string[];
  topic?: string;
  event: ServerEvent;
  /**
   * For events that may be large (a 5,000-character message): how another process loads the event
   * from the database instead of receiving it in the NOTIFY payload, which is limited to 8,000 bytes.
   */
  ref?: { loader: string; id: string };
  /**
   * A person's id: recipients who block them, or whom they block, do not get the event (a new
   * comment by someone the reader blocked). Each process checks its own recipients.
   */
  hideFromBlockedWith?: string;
};

type Wire = {
  to?: string[];
  topic?: string;
  event?: ServerEvent;
  ref?: Envelope['ref'];
  hideFromBlockedWith?: string;
};
/** `i`: the sending process; `t`: when its oldest event was published (ms, the sender's clock). */
type Packet = { i: string; t?: number; e: Wire[] };

export type Loader = (id: string) => Promise<ServerEvent | null>;
export type Handler = (envelope: Envelope, remote: boolean) => void;

export type Bus = {
  readonly instanceId: string;
  readonly kind: 'postgres' | 'local' | 'off';
  /** Call after the transaction that made the change has committed. Never throws. */
  publish(...envelopes: Envelope[]): void;
  /**
   * Every envelope, from this process or another (`remote`: published by another process; work
   * that one process is enough for, such as sending due web pushes, is left to the publisher's).
   */
  subscribe(handler: Handler): () => void;
  registerLoader(name: string, loader: Loader): void;
  /**
   * Asked, for an event from another process that travels by reference, before it is loaded: false
   * (nobody here it is for) skips the load and the event, so a process pays no statement for an
   * event none of its sockets gets. Only the realtime socket sets it; no other subscriber needs
   * such events (a large message or comment). One screen per bus.
   */
  setScreen(screen: Screen): void;
  close(): Promise<void>;
};
export type Screen = (to: string[] | undefined, topic: string | undefined) => boolean;

/**
 * An event's JSON, made once however many places need it: the NOTIFY payload and every socket it
 * is written to. An event is not changed once published.
 */
const frames = new WeakMap<ServerEvent, string>();
export function frameOf(event: ServerEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) frames.set(event, (frame = JSON.stringify(event)));
  return frame;
}

const CHANNEL = 'cofound_events';
/** NOTIFY refuses payloads of 8,000 bytes or more; keep room for the envelope around the events. */
const PACKET_BYTES = 7_000;
/** A packet from another process later than this is logged (see noteTransit). */
const TRANSIT_WARN_MS = 1_000;
const TRANSIT_LOG_MS = 10_000;
/**
 * An event inlined in a packet with others; larger ones travel by reference when their area has a
 * loader, else in a packet of their own (up to SOLO_EVENT_BYTES).
 */
const INLINE_EVENT_BYTES = 2_000;
/** The largest event sent alone, with room left for the packet's head (pack's `i` and `t`). */
const SOLO_EVENT_BYTES = PACKET_BYTES - 200;
/**
 * How long the first event of a batch waits for others before the NOTIFY (ms). Every packet is a
 * NOTIFY (a round trip and PostgreSQL's queue lock at its commit) here and a wake-up, a parse and a
 * delivery pass on every other process; a member's write publishes two or three events within a
 * few milliseconds of each other, so waiting this little packs them together.
 */
export const GATHER_MS = 4;

function fanOut() {
  const handlers = new Set<Handler>();
  return {
    handlers,
    deliver(envelope: Envelope, logger: Logger, remote = false) {
      for (const handler of handlers) {
        try {
          handler(envelope, remote);
        } catch (err) {
          logger.error({ err }, 'realtime handler failed');
        }
      }
    },
  };
}

/** One process, no PostgreSQL server (the embedded default): events stay in this process. */
export function createLocalBus(logger: Logger, opts: { off?: boolean } = {}): Bus {
  const { handlers, deliver } = fanOut();
  return {
    instanceId: randomUUID(),
    kind: opts.off ? 'off' : 'local',
    publish(...envelopes) {
      if (opts.off) return;
      queueMicrotask(() => envelopes.forEach((e) => deliver(e, logger)));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    registerLoader() {},
    setScreen() {},
    async close() {
      handlers.clear();
    },
  };
}

/**
 * Several processes on one PostgreSQL database: each delivers its own events at once and passes
 * them to the others through LISTEN/NOTIFY.
 *
 * Writers never NOTIFY inside their own transactions: NOTIFY takes a database-wide lock at commit,
 * which would serialise every writer. Instead one connection per process sends the queued events,
 * packed several to a NOTIFY, one NOTIFY per (tiny) transaction, while the next batch gathers.
 */
export async function createPgBus(opts: { url: string; logger: Logger }): Promise<Bus> {
  const { logger } = opts;
  const instanceId = randomUUID();
  const { handlers, deliver } = fanOut();
  const loaders = new Map<string, Loader>();
  let closed = false;

  // Sending: one connection, one batch in flight.
  let sender: pg.Client | null = null;
  /** Serialised wires waiting to be sent, and when each was published. */
  let queue: string[] = [];
  let queuedAt: number[] = [];
  let flushing = false;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  let screen: Screen | null = null;

  async function connectSender() {
    const client = new pg.Client({ connectionString: opts.url });
    client.on('error', () => {
      if (sender === client) sender = null;
    });
    await client.connect();
    return client;
  }

  /** As many queued wires as fit in one payload; the rest stay queued. */
  function pack(wires: string[], at: number): { payload: string; rest: string[] } {
    const head = `{"i":${JSON.stringify(instanceId)},"t":${at},"e":[`;
    let size = head.length + 2;
    let i = 0;
    for (; i < wires.length; i++) {
      const bytes = Buffer.byteLength(wires[i]!) + 1;
      if (i > 0 && size + bytes > PACKET_BYTES) break;
      size += bytes;
    }
    return { payload: `${head}${wires.slice(0, i).join(',')}]}`, rest: wires.slice(i) };
  }

  async function flush() {
    if (flushing || closed) return;
    flushing = true;
    try {
      while (queue.length && !closed) {
        const { payload, rest } = pack(queue, queuedAt[0]!);
        queuedAt = queuedAt.slice(queuedAt.length - rest.length);
        queue = rest;
        try {
          sender ??= await connectSender();
          await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
        } catch (err) {
          if (closed) return;
          // Other processes miss these events; their clients catch up when they next refetch.
          logger.warn({ err }, 'realtime bus: could not publish; events dropped for other instances');
          sender?.end().catch(() => {});
          sender = null;
        }
      }
    } finally {
      flushing = false;
    }
  }

  /** The envelope as it travels: the event inline when small, else its reference. */
  function toWire(envelope: Envelope): string | null {
    const { to, topic, event, ref, hideFromBlockedWith } = envelope;
    // The event's own JSON goes in as it is (JSON.stringify of the Wire without it, then spliced).
    const rest = JSON.stringify({ to, topic, hideFromBlockedWith } satisfies Wire);
    const inline = `${rest.slice(0, -1)}${rest.length > 2 ? ',' : ''}"event":${frameOf(event)}}`;
    const bytes = Buffer.byteLength(inline);
    if (bytes <= INLINE_EVENT_BYTES) return inline;
    if (ref) return JSON.stringify({ to, topic, ref, hideFromBlockedWith } satisfies Wire);
    // No loader (an access change naming a hundred topics, some 5 KB): alone in its packet.
    if (bytes <= SOLO_EVENT_BYTES) return inline;
    logger.error(
      { type: event.type },
      'realtime bus: event too large and has no loader; not sent to other instances',
    );
    return null;
  }

  // Receiving: a dedicated LISTEN connection, reconnected with backoff; a gap means a resync.
  let listener: pg.Client | null = null;
  let retryMs = 250;
  async function listen(isReconnect: boolean) {
    if (closed) return;
    const client = new pg.Client({ connectionString: opts.url });
    const retry = () => {
      if (listener !== client || closed) return;
      listener = null;
      client.end().catch(() => {});
      setTimeout(() => void listen(true), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    client.on('error', (err) => {
      logger.warn({ err }, 'realtime bus: LISTEN connection lost; reconnecting');
      retry();
    });
    client.on('end', retry);
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      void receive(msg.payload);
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      retryMs = 250;
      if (isReconnect) deliver({ event: { type: 'resync' } }, logger);
    } catch (err) {
      if (!isReconnect) throw err;
      logger.warn({ err }, 'realtime bus: reconnect failed');
      retry();
    }
  }

  /**
   * How long events took from another process's publish to this one (the NOTIFY queue, the sender's
   * batches, PostgreSQL): past TRANSIT_WARN_MS it is logged, at most once per TRANSIT_LOG_MS with
   * the worst since, since a live event that slow is one a page may count as missed.
   */
  let slowest = 0;
  let slowCount = 0;
  let loggedAt = 0;
  function noteTransit(ms: number) {
    if (ms < TRANSIT_WARN_MS) return;
    slowest = Math.max(slowest, ms);
    slowCount++;
    const now = Date.now();
    if (now - loggedAt < TRANSIT_LOG_MS) return;
    logger.warn(
      { slowestMs: slowest, packets: slowCount },
      'realtime bus: events from another process came late',
    );
    loggedAt = now;
    slowest = 0;
    slowCount = 0;
  }

  /** How this process's own packets begin (see pack): they come back on LISTEN and are skipped unread. */
  const ownHead = `{"i":${JSON.stringify(instanceId)},`;
  async function receive(payload: string) {
    if (payload.startsWith(ownHead)) return;
    let packet: Packet;
    try {
      packet = JSON.parse(payload) as Packet;
    } catch {
      return;
    }
    if (packet.i === instanceId) return;
    if (typeof packet.t === 'number') noteTransit(Date.now() - packet.t);
    for (const wire of packet.e) {
      let event = wire.event;
      if (!event && wire.ref) {
        if (screen && !screen(wire.to, wire.topic)) continue;
        const loader = loaders.get(wire.ref.loader);
        try {
          event = (await loader?.(wire.ref.id)) ?? undefined;
        } catch (err) {
          logger.warn({ err }, 'realtime bus: loading a referenced event failed');
        }
      }
      if (event)
        deliver(
          {
            event,
            ...(wire.to ? { to: wire.to } : {}),
            ...(wire.topic ? { topic: wire.topic } : {}),
            ...(wire.hideFromBlockedWith ? { hideFromBlockedWith: wire.hideFromBlockedWith } : {}),
          },
          logger,
          true,
        );
    }
  }

  await listen(false);

  return {
    instanceId,
    kind: 'postgres',
    publish(...envelopes) {
      if (closed) return;
      queueMicrotask(() => envelopes.forEach((e) => deliver(e, logger)));
      for (const envelope of envelopes) {
        const wire = toWire(envelope);
        if (wire) {
          queue.push(wire);
          queuedAt.push(Date.now());
        }
      }
      // The first event of a batch waits GATHER_MS for others; later ones join it (or the next
      // batch, while one is being sent).
      gathering ??= setTimeout(() => {
        gathering = null;
        void flush();
      }, GATHER_MS);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    registerLoader(name, loader) {
      loaders.set(name, loader);
    },
    setScreen(fn) {
      screen = fn;
    },
    async close() {
      closed = true;
      if (gathering) clearTimeout(gathering);
      handlers.clear();
      const l = listener;
      listener = null;
      await Promise.allSettled([l?.end(), sender?.end()]);
    },
  };
}
