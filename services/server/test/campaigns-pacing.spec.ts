import { createCampaignEngine, insideWindow, pauseAfter, type CampaignOutbound } from '@conversa/automation';
import { campaignLookup } from '@conversa/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/** The engine on a fake clock: ticks at chosen moments, a fake channel noting when each message left. */
let server: TestServer;
let token: string;
let connections: number[];
let phone = 5511950000000;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function campaignFor(count: number, whatsappIds: number[], extra: object = {}) {
  const list = (await call('POST', '/contact-lists', { name: `Lista ${phone}` })).json();
  for (let index = 0; index < count; index++) {
    const created = await call('POST', '/contact-list-items', { contactListId: list.id, name: `Contato ${index}`, number: String((phone += 1)) });
    expect(created.statusCode, created.body).toBe(201);
  }
  const campaign = await call('POST', '/campaigns', {
    name: 'Ritmo',
    message1: 'Oi {firstName}',
    contactListId: list.id,
    whatsappId: whatsappIds.join(','),
    scheduledAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    ...extra,
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  await settle(server);
  return campaign.json().id as number;
}

function fakeEngine(down: Set<number> = new Set()) {
  const sent: Array<{ at: number; connection: number; number: string }> = [];
  let clock = Date.UTC(2026, 0, 5, 13, 0, 0); // 10:00 in São Paulo
  const channel = {
    async send(message: CampaignOutbound) {
      if (down.has(message.whatsappId)) throw new Error('no channel connected');
      sent.push({ at: clock, connection: message.whatsappId, number: message.contact.number });
      return { providerId: `fake-${message.messageId}` };
    },
  };
  const engine = createCampaignEngine({
    ctx: server.wiring.ctx,
    db: server.wiring.db,
    channel,
    media: server.wiring.ctx.media,
    lookup: campaignLookup(server.wiring.db, server.wiring.ctx.media),
    random: () => 0.5,
    connectionRestMs: 10_000,
  });
  return {
    sent,
    now: () => clock,
    jump: (ms: number) => {
      clock += ms;
    },
    /** One tick at each second of the fake clock, the read models settled between ticks. */
    async run(seconds: number) {
      for (let second = 0; second < seconds; second++) {
        await engine.tick(() => new Date(clock));
        await settle(server);
        clock += 1000;
      }
    },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Ritmo Co', 93);
  token = (await server.login(company.email, company.password)).token;
  connections = [];
  for (const name of ['Um', 'Dois']) connections.push((await call('POST', '/whatsapp', { name, channel: 'sandbox' })).json().id);
});
afterAll(async () => {
  await server?.close();
});

describe('pacing', () => {
  it("pauses for the jitter around the settings' interval, ±10 %", () => {
    const settings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect(pauseAfter(settings, 1, () => 0.5)).toBe(20_000);
    expect(pauseAfter(settings, 1, () => 0)).toBe(18_000);
    expect(pauseAfter(settings, 1, () => 0.999999)).toBeCloseTo(22_000, -1);
    expect(pauseAfter(settings, 20, () => 0.5)).toBe(60_000);
    expect(pauseAfter({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 }, 3, Math.random)).toBe(0);
  });

  it("reads the send window in the company's time zone, across midnight too", () => {
    const at = (iso: string) => new Date(iso);
    expect(insideWindow({ from: '08:00', to: '18:00' }, at('2026-01-05T13:00:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(insideWindow({ from: '08:00', to: '18:00' }, at('2026-01-05T22:00:00Z'), 'America/Sao_Paulo')).toBe(false);
    expect(insideWindow({ from: '22:00', to: '06:00' }, at('2026-01-06T02:00:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(insideWindow(null, at('2026-01-06T02:00:00Z'), 'America/Sao_Paulo')).toBe(true);
  });

  it('sends every messageInterval seconds and rests greaterInterval after each longerIntervalAfter messages (fake clock)', async () => {
    await call('POST', '/campaign-settings', { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 20 });
    const id = await campaignFor(8, [connections[0]!]);
    const fake = fakeEngine();
    const start = fake.now();
    await fake.run(2); // started, then planned and the first message
    await fake.run(70);
    const offsets = fake.sent.map((entry) => (entry.at - start) / 1000);
    const first = offsets[0]!;
    expect(offsets.map((offset) => offset - first)).toEqual([0, 5, 10, 15, 20, 40, 45, 50]);
    expect((await call('GET', `/campaigns/${id}`)).json().status).toBe('FINALIZADA');
  });

  it('spreads messages over the connections; one that is down holds only its share', async () => {
    await call('POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await campaignFor(6, connections);
    const down = new Set([connections[1]!]);
    const fake = fakeEngine(down);
    await fake.run(3);
    expect(fake.sent.map((entry) => entry.connection)).toEqual([connections[0], connections[0], connections[0]]);
    const report = (await call('GET', `/campaigns/${id}`)).json();
    expect(report).toMatchObject({ status: 'EM_ANDAMENTO', counts: { delivered: 3, failed: 0 } });
    down.clear();
    await fake.run(15); // the connection's rest (10 s) passes
    expect(fake.sent.filter((entry) => entry.connection === connections[1]).length).toBe(3);
    expect((await call('GET', `/campaigns/${id}`)).json()).toMatchObject({ status: 'FINALIZADA', counts: { delivered: 6 } });
  });

  it("sends nothing outside the campaign's send window, and resumes inside it", async () => {
    const id = await campaignFor(2, [connections[0]!], { sendWindow: { from: '12:00', to: '13:00' } });
    const fake = fakeEngine();
    await fake.run(3); // 10:00 local
    expect(fake.sent).toEqual([]);
    expect((await call('GET', `/campaigns/${id}`)).json().status).toBe('EM_ANDAMENTO');
    fake.jump(2 * 60 * 60 * 1000); // 12:00 local
    await fake.run(2);
    expect(fake.sent.length).toBe(2);
  });
});
