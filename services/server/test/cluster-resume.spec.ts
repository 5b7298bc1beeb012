import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchBrowser, screenshot } from '../../testing/src/browser';
import { companyWithSandbox, compareOnce, deliver, http } from './cluster/clients';
import { type Cluster, leaseHeld, type RoleProcess, startCluster, waitUntil } from './cluster/harness';

/**
 * Issue 34, resumable frames, as browsers live them: two admins' Chromium tabs, each socket proxied by
 * the test to an edge (a balancer the test controls). While 200 contact messages come in, tab A goes
 * offline for 30 s (context.setOffline, and its socket cut), the active projector is killed with
 * kill -9 mid-stream, and tab B's edge is killed and started again. At the end each tab has received
 * every frame of its company exactly once and in order (resumed, never told to refetch), and shows
 * the list the API answers.
 */
const CONTACTS = 10;
const PER_CONTACT = 20;
const OFFLINE_MS = 30_000;
const root = fileURLToPath(new URL('../../../', import.meta.url));
let cluster: Cluster | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  await cluster?.close();
});

/** A browser tab whose socket the test routes to an edge, recording every frame the edge sends it. */
interface Tab {
  name: string;
  context: BrowserContext;
  page: Page;
  /** The edge its next socket goes to (the first alive of these). */
  edges: () => RoleProcess[];
  offline: boolean;
  links: Set<WebSocket>;
  seqs: number[];
  created: string[];
  /** When each message's create frame arrived. */
  createdAt: Map<string, number>;
  lastMessages: Array<{ ticketId: number; body: string }>;
  /** When each socket was accepted, and the sequence a fresh one started after. */
  authenticated: Array<{ at: number; seq?: number }>;
  refetches: number;
  /** The `resume` each socket's authenticate carried (null: a fresh start). */
  resumes: Array<number | null>;
}

const alive = (p: RoleProcess) => p.child.exitCode === null && p.child.signalCode === null;

async function openTab(b: Browser, name: string, base: string, login: { email: string; password: string }, edges: () => RoleProcess[]): Promise<Tab> {
  const context = await b.newContext({ viewport: { width: 1280, height: 860 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  const tab: Tab = {
    name,
    context,
    page: undefined as unknown as Page,
    edges,
    offline: false,
    links: new Set(),
    seqs: [],
    created: [],
    createdAt: new Map(),
    lastMessages: [],
    authenticated: [],
    refetches: 0,
    resumes: [],
  };
  await context.routeWebSocket(/\/socket$/, (route) => {
    const edge = tab.edges().find(alive);
    if (tab.offline || !edge) {
      void route.close({ code: 4000, reason: 'unreachable' }).catch(() => {});
      return;
    }
    const upstream = new WebSocket(`${edge.url!.replace('http', 'ws')}/socket`);
    tab.links.add(upstream);
    const queued: string[] = [];
    upstream.on('open', () => {
      for (const message of queued.splice(0)) upstream.send(message);
    });
    upstream.on('error', () => {});
    route.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      if (text.includes('"authenticate"')) tab.resumes.push(JSON.parse(text).resume ?? null);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    upstream.on('message', (raw) => {
      const text = String(raw);
      record(tab, text);
      void route.send(text);
    });
    upstream.on('close', (code) => {
      tab.links.delete(upstream);
      void route.close({ code: code === 1005 || code === 1006 ? 4000 : code, reason: 'edge gone' }).catch(() => {});
    });
    route.onClose(() => {
      tab.links.delete(upstream);
      upstream.terminate();
    });
  });
  tab.page = await context.newPage();
  await tab.page.goto(`${base}/login`);
  await tab.page.getByTestId('login-email').fill(login.email);
  await tab.page.getByTestId('login-password').fill(login.password);
  await tab.page.getByTestId('login-submit').click();
  await tab.page.getByTestId('app-shell').waitFor();
  await tab.page.goto(`${base}/tickets`);
  await tab.page.getByTestId('tickets-tab-pending').click();
  return tab;
}

function record(tab: Tab, text: string) {
  const frame = JSON.parse(text) as { event: string; data?: any; seq?: number };
  if (frame.event === 'authenticated') tab.authenticated.push({ at: performance.now(), seq: frame.seq });
  else if (frame.event === 'refetch') tab.refetches++;
  if (frame.seq === undefined || frame.event === 'authenticated' || frame.event === 'refetch') return;
  tab.seqs.push(frame.seq);
  if (frame.event.endsWith('-appMessage') && frame.data?.action === 'create') {
    tab.created.push(frame.data.message.id);
    tab.createdAt.set(frame.data.message.id, performance.now());
  }
  if (frame.event.endsWith('-ticket') && frame.data?.ticket) tab.lastMessages.push({ ticketId: frame.data.ticket.id, body: frame.data.ticket.lastMessage });
}

/** The pending tab's rows as the page shows them: ticket id and last message. */
const shownList = (page: Page) =>
  page.$$eval('[data-testid^="ticket-row-"]', (rows) =>
    rows
      .map((row) => ({
        id: Number(row.getAttribute('data-testid')!.slice('ticket-row-'.length)),
        last: row.querySelector('[data-testid="ticket-last-message"]')?.textContent ?? '',
      }))
      .sort((a, b) => a.id - b.id),
  );

it('browsers on two edges miss nothing and get nothing twice: an edge restarted, a projector killed, a tab offline for 30 s', async () => {
  const began = performance.now();
  const mark = (what: string) => console.log(`${Math.round(performance.now() - began)} ms: ${what}`);
  cluster = await startCluster({ nats: true, env: { PROJECTION_WAIT_MS: '30000', UI_DIR: join(root, 'ui/dist') } });
  const c = cluster;
  const [api, edge1, edge2Started, , projectorA, projectorB, launched] = await Promise.all([
    c.spawn('api', 'api'),
    c.spawn('edge-1', 'edge'),
    c.spawn('edge-2', 'edge'),
    c.spawn('channels', 'channels'),
    c.spawn('projector-a', 'projector'),
    c.spawn('projector-b', 'projector'),
    launchBrowser(),
  ]);
  browser = launched;
  let edge2 = edge2Started;
  const standingBy = /Projector messages: another instance holds it; standing by/;
  const standby = await Promise.race([projectorA, projectorB].map((p) => p.waitForLine(standingBy).then(() => p)));
  const active = standby === projectorA ? projectorB : projectorA;
  mark('cluster up');

  const company = await companyWithSandbox(api.url!, 'Resume Co', 341);
  await waitUntil(() => leaseHeld(c, `session:${company.sandbox.id}`), 'the channels process to run the sandbox session');
  const second = { email: 'bia@resume.test', password: 'Abcdefgh1' };
  const created = await http(api.url!, 'POST', '/users', { token: company.token, body: { name: 'Bia Admin', ...second, profile: 'admin' } });
  expect([200, 201]).toContain(created.status);
  const first = { email: 'resumeco@example.com', password: 'Abcdefgh1' };
  const [a, b] = await Promise.all([
    openTab(browser, 'A', api.url!, first, () => [edge1, edge2]),
    openTab(browser, 'B', api.url!, second, () => [edge2, edge1]),
  ]);
  mark('tabs signed in');

  // One message per contact first: every tab has tickets and a sequence to resume from.
  const numbers = Array.from({ length: CONTACTS }, (_, index) => String(5511960000000 + index));
  const delivered: Array<{ messageId: string; ticketId: number; body: string; at: number }> = [];
  const send = async (contact: number, index: number) => {
    const body = `Mensagem ${index} do contato ${contact}`;
    const answer = await deliver(api.url!, company.sandbox, { id: `r-${contact}-${index}`, from: numbers[contact]!, name: `Contato ${contact}`, body });
    delivered.push({ messageId: answer.messageId, ticketId: answer.ticketId, body, at: answer.at });
  };
  await Promise.all(numbers.map((_, contact) => send(contact, 0)));
  for (const tab of [a, b])
    await waitUntil(async () => (await shownList(tab.page)).length === CONTACTS, `tab ${tab.name} to list ${CONTACTS} tickets`, 30_000, 200);
  expect(a.seqs.length).toBeGreaterThan(0);

  // Tab A drops off the network for 30 s: its socket is cut, and every try is refused until it is back.
  const offlineAt = performance.now();
  a.offline = true;
  await a.context.setOffline(true);
  for (const link of [...a.links]) link.terminate();
  // Nothing flows at this moment (the first messages are all shown): the last frame the tab has.
  const seqAtCut = a.seqs.at(-1);
  await a.page.getByTestId('socket-offline').waitFor();

  // Meanwhile the other 190 messages come in; a third of the way, the active projector dies; then tab B's edge.
  let projectorKilledAt = 0;
  let leaseTakenMs = 0;
  let edgeKilledAt = 0;
  let kills: Promise<void> | undefined;
  const killAll = async () => {
    projectorKilledAt = performance.now();
    await active.kill9();
    await waitUntil(() => leaseHeld(c, 'messages'), 'the standby projector to take the messages lease', 15_000, 20);
    leaseTakenMs = performance.now() - projectorKilledAt;
    edgeKilledAt = performance.now();
    await edge2.kill9();
  };
  await Promise.all(
    numbers.map(async (_, contact) => {
      for (let index = 1; index < PER_CONTACT; index++) {
        await send(contact, index);
        if (!kills && delivered.length >= (CONTACTS * PER_CONTACT) / 3) kills = killAll();
      }
    }),
  );
  await kills;
  mark(`${delivered.length} messages in; projector killed at ${Math.round(projectorKilledAt - began)} ms, lease taken after ${Math.round(leaseTakenMs)} ms`);
  // Tab B is back through edge-1; edge-2 starts again, and tab A will come back through it (an edge with an empty memory).
  await waitUntil(() => b.authenticated.some((entry) => entry.at > edgeKilledAt), 'tab B to reconnect through edge-1', 30_000, 50);
  const edgeTakeoverMs = b.authenticated.find((entry) => entry.at > edgeKilledAt)!.at - edgeKilledAt;
  edge2 = await c.spawn('edge-2-again', 'edge');
  a.edges = () => [edge2, edge1];
  mark(`edge-2 killed, tab B resumed on edge-1 after ${Math.round(edgeTakeoverMs)} ms; edge-2 started again`);

  const inbound = delivered.map((d) => d.messageId);
  // Tab B (online) shows every message while tab A is still away; tab A none of those sent after it left.
  const seenBy = (tab: Tab) =>
    new Set([...tab.created, ...delivered.filter((d) => tab.lastMessages.some((m) => m.ticketId === d.ticketId && m.body === d.body)).map((d) => d.messageId)]);
  await waitUntil(() => inbound.every((id) => seenBy(b).has(id)), 'tab B to get every message', 30_000, 100);
  // The projector's takeover as a browser sees it: the first message sent after the kill shown on tab B.
  const projectorFrameMs =
    Math.min(...delivered.filter((d) => d.at > projectorKilledAt).map((d) => b.createdAt.get(d.messageId) ?? Infinity)) - projectorKilledAt;
  mark(`tab B got every message; the first sent after the projector's kill ${Math.round(projectorFrameMs)} ms after it`);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, OFFLINE_MS - (performance.now() - offlineAt))));
  const onlineAt = performance.now();
  a.offline = false;
  await a.context.setOffline(false);
  await waitUntil(() => a.authenticated.some((entry) => entry.at > onlineAt), 'tab A to reconnect once back online', 10_000, 20);
  const onlineReconnectMs = a.authenticated.find((entry) => entry.at > onlineAt)!.at - onlineAt;
  mark(`tab A back online after ${Math.round(onlineAt - offlineAt)} ms, reconnected ${Math.round(onlineReconnectMs)} ms later`);
  await waitUntil(() => inbound.every((id) => seenBy(a).has(id)), 'tab A to get every message it missed', 30_000, 100).catch((error) => {
    console.log(
      JSON.stringify({ resumes: a.resumes, refetches: a.refetches, missing: inbound.filter((id) => !seenBy(a).has(id)).length, lastSeqs: a.seqs.slice(-5) }),
    );
    throw error;
  });
  // It resumed (after the last frame it had), and at once: the backoff alone would have waited up to 30 s.
  expect(a.resumes.at(-1)).toBe(seqAtCut);
  expect(onlineReconnectMs).toBeLessThan(2_000);
  await a.page.getByTestId('socket-offline').waitFor({ state: 'detached' });

  // Every frame of the company each tab may see, exactly once and in order, from its first socket on.
  const outbox = await c.sql<{ seq: string; entity: string }>(`select seq::text, entity from projection.frame_outbox where company_id = $1 order by seq`, [
    company.companyId,
  ]);
  const figures: Record<string, unknown> = {};
  for (const tab of [a, b]) {
    const start = tab.authenticated[0]!.seq ?? 0;
    const expected = outbox.filter((row) => Number(row.seq) > start && ['ticket', 'appMessage', 'contact'].includes(row.entity)).map((row) => row.seq);
    const got = tab.seqs.map(String);
    const once = compareOnce(
      got.filter((seq) => expected.includes(seq)),
      expected,
    );
    const ordered = tab.seqs.every((seq, index) => index === 0 || seq > tab.seqs[index - 1]!);
    figures[tab.name] = {
      frames: tab.seqs.length,
      lost: once.missing.length,
      doubled: tab.seqs.length - new Set(tab.seqs).size,
      sockets: tab.authenticated.length,
      refetches: tab.refetches,
    };
    expect({ tab: tab.name, missing: once.missing, doubled: once.doubled, ordered, refetches: tab.refetches }).toEqual({
      tab: tab.name,
      missing: [],
      doubled: [],
      ordered: true,
      refetches: 0,
    });
    expect(
      compareOnce(
        tab.created.filter((id) => inbound.includes(id)),
        [],
      ),
    ).toMatchObject({ doubled: [] });
  }

  // And the screen: the pending list is the API's, row for row.
  // The tab's own session (a login elsewhere would sign it out).
  for (const tab of [a, b]) {
    const token = (await tab.page.evaluate(() => window.localStorage.getItem('token')))!;
    const answer = await http(api.url!, 'GET', '/tickets?status=pending&showAll=true', { token });
    const fromApi = (answer.json.tickets as Array<{ id: number; lastMessage: string }>)
      .map((t) => ({ id: t.id, last: t.lastMessage }))
      .sort((x, y) => x.id - y.id);
    expect(fromApi).toHaveLength(CONTACTS);
    await waitUntil(
      async () => JSON.stringify(await shownList(tab.page)) === JSON.stringify(fromApi),
      `tab ${tab.name}'s list to equal the API's`,
      15_000,
      200,
    ).catch(async (error) => {
      await screenshot(tab.page, `cluster-resume-${tab.name}`);
      expect(await shownList(tab.page)).toEqual(fromApi);
      throw error;
    });
  }
  console.log(
    JSON.stringify({
      resume: figures,
      messages: inbound.length,
      projectorLeaseTakenMs: Math.round(leaseTakenMs),
      projectorFrameMs: Math.round(projectorFrameMs),
      edgeTakeoverMs: Math.round(edgeTakeoverMs),
      onlineReconnectMs: Math.round(onlineReconnectMs),
      wallMs: Math.round(performance.now() - began),
    }),
  );
}, 300_000);
