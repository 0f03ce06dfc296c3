// One simulated member of the community bench (scripts/bench-community.mjs): signed in, one
// WebSocket, acting every ~10 s. Every request is one the web app sends for that page or action
// (seen in Chromium against the built app: the page's API calls, its realtime subscriptions and
// what it refetches when an event comes); pictures (/api/files/*) and the app's static files are
// left out: a deployment serves them from a cache or a CDN, not from the API process.
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import http from 'node:http';
import zlib from 'node:zlib';
import WebSocket from 'ws';

/** Group posts whose reactions and comments a group page loads at first (1280 x 800, measured). */
const GROUP_POSTS_NEAR_VIEW = 3;

/** What a member does, with its weight (out of 100), after its think time. */
export const MIX = [
  ['feed', 22], // the home page's feed (SPA navigation back home)
  ['feedDeep', 6], // the feed, then a deeper page (scrolling)
  ['article', 12],
  ['forumPost', 7],
  ['group', 6],
  ['event', 4],
  ['idea', 3],
  ['business', 3],
  ['notifications', 6],
  ['search', 5],
  ['react', 8], // open an article, react to it
  ['comment', 4], // open an article, comment on it
  ['forumReply', 3], // open a post of one's forum, reply
  ['message', 8], // open the thread with a friend, send; timed until it arrives on the friend's socket
  ['rsvp', 2], // open an event, answer
  ['follow', 1], // open a profile, follow
];
/** The kinds of action timed: the page opens, the writes, and arriving (the first page load). */
export const KINDS = [
  'arrive',
  'feed',
  'feedDeep',
  'article',
  'forumPost',
  'group',
  'event',
  'idea',
  'business',
  'notifications',
  'search',
  'profile',
  'messages',
  'react',
  'comment',
  'forumReply',
  'message',
  'rsvp',
  'follow',
  'liveRefetch',
];
const WRITES = new Set(['react', 'comment', 'forumReply', 'message', 'rsvp', 'follow']);

// prettier-ignore
const QUERIES = ['maria', 'james', 'wei', 'priya', 'garcia', 'smith', 'nguyen', 'patel', 'mar', 'joh', 'pricing',
  'seed round', 'meetup', 'co-founder', 'postgres', 'climate', 'fintech', 'hiring', 'remote', 'marketplace'];
// prettier-ignore
const COMMENTS = ['Thanks for sharing!', 'Interesting: how long did that take?', 'We saw the same thing last year.',
  'Great write-up, bookmarking it.', 'Would love to hear more about the numbers.'];

const any = (xs) => xs[Math.floor(Math.random() * xs.length)];
const pickWeighted = (() => {
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [k, w] of MIX) if ((r -= w) < 0) return k;
    return MIX[0][0];
  };
})();

/**
 * Figures of one window (a ramp step, the soak): per kind, the latencies of actions and the
 * requests' failures; live deliveries.
 */
export class Stats {
  constructor() {
    this.kinds = new Map();
    this.requests = 0;
    this.status5xx = 0;
    this.unanswered = 0;
    this.status4xx = 0;
    this.errorSamples = new Map();
    this.deliveries = [];
    this.actions = 0;
    /** Topics the server asked to subscribe again later (its per-person subscribe budget). */
    this.deferredTopics = 0;
    /** Topics the server refused (not for the budget), and subscriptions it dropped later. */
    this.refusedTopics = 0;
    this.droppedTopics = 0;
    /** Subscriptions answered: refetched to catch up, or quiet (nothing published lately). */
    this.catchUps = 0;
    this.quietSkips = 0;
    /** GET /api/feed/new sent, and new items that came in their event instead (no request). */
    this.feedNewAsks = 0;
    this.liveItems = 0;
    /** Publications whose event did not carry the item, seen on the home page (asked for). */
    this.bareItems = 0;
    /** Per kind of write: how long after the write's answer its live event came (ms). */
    this.afterAnswer = new Map();
    this.started = performance.now();
  }
  sinceAnswer(kind) {
    let xs = this.afterAnswer.get(kind);
    if (!xs) this.afterAnswer.set(kind, (xs = []));
    return xs;
  }
  kind(k) {
    let x = this.kinds.get(k);
    if (!x) this.kinds.set(k, (x = { lat: [], failed: 0 }));
    return x;
  }
  sample(key) {
    if (this.errorSamples.size < 12 || this.errorSamples.has(key))
      this.errorSamples.set(key, (this.errorSamples.get(key) ?? 0) + 1);
  }
}

/**
 * The members' shared world: the HTTP pool, the live stats window, the expected live events, the
 * acknowledged writes (to check in the database at the end).
 */
export class World {
  constructor({
    port,
    base,
    wsPort = port,
    ids,
    members,
    requestTimeoutMs = 10_000,
    deadlineMs = 5_000,
    agentIdleMs = 4000,
  }) {
    this.port = port;
    this.base = base;
    this.wsPort = wsPort;
    this.ids = ids;
    this.members = members;
    this.requestTimeoutMs = requestTimeoutMs;
    this.deadlineMs = deadlineMs;
    // Keep-alive pool; a socket idle for agentIdleMs is closed (4 s: from when the server closed
    // idle sockets after 5 s; it keeps them 65 s now). Every new socket is a hand-off from the
    // cluster's primary to a worker (docs/scaling.md, the eighth round's second process).
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: agentIdleMs });
    this.stats = new Stats();
    /** Live events expected: key → { t0, at, member, kind }; settled when they arrive. */
    this.expected = new Map();
    this.expectedTotal = 0;
    this.arrived = 0;
    /** Expected events that never came or came after the deadline (`late`, by kind). */
    this.missed = 0;
    this.late = {};
    /** Writes answered later than the deadline (their events are judged from the answer). */
    this.slowWrites = 0;
    /** Expected events whose topic the server confirmed only after the write (see caughtUp), by kind. */
    this.caughtUpOnSubscribe = {};
    /** Of those, the ones confirmed while the write was on its way (before its answer), by kind. */
    this.confirmedDuringWrite = {};
    this.acked = { message: [], comment: [], forumReply: [], reaction: [], rsvp: [] };
    /** Missed events, each with what was true when its write was answered (see noteMiss). */
    this.misses = [];
    /** Missed at the sweep: key → its record, to note if it comes after all. */
    this.overdue = new Map();
    /** Which server process holds a connection (Processes), when the bench watches. */
    this.procs = null;
    this.online = new Map();
    this.stopped = false;
  }

  /** One request as the browser sends it; resolves { status, body, ms } (status 0: no answer). */
  request(member, method, path, body) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      cookie: member.cookie,
      'x-forwarded-for': member.ip,
    };
    if (method !== 'GET') headers.origin = this.base;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const stats = this.stats;
    const t0 = performance.now();
    return new Promise((resolve) => {
      let done = false;
      /** The keep-alive socket's local port: which server process answered (see Processes). */
      let port = 0;
      const finish = (status, raw, enc) => {
        if (done) return;
        done = true;
        const ms = performance.now() - t0;
        // Answers are read whole, as a browser does, but decoded only when looked at.
        let text = null;
        const body = () => (text ??= typeof raw === 'string' ? raw : decode(raw, enc));
        stats.requests++;
        if (path.startsWith('/api/feed/new')) stats.feedNewAsks++;
        if (status === 0) {
          stats.unanswered++;
          stats.sample(`no answer: ${method} ${shape(path)}: ${body().slice(0, 80)}`);
        } else if (status >= 500) {
          stats.status5xx++;
          stats.sample(`${status} ${method} ${shape(path)}: ${body().slice(0, 120)}`);
        } else if (status >= 400) {
          stats.status4xx++;
          stats.sample(`${status} ${method} ${shape(path)}: ${body().slice(0, 120)}`);
        }
        resolve({
          status,
          ms,
          port,
          get body() {
            return body();
          },
        });
      };
      const req = http.request(
        { agent: this.agent, host: '127.0.0.1', port: this.port, method, path, headers },
        (res) => {
          const chunks = [];
          res.on('data', (d) => chunks.push(d));
          res.on('end', () => finish(res.statusCode, Buffer.concat(chunks), res.headers['content-encoding']));
          res.on('error', (err) => finish(0, err.message));
        },
      );
      req.on('socket', (sock) => {
        const note = () => (port = sock.localPort ?? 0);
        if (sock.localPort) note();
        else sock.once('connect', note);
      });
      req.setTimeout(this.requestTimeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', (err) => finish(0, err.message));
      req.end(payload);
    });
  }

  /**
   * An expected live event for `member` (key names it uniquely); `t0` when the write started,
   * `write` its answer (the process that published it is the one that answered), `topic` the
   * topic it comes on (none: sent to the person). What the member's socket was like when the write
   * was answered (just after it was published) is kept, to say why the event was missed if it is.
   */
  expect(key, member, kind, t0, write = null, topic = null) {
    if (this.stopped) return;
    const pending = member.early.get(key);
    this.expectedTotal++;
    if (pending !== undefined) member.early.delete(key);
    const at = performance.now();
    if (at - t0 > this.deadlineMs) this.slowWrites++;
    if (pending !== undefined && pending >= t0) {
      // Came before the write's answer.
      this.settle(pending - t0, kind, null, 0);
      return;
    }
    const confirmedAt = topic ? (member.confirmed.get(topic) ?? null) : null;
    // Confirmed after the write started: the server may have made the subscription after the
    // write published its event (then nothing is sent for it), and the catch-up that confirmation
    // started shows the write instead (see sweep).
    const catchUpAt =
      confirmedAt !== null && confirmedAt >= t0 ? (member.catchUpAt.get(topic) ?? null) : null;
    const ctx = {
      kind,
      topic,
      t0,
      answeredAt: at,
      member,
      writePort: write?.port ?? 0,
      wsPort: member.wsPort,
      open: member.ws?.readyState === WebSocket.OPEN,
      held: topic ? member.topics.has(topic) : null,
      confirmedAt,
      caughtUpAt: catchUpAt !== null && catchUpAt >= t0 ? catchUpAt : null,
      heldAtWall: topic && member.heldAt.has(topic) ? Date.now() - member.heldAt.get(topic) : null,
      writePid: this.procs?.pidOf(write?.port ?? 0) ?? null,
      wsPid: this.procs?.pidOf(member.wsPort) ?? null,
    };
    this.expected.set(key, { t0, member, kind, ctx });
  }

  /** A live event arrived for `member`: settles what was expected (or keeps it, if it came first). */
  arrive(key, member, at) {
    const e = this.expected.get(key);
    if (!e) {
      const gone = this.overdue.get(key);
      if (gone) {
        // Missed at the sweep, and came after all.
        gone.cameAfterMs = at - gone.answeredAt;
        this.overdue.delete(key);
        return;
      }
      // Kept a while: an event may come before the write's answer does.
      if (member.early.size >= 100) member.early.delete(member.early.keys().next().value);
      member.early.set(key, at);
      return;
    }
    this.expected.delete(key);
    this.settle(at - e.t0, e.kind, e.ctx, at - e.ctx.answeredAt);
  }

  /**
   * An expected event came `ms` after its write started, `sinceAnswer` after the write's answer:
   * arrived, or missed when that is later than the deadline. The deadline runs from the answer
   * (the event is published once the write commits, just before it answers): a write slower than
   * the deadline is counted as such (slowWrites) and in its kind's latency, not as a missed event.
   */
  settle(ms, kind, ctx, sinceAnswer) {
    this.stats.deliveries.push(Math.max(0, ms));
    this.stats.sinceAnswer(kind).push(Math.max(0, sinceAnswer));
    if (sinceAnswer <= this.deadlineMs) this.arrived++;
    else {
      this.missed++;
      this.late[kind] = (this.late[kind] ?? 0) + 1;
      if (ctx) this.noteMiss(ctx, sinceAnswer);
    }
  }

  /**
   * The server confirmed `topic` for `member` after a write on it was answered: the event went out
   * before the subscription existed, as the app intends, and the page's catch-up (its refetch on
   * a confirmed topic that is not quiet, started now) shows the write instead. Counted apart
   * (caughtUpOnSubscribe), timed to now; a confirmation later than the deadline is still a miss
   * (the sweep has counted it by then).
   */
  caughtUp(member, topic, at) {
    for (const [key, e] of this.expected) {
      if (e.member !== member || e.ctx.topic !== topic || e.ctx.confirmedAt !== null) continue;
      this.expected.delete(key);
      this.caughtUpOnSubscribe[e.kind] = (this.caughtUpOnSubscribe[e.kind] ?? 0) + 1;
      this.settle(at - e.t0, e.kind, e.ctx, at - e.ctx.answeredAt);
    }
  }

  /**
   * Expected events older than the deadline are missed; answers how many were, by kind. One whose
   * topic the server confirmed while its write was on its way, with the page's catch-up started by
   * that confirmation, was shown by the catch-up: the subscription came after the event was
   * published (the confirmation is sent once the subscription is made, so its catch-up read comes
   * after the write), which the answer's coming after the confirmation does not rule out.
   */
  sweep(now = performance.now(), deadline = this.deadlineMs) {
    const byKind = {};
    for (const [key, e] of this.expected) {
      if (now - e.ctx.answeredAt <= deadline) continue;
      this.expected.delete(key);
      if (e.ctx.caughtUpAt !== null) {
        this.caughtUpOnSubscribe[e.kind] = (this.caughtUpOnSubscribe[e.kind] ?? 0) + 1;
        this.confirmedDuringWrite[e.kind] = (this.confirmedDuringWrite[e.kind] ?? 0) + 1;
        this.settle(e.ctx.caughtUpAt - e.t0, e.kind, e.ctx, e.ctx.caughtUpAt - e.ctx.answeredAt);
        continue;
      }
      this.missed++;
      byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
      // A miss weighs in the delivery percentiles as at least the deadline.
      this.stats.deliveries.push(Math.max(deadline, now - e.t0));
      const miss = this.noteMiss(e.ctx, null);
      if (this.overdue.size > 10_000) this.overdue.delete(this.overdue.keys().next().value);
      this.overdue.set(key, miss);
    }
    return byKind;
  }

  /** What was true of a missed event (`lateMs`: when it came; null: not by the sweep). */
  noteMiss(ctx, lateMs) {
    const m = ctx.member;
    const miss = {
      kind: ctx.kind,
      topic: ctx.topic,
      t0: ctx.t0,
      answeredAt: ctx.answeredAt,
      lateMs,
      cameAfterMs: null,
      answerMs: ctx.answeredAt - ctx.t0,
      open: ctx.open,
      // The socket closed (or was replaced) since the write was answered.
      closedSince: m.wsClosedAt !== null && m.wsClosedAt >= ctx.answeredAt,
      held: ctx.held,
      confirmedAt: ctx.confirmedAt,
      // How long before the write started the topic was confirmed (negative: while it was on its way).
      confirmedBeforeWriteMs: ctx.confirmedAt !== null ? ctx.t0 - ctx.confirmedAt : null,
      member: m.id,
      refused: ctx.topic ? m.refused.has(ctx.topic) : false,
      dropped: ctx.topic ? m.dropped.has(ctx.topic) : false,
      // How long before the answer the page had taken the topic.
      heldForMs: ctx.topic && m.heldAt.has(ctx.topic) ? ctx.heldAtWall : null,
      // When the server confirmed the topic, if only after the write was answered.
      confirmedAfterMs:
        ctx.topic && ctx.confirmedAt === null && m.confirmed.has(ctx.topic)
          ? m.confirmed.get(ctx.topic) - ctx.answeredAt
          : null,
      writePid: ctx.writePid ?? this.procs?.pidOf(ctx.writePort) ?? null,
      wsPid: ctx.wsPid ?? this.procs?.pidOf(ctx.wsPort) ?? null,
      at: performance.now(),
    };
    this.misses.push(miss);
    return miss;
  }
}

/** Why a live event was missed, from what was true when its write was answered (see noteMiss). */
export function missReason(x) {
  if (!x.open) return 'socket not open';
  if (x.closedSince) return 'socket closed after';
  if (x.topic && !x.held) return 'topic not held';
  if (x.topic && x.refused) return 'topic refused by the server';
  if (x.topic && x.dropped) return 'topic dropped by the server';
  if (x.topic && x.confirmedAt === null)
    return x.confirmedAfterMs === null ? 'never subscribed' : 'subscribed after the write';
  if (x.topic && x.confirmedBeforeWriteMs < 0) return 'subscribed while the write was on its way';
  if (x.writePid === null || x.wsPid === null) return 'subscribed, process unknown';
  return x.writePid === x.wsPid ? 'subscribed, same process' : 'subscribed, other process';
}

/**
 * Which server process holds each of the generator's TCP connections, read from `ss` every second
 * (a keep-alive socket or a WebSocket is known by its local port here).
 */
export class Processes {
  /** `skipPids`: a cluster's primary, which accepts a connection before handing it to a worker. */
  constructor(serverPorts, skipPids = [], everyMs = 1000) {
    this.ports = serverPorts;
    this.skip = new Set(skipPids);
    this.byPort = new Map();
    this.timer = setInterval(() => this.poll(), everyMs);
    this.timer.unref();
    this.poll();
  }
  poll() {
    if (this.busy) return;
    this.busy = true;
    const filter = `( ${this.ports.map((p) => `sport = :${p}`).join(' or ')} )`;
    execFile('ss', ['-tnpH', 'state', 'established', filter], { maxBuffer: 64 << 20 }, (err, out) => {
      this.busy = false;
      if (err) return;
      for (const line of out.split('\n')) {
        const port = /:(\d+)\s+users:/.exec(line)?.[1];
        const pid = [...line.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])).find((p) => !this.skip.has(p));
        if (port && pid) this.byPort.set(Number(port), pid);
      }
    });
  }
  pidOf(port) {
    return port ? (this.byPort.get(port) ?? null) : null;
  }
  stop() {
    clearInterval(this.timer);
  }
}

const shape = (path) =>
  path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id').replace(/\?.*/, '');

function decode(buf, enc) {
  if (!enc) return buf.toString('utf8');
  try {
    if (enc === 'gzip') return zlib.gunzipSync(buf).toString('utf8');
    if (enc === 'br') return zlib.brotliDecompressSync(buf).toString('utf8');
    if (enc === 'deflate') return zlib.inflateSync(buf).toString('utf8');
  } catch {
    // reported as an unparsable body where it matters
  }
  return buf.toString('utf8');
}

const json = (r) => {
  try {
    return JSON.parse(r.body);
  } catch {
    return null;
  }
};

/**
 * A member: arrives (the home page as a browser loads it, then the socket), then acts until
 * stopped. `member` carries id, cookie, ip, friends (indexes of members), forums.
 */
export class Member {
  constructor(world, data) {
    this.w = world;
    this.d = data;
    this.cookie = data.cookie;
    this.ip = data.ip;
    this.id = data.id;
    this.ws = null;
    this.topics = new Set();
    this.heldAt = new Map();
    /** Topics the server confirmed ('subscribed'), and when (performance.now()). */
    this.confirmed = new Map();
    /** Topics whose confirmation started the page's catch-up, and when. */
    this.catchUpAt = new Map();
    /** Topics the server refused (not for the budget) or later dropped ('unsubscribed'), and when. */
    this.refused = new Map();
    this.dropped = new Map();
    /** The socket's local port (which server process holds it), and when it closed. */
    this.wsPort = 0;
    this.wsClosedAt = null;
    this.catchUps = new Map();
    /** When the reads of what the page shows were sent (performance.now()), or null. */
    this.readsAt = null;
    this.page = null;
    this.feedSince = null;
    this.feedCheck = null;
    this.early = new Map();
    this.reacted = new Set();
    this.running = false;
    this.timer = null;
    this.closedByServer = 0;
  }

  get(path) {
    return this.w.request(this, 'GET', path);
  }

  /** Times `fn` as one action of `kind` (its requests run as the page sends them). */
  async timed(kind, fn) {
    const stats = this.w.stats;
    const t0 = performance.now();
    let ok;
    try {
      ok = (await fn()) !== false;
    } catch (err) {
      ok = false;
      stats.sample(`${kind}: ${err.message.slice(0, 120)}`);
    }
    const k = stats.kind(kind);
    k.lat.push(performance.now() - t0);
    if (!ok) k.failed++;
    stats.actions++;
  }

  // --- realtime ------------------------------------------------------------------------------

  openSocket() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${this.w.wsPort}/api/realtime`, {
        headers: { origin: this.w.base, cookie: this.cookie, 'x-forwarded-for': this.ip },
        perMessageDeflate: false,
      });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no hello within 15 s'));
      }, 15_000);
      let greeted = false;
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: HTTP ${res.statusCode}`));
      });
      ws.on('error', (err) => {
        if (!greeted) {
          clearTimeout(timer);
          reject(err);
        }
      });
      ws.on('close', () => {
        if (this.ws === ws) this.wsClosedAt = performance.now();
        if (this.running && this.ws === ws) this.closedByServer++;
      });
      ws.on('message', (data) => {
        const at = performance.now();
        let ev;
        try {
          ev = JSON.parse(data.toString());
        } catch {
          return;
        }
        if (!greeted) {
          if (ev.type !== 'hello') return;
          greeted = true;
          clearTimeout(timer);
          this.ws = ws;
          this.wsPort = ws._socket?.localPort ?? 0;
          this.wsClosedAt = null;
          this.confirmed.clear();
          this.catchUpAt.clear();
          // For how long the server knows nothing was sent to this member (the web app's rule,
          // web/lib/realtime/connection.ts: the page began later than that, so it missed nothing).
          this.helloQuietMs = ev.quietMs ?? (ev.quiet === true ? 50_000 : 0);
          this.helloAt = at;
          // The web app pings every REALTIME.pingIntervalMs (25 s); the server closes a socket
          // silent for three of them.
          clearInterval(this.pinger);
          this.pinger = setInterval(() => this.send({ op: 'ping' }), 25_000);
          resolve(ws);
          return;
        }
        this.onEvent(ev, at);
      });
    });
  }

  send(cmd) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(cmd));
  }

  /**
   * The page's subscriptions: what the last page held goes, what this one holds comes.
   * `catchUps`: what the page refetches when the server confirms a topic it just took, unless the
   * answer says nothing was published on it since the page's reads were sent (`readsAt`, its
   * `quietMs`), or, without a send time, that the topic was quiet for the whole window, as the web
   * app's useLiveTopic does. `readsAt`: when the reads of what the page shows were sent
   * (performance.now()), when they went before the topics; a page that reads after calls
   * readsSent().
   */
  holdTopics(topics, catchUps = {}, readsAt = null) {
    this.catchUps = new Map(Object.entries(catchUps));
    this.readsAt = readsAt;
    const now = Date.now();
    for (const t of topics) if (!this.topics.has(t)) this.heldAt.set(t, now);
    const next = new Set(topics);
    const gone = [...this.topics].filter((t) => !next.has(t));
    const added = [...next].filter((t) => !this.topics.has(t));
    for (const t of gone) {
      this.confirmed.delete(t);
      this.catchUpAt.delete(t);
    }
    for (let i = 0; i < gone.length; i++) this.send({ op: 'unsubscribe', topics: [gone[i]] });
    for (const t of added) {
      this.refused.delete(t);
      this.dropped.delete(t);
    }
    for (let i = 0; i < added.length; i++) this.send({ op: 'subscribe', topics: [added[i]] });
    this.topics = next;
  }

  /** The page's reads are sent now: what its catch-ups refresh is as old as this. */
  readsSent() {
    this.readsAt = performance.now();
  }

  onEvent(ev, at) {
    const w = this.w;
    switch (ev.type) {
      case 'message.created': {
        const m = ev.message;
        if (m.receiverId === this.id) {
          // The unread badge counts it without asking (the web app asks only when it has no count
          // yet or one is on its way).
          w.arrive(`msg:${m.id}:to`, this, at);
        } else if (m.senderId === this.id) w.arrive(`msg:${m.id}:from`, this, at);
        break;
      }
      case 'reactions.changed':
        w.arrive(`react:${this.id}:${ev.contentId}`, this, at);
        break;
      case 'comment.created':
        if (ev.comment?.author?.id === this.id) w.arrive(`comment:${ev.comment.id}`, this, at);
        break;
      case 'forum.changed':
        if (ev.what === 'replies' || ev.what === 'post') w.arrive(`forum:${this.id}:${ev.postId}`, this, at);
        break;
      case 'event.changed':
        w.arrive(`rsvp:${this.id}:${ev.eventId}`, this, at);
        break;
      case 'connection.changed': {
        const other = ev.userIds[0] === this.id ? ev.userIds[1] : ev.userIds[0];
        w.arrive(`follow:${this.id}:${other}`, this, at);
        break;
      }
      case 'subscribed': {
        const quiet = new Set(ev.quiet ?? []);
        for (const t of ev.topics ?? [])
          if (this.topics.has(t) && !this.confirmed.has(t)) this.confirmed.set(t, at);
        const deferred = new Set(ev.deferred ?? []);
        for (const t of ev.refused ?? [])
          if (!deferred.has(t)) {
            this.refused.set(t, at);
            w.stats.refusedTopics += 1;
          }
        for (const t of ev.topics ?? []) {
          const paths = this.catchUps?.get(t);
          if (!paths) continue;
          // The web app's rule (web/lib/realtime/use-realtime.ts, missedNothing): the answer came
          // less than `quietMs` after the page's reads were sent, so the topic's last event came
          // before they began. Without a send time or a `quietMs`, the window rule.
          const quietFor = ev.quietMs?.[t];
          if (this.readsAt != null && quietFor !== undefined) {
            if (at - this.readsAt < quietFor) {
              w.stats.quietSkips += 1;
              continue;
            }
          } else {
            if (Date.now() - (this.heldAt.get(t) ?? 0) > 10_000) continue;
            if (quiet.has(t)) {
              w.stats.quietSkips += 1;
              continue;
            }
          }
          w.stats.catchUps += 1;
          for (const path of paths) void this.liveRefetch(path);
          this.catchUpAt.set(t, at);
          w.caughtUp(this, t, at);
        }
        // Refused only for asking too fast (the server's subscribe budget): asked again later for
        // whatever the page still holds, as the web app does.
        if (ev.deferred?.length) {
          w.stats.deferredTopics += ev.deferred.length;
          setTimeout(() => {
            if (!this.running) return;
            for (const t of ev.deferred) if (this.topics.has(t)) this.send({ op: 'subscribe', topics: [t] });
          }, ev.retryAfterMs ?? 1000);
        }
        break;
      }
      case 'unsubscribed':
        for (const t of ev.topics ?? []) {
          this.confirmed.delete(t);
          this.catchUpAt.delete(t);
          this.dropped.set(t, at);
          w.stats.droppedTopics += 1;
        }
        break;
      case 'notification.created':
        // The bell puts the row on top and counts it (one more unless it folded into an unread
        // one) without asking.
        break;
      case 'feed.published':
        // The event carries the item as this member may see it (or null: nothing for them): the
        // page adds it to its pill without asking.
        if (ev.item !== undefined) {
          if (this.page === 'home' && ev.item) w.stats.liveItems += 1;
          break;
        }
        // Otherwise, on the home page: one check for what is new, 1-1.5 s after the first of a burst.
        if (this.page === 'home') w.stats.bareItems += 1;
        if (this.page === 'home' && this.feedSince !== null && !this.feedCheck) {
          this.feedCheck = setTimeout(
            () => {
              this.feedCheck = null;
              if (this.page === 'home' && this.running)
                void this.liveRefetch(`/api/feed/new?filter=all&since=${this.feedSince}`);
            },
            1000 + Math.random() * 500,
          );
        }
        break;
      default:
    }
  }

  liveRefetch(path) {
    if (!this.running) return;
    return this.timed('liveRefetch', async () => (await this.get(path)).status < 400);
  }

  // --- pages ---------------------------------------------------------------------------------

  /** The first page load: the prerendered document, the shell's and the home page's requests, the socket. */
  async arrive() {
    this.running = true;
    await this.timed('arrive', async () => {
      const began = performance.now();
      const doc = await this.get('/');
      const shell = await Promise.all([
        this.get('/api/me'),
        this.get('/api/messages/unread'),
        this.get('/api/notifications?limit=10'),
      ]);
      const homeSentAt = performance.now();
      const home = await Promise.all([
        this.get('/api/people/suggestions'),
        this.get('/api/groups/suggested'),
        this.get('/api/events?list=upcoming&limit=3'),
        this.get('/api/feed?filter=all&limit=20'),
        this.openSocket(),
      ]);
      this.noteFeed(home[3]);
      this.page = 'home';
      this.holdTopics(['feed:all'], this.feedCatchUp(), homeSentAt);
      // After the greeting the page refetches what the socket may have missed (a 'resync'), unless
      // the greeting says nothing was sent to this member since before the page began.
      // (The resync also runs the held feed topic's catch-up.)
      if (this.helloAt - began < this.helloQuietMs) this.w.stats.quietSkips += 1;
      else
        await Promise.all([
          this.get('/api/messages/unread'),
          this.get('/api/notifications?limit=10'),
          ...(this.feedSince === null ? [] : [this.get(`/api/feed/new?filter=all&since=${this.feedSince}`)]),
        ]);
      return [doc, ...shell, ...home.slice(0, 4)].every((r) => r.status === 200);
    });
  }

  /** The home page's catch-up: what is new since its top item. */
  feedCatchUp() {
    return this.feedSince === null
      ? {}
      : { 'feed:all': [`/api/feed/new?filter=all&since=${this.feedSince}`] };
  }

  noteFeed(r) {
    const body = r.status === 200 ? json(r) : null;
    if (body?.items?.length) this.feedSince = String(body.items[0].id);
    return body;
  }

  async home(deep) {
    this.page = 'home';
    const sentAt = performance.now();
    const first = await this.get('/api/feed?filter=all&limit=20');
    const body = this.noteFeed(first);
    this.holdTopics(['feed:all'], this.feedCatchUp(), sentAt);
    if (!deep) return first.status === 200;
    if (!body?.nextCursor) return false;
    const next = await this.get(
      `/api/feed?filter=all&limit=20&cursor=${encodeURIComponent(body.nextCursor)}`,
    );
    return next.status === 200;
  }

  async article(id) {
    this.page = 'article';
    this.holdTopics([`content:article:${id}`], {
      [`content:article:${id}`]: [`/api/reactions/article/${id}`, `/api/comments/article/${id}?limit=50`],
    });
    this.readsSent();
    // The article's answer carries its reactions and first comments: the page asks nothing more.
    const a = await this.get(`/api/articles/${id}`);
    const body = a.status === 200 ? json(a) : null;
    const c = body && !body.comments ? await this.get(`/api/comments/article/${id}?limit=50`) : null;
    return { ok: a.status === 200 && (!c || c.status === 200), reactions: body?.reactions ?? null };
  }

  async forumPost(id) {
    this.page = 'forumPost';
    this.holdTopics([`forum-post:${id}`], {
      [`forum-post:${id}`]: [`/api/forums/posts/${id}`, `/api/forums/posts/${id}/replies?limit=50`],
    });
    this.readsSent();
    // The post's answer carries the first page of its replies: the page asks nothing more.
    const p = await this.get(`/api/forums/posts/${id}`);
    const v = await this.w.request(this, 'POST', `/api/forums/posts/${id}/views`);
    return p.status === 200 && v.status < 300;
  }

  async group(id) {
    this.page = 'group';
    const sentAt = performance.now();
    const [g, p, m] = await Promise.all([
      this.get(`/api/groups/${id}`),
      this.get(`/api/groups/${id}/posts?limit=10`),
      this.get(`/api/groups/${id}/members?limit=5`),
    ]);
    // Each post near the viewport asks its comments and its reactions (unless the list carried
    // them) and listens to them; the page
    // asks the next ones as the reader scrolls (WhenNearView): a laptop's first screen reaches
    // GROUP_POSTS_NEAR_VIEW of them.
    const posts = (json(p)?.items ?? json(p)?.posts ?? []).slice(0, GROUP_POSTS_NEAR_VIEW);
    this.holdTopics(
      [`group:${id}`, ...posts.map((x) => `content:group_post:${x.id}`)],
      {
        [`group:${id}`]: [`/api/groups/${id}`, `/api/groups/${id}/posts?limit=10`],
        ...Object.fromEntries(
          posts.map((x) => [
            `content:group_post:${x.id}`,
            [`/api/reactions/group_post/${x.id}`, `/api/comments/group_post/${x.id}?limit=50`],
          ]),
        ),
      },
      sentAt,
    );
    // A post whose list answer carried its reactions and comments asks neither.
    const each = await Promise.all(
      posts.flatMap((x) => [
        ...(x.reactions ? [] : [this.get(`/api/reactions/group_post/${x.id}`)]),
        ...(x.comments ? [] : [this.get(`/api/comments/group_post/${x.id}?limit=50`)]),
      ]),
    );
    return [g, p, m, ...each].every((r) => r.status === 200);
  }

  async event(id) {
    this.page = 'event';
    this.holdTopics([`event:${id}`], {
      [`event:${id}`]: [`/api/events/${id}`, `/api/events/${id}/guests?status=accepted&limit=20`],
    });
    this.readsSent();
    const [e, g] = await Promise.all([
      this.get(`/api/events/${id}`),
      this.get(`/api/events/${id}/guests?status=accepted&limit=20`),
    ]);
    return { ok: e.status === 200 && g.status === 200, event: json(e) };
  }

  async idea(id) {
    this.page = 'idea';
    this.holdTopics([`investing:${id}`], { [`investing:${id}`]: [`/api/investing/ideas/${id}`] });
    this.readsSent();
    const rs = await Promise.all([
      this.get(`/api/investing/ideas/${id}`),
      this.get(`/api/investing/ideas/${id}/updates?limit=10`),
    ]);
    return rs.every((r) => r.status === 200);
  }

  async business(id) {
    this.page = 'business';
    this.holdTopics([`business-page:${id}`], {
      [`business-page:${id}`]: [`/api/business-pages/${id}`, `/api/business-pages/${id}/posts?limit=10`],
    });
    this.readsSent();
    const rs = await Promise.all([
      this.get(`/api/business-pages/${id}`),
      this.get(`/api/business-pages/${id}/posts?limit=10`),
    ]);
    return rs.every((r) => r.status === 200);
  }

  // --- one action ----------------------------------------------------------------------------

  async act(kind = pickWeighted()) {
    const ids = this.w.ids;
    switch (kind) {
      case 'feed':
      case 'feedDeep':
        return this.timed(kind, () => this.home(kind === 'feedDeep'));
      case 'article':
        return this.timed(kind, async () => (await this.article(any(ids.articles))).ok);
      case 'forumPost':
        return this.timed(kind, () => this.forumPost(any(ids.forumPosts)));
      case 'group':
        return this.timed(kind, () => this.group(any(ids.groups)));
      case 'event':
        return this.timed(kind, async () => (await this.event(any(ids.events))).ok);
      case 'idea':
        return this.timed(kind, () => this.idea(any(ids.ideas)));
      case 'business':
        return this.timed(kind, () => this.business(any(ids.pages)));
      case 'notifications':
        this.page = 'notifications';
        this.holdTopics([]);
        return this.timed(kind, async () => (await this.get('/api/notifications?limit=20')).status === 200);
      case 'search':
        return this.timed(
          kind,
          async () =>
            (await this.get(`/api/search?q=${encodeURIComponent(any(QUERIES))}&page=1`)).status === 200,
        );
      case 'react':
        return this.react();
      case 'comment':
        return this.comment();
      case 'forumReply':
        return this.forumReply();
      case 'message':
        return this.message();
      case 'rsvp':
        return this.rsvp();
      case 'follow':
        return this.follow();
      default:
        throw new Error(`unknown action ${kind}`);
    }
  }

  async react() {
    const id = any(this.w.ids.articles);
    let page;
    await this.timed('article', async () => (page = await this.article(id)).ok);
    const mine = new Set(page?.reactions?.mine ?? []);
    const type = ['like', 'love', 'laugh'].find((t) => !mine.has(t) && !this.reacted.has(`${id}:${t}`));
    if (!type) return;
    this.reacted.add(`${id}:${type}`);
    const t0 = performance.now();
    await this.timed('react', async () => {
      const r = await this.w.request(this, 'PUT', `/api/reactions/article/${id}/${type}`, { active: true });
      if (r.status !== 200) return false;
      this.w.acked.reaction.push([this.id, id, type]);
      this.w.expect(`react:${this.id}:${id}`, this, 'react', t0, r, `content:article:${id}`);
      return true;
    });
  }

  async comment() {
    const id = any(this.w.ids.articles);
    await this.timed('article', async () => (await this.article(id)).ok);
    const t0 = performance.now();
    await this.timed('comment', async () => {
      const r = await this.w.request(this, 'POST', `/api/comments/article/${id}`, { content: any(COMMENTS) });
      const c = r.status === 201 ? json(r) : null;
      const cid = c?.id ?? c?.comment?.id;
      if (!cid) return false;
      this.w.acked.comment.push(cid);
      this.w.expect(`comment:${cid}`, this, 'comment', t0, r, `content:article:${id}`);
      return true;
    });
  }

  async forumReply() {
    const forum = this.d.forums.find((f) => this.w.ids.postOfForum.has(f));
    if (!forum) return this.comment();
    const postId = this.w.ids.postOfForum.get(forum);
    await this.timed('forumPost', () => this.forumPost(postId));
    const t0 = performance.now();
    await this.timed('forumReply', async () => {
      const r = await this.w.request(this, 'POST', `/api/forums/posts/${postId}/replies`, {
        content: any(COMMENTS),
      });
      const body = r.status === 201 ? json(r) : null;
      const rid = body?.id ?? body?.reply?.id;
      if (!rid) return false;
      this.w.acked.forumReply.push(rid);
      this.w.expect(`forum:${this.id}:${postId}`, this, 'forumReply', t0, r, `forum-post:${postId}`);
      return true;
    });
  }

  async message() {
    const w = this.w;
    const online = this.d.friends.map((j) => w.online.get(j)).filter((m) => m?.ws);
    if (!online.length) return this.act('notifications');
    const friend = any(online);
    this.page = 'messages';
    this.holdTopics([`presence:${friend.id}`]);
    await this.timed('messages', async () => {
      const rs = await Promise.all([
        this.get('/api/messages/conversations?limit=30'),
        this.get(`/api/messages/threads/${friend.id}`),
      ]);
      const read = await w.request(this, 'POST', `/api/messages/threads/${friend.id}/read`);
      return rs.every((r) => r.status === 200) && read.status < 300;
    });
    const t0 = performance.now();
    await this.timed('message', async () => {
      const r = await w.request(this, 'POST', '/api/messages', {
        receiverId: friend.id,
        clientId: randomUUID(),
        content: 'Hi! Are you still looking for a co-founder for the project we talked about last week?',
      });
      const body = r.status === 201 ? json(r) : null;
      const mid = body?.id ?? body?.message?.id;
      if (!mid) return false;
      w.acked.message.push(mid);
      w.expect(`msg:${mid}:to`, friend, 'message', t0, r);
      w.expect(`msg:${mid}:from`, this, 'message', t0, r);
      return true;
    });
  }

  async rsvp() {
    const id = any(this.w.ids.events);
    let page;
    await this.timed('event', async () => (page = await this.event(id)).ok);
    if (!page?.event) return;
    const current = page.event.myStatus ?? page.event.event?.myStatus ?? null;
    const status = current === 'accepted' ? 'maybe' : 'accepted';
    const t0 = performance.now();
    await this.timed('rsvp', async () => {
      const r = await this.w.request(this, 'PUT', `/api/events/${id}/rsvp`, { status });
      if (r.status !== 200) return false;
      this.w.acked.rsvp.push([this.id, id, status]);
      this.w.expect(`rsvp:${this.id}:${id}`, this, 'rsvp', t0, r, `event:${id}`);
      return true;
    });
  }

  async follow() {
    const other = any(this.w.ids.people);
    if (other === this.id) return;
    this.page = 'profile';
    this.holdTopics([]);
    let profile;
    await this.timed('profile', async () => {
      const r = await this.get(`/api/profiles/${other}`);
      profile = json(r);
      return r.status === 200;
    });
    const p = profile?.profile ?? profile;
    if (!p || p.connection?.isFollowing) return;
    const t0 = performance.now();
    await this.timed('follow', async () => {
      const r = await this.w.request(this, 'POST', `/api/connections/${other}/follow`);
      if (r.status >= 300) return r.status === 409;
      this.w.expect(`follow:${this.id}:${other}`, this, 'follow', t0, r);
      return true;
    });
  }

  /** Think (5-15 s), act, again, until stopped; `spreadMs` delays the first action. */
  loop(firstDelayMs) {
    const next = (delay) => {
      this.timer = setTimeout(async () => {
        if (!this.running) return;
        try {
          await this.act();
        } catch (err) {
          this.w.stats.sample(`action: ${err.message.slice(0, 120)}`);
        }
        if (this.running) next(5000 + Math.random() * 10_000);
      }, delay);
    };
    next(firstDelayMs);
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    clearTimeout(this.feedCheck);
    clearInterval(this.pinger);
    this.ws?.terminate();
    this.ws = null;
  }
}

export { WRITES };
