/**
 * On-duty figures: `pnpm bench:on-duty`. The real product (embedded Postgres, projections, reactors,
 * the sandbox channel's sessions) on a fresh data dir. BENCH_COMPANIES (default 10) companies each
 * with a sandbox connection, closed opening hours and one on-duty entry; then half the companies'
 * contacts write one after the other and the other half's all at once, and the time from the
 * inbound message's answer to the announcement in the on-duty phone's outbox is measured (the
 * announcer reactor: ticket → queued → sent). One announcement per company: the interval allows no
 * second. One JSON line per figure, with the machine's idle and steal share over the run.
 */
import { SCHEDULE_DAYS } from '@conversa/contracts';
import { localTime } from '@conversa/core';
import { performance } from 'node:perf_hooks';
import { figure, log, machineWatch, percentileFigures, runBench } from './kit/measure';
import { withProduct, type Sandbox } from './kit/product';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10);
const PHONE = '5511955554444';

runBench(() =>
  withProduct({ name: 'on-duty', sessions: true }, async ({ app, wiring, call, signup, addSandbox }) => {
    const machine = machineWatch();
    const local = localTime(new Date(), 'America/Sao_Paulo');
    const days = SCHEDULE_DAYS.map((day) => ({
      weekdayEn: day.weekdayEn,
      startTime: local.minus({ hours: 2 }).toFormat('HH:mm'),
      endTime: local.plus({ hours: 2 }).toFormat('HH:mm'),
    }));
    const closed = SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));

    log(`setting up ${COMPANIES} companies`);
    const sandboxes: Sandbox[] = [];
    for (let index = 0; index < COMPANIES; index++) {
      const email = `plantao${index}@example.com`;
      const { companyId, userId, token } = await signup({ name: `Bench ${index} Admin`, companyName: `Bench Plantao ${index}`, email, seed: 7000 + index });
      sandboxes.push(await addSandbox({ name: 'Loja', token }));
      await call('PUT', `/companies/${companyId}/schedules`, { schedules: closed }, token);
      await call('POST', '/plantao', { userId, phone: PHONE, days }, token);
    }
    await wiring.sessions.reconcile();

    const announce = async (sandbox: Sandbox, index: number) => {
      const headers = { authorization: `Bearer ${sandbox.token}` };
      await sandbox.deliver({ id: `night-${index}`, from: '5511970000001', name: 'Cliente', body: 'Boa noite!' });
      const start = performance.now();
      for (;;) {
        const outbox = await app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${PHONE}`, headers });
        if ((outbox.json().messages as unknown[]).length > 0) return performance.now() - start;
        if (performance.now() - start > 60_000) throw new Error('no announcement within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const half = Math.floor(COMPANIES / 2);
    log(`${half} companies' contacts write one after the other`);
    const one: number[] = [];
    for (let index = 0; index < half; index++) one.push(await announce(sandboxes[index]!, index));
    log(`${COMPANIES - half} companies' contacts write at once`);
    const burst = await Promise.all(sandboxes.slice(half).map((sandbox, index) => announce(sandbox, half + index)));
    percentileFigures('on_duty_announcement_alone', one, [50, 'max']);
    percentileFigures('on_duty_announcement_burst', burst, [50, 'max']);
    figure('companies', COMPANIES, 'count');
    machine.report();
  }),
);
