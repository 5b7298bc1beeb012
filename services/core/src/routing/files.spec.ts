import type { BotEvent, FileOption } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketBot } from './bot';
import { botAfter, inbound, menuShown, MORNING, opt, queue, sales } from './fixtures';
import { routeInbound } from './inbound';
import type { BotAction, RoutingFileList } from './model';

const file = (name: string): FileOption => ({
  optionId: `0190${name.length}000-0000-7000-8000-00000000000${name.length}`,
  name,
  media: { url: `1/files/${name}.pdf`, name: `${name}.pdf`, mime: 'application/pdf', size: 10 },
});
const catalogue: RoutingFileList = { id: 40, message: 'Segue o catálogo, {{firstName}}', files: [file('Catálogo'), file('Preços')] };
const withFiles = queue(1, 'Vendas', { greetingMessage: 'Bem-vindo a Vendas.', fileListId: 40 });
const kinds = (actions: BotAction[]) =>
  actions.map((action) =>
    action.type === 'reply'
      ? `reply:${action.purpose}`
      : action.type === 'changeTicket'
        ? `change:${action.change.kind}`
        : action.type === 'handOver'
          ? `handOver:${action.reason}`
          : action.type,
  );
const sent = (fileListId: number): BotEvent => ({
  type: 'BotFilesSent',
  data: { ticketId: 7, fileListId, source: 'queue', message: 'x', files: [], at: MORNING.toISOString() },
});

describe('routing: file lists in the conversation', () => {
  it('given a queue with a file list, when the bot places the ticket in it, then the list follows the greeting, before the position and the hand-over', () => {
    const actions = routeInbound(
      botAfter([menuShown('queues')]),
      inbound('1', { queues: [withFiles], fileLists: { 40: catalogue }, settings: { ...inbound('').settings, sendQueuePosition: 'enabled' } }),
    );
    expect(kinds(actions)).toEqual(['change:assignQueue', 'reply:greeting', 'sendFiles', 'reply:queuePosition', 'handOver:queued']);
    // The list's message has its variables filled as the bot's texts do.
    expect(actions[2]).toEqual({ type: 'sendFiles', source: 'queue', list: { ...catalogue, message: 'Segue o catálogo, Maria' } });
  });

  it('given a queue with a file list and a chatbot tree, when the ticket enters it, then the files follow the menu and the bot waits on the menu', () => {
    const tree = { ...withFiles, options: [opt(10, 'Planos')] };
    const actions = routeInbound(botAfter([menuShown('queues')]), inbound('1', { queues: [tree], fileLists: { 40: catalogue } }));
    expect(kinds(actions)).toEqual(['change:assignQueue', 'reply:optionMenu', 'sendFiles', 'showMenu']);
  });

  it('given the list went on this ticket already, when the ticket enters the queue again, then it is not sent twice', () => {
    const actions = routeInbound(botAfter([sent(40), menuShown('queues')]), inbound('1', { queues: [withFiles], fileLists: { 40: catalogue } }));
    expect(kinds(actions)).toEqual(['change:assignQueue', 'reply:greeting', 'handOver:queued']);
  });

  it('given a list deleted (absent from the input) or empty, when the ticket enters the queue, then nothing is sent for it', () => {
    expect(kinds(routeInbound(botAfter([menuShown('queues')]), inbound('1', { queues: [withFiles], fileLists: {} })))).not.toContain('sendFiles');
    const empty = { 40: { id: 40, message: '  ', files: [] } };
    expect(kinds(routeInbound(botAfter([menuShown('queues')]), inbound('1', { queues: [withFiles], fileLists: empty })))).not.toContain('sendFiles');
  });

  it.each([
    { closeTicket: false, after: ['reply:optionMessage', 'sendFiles', 'handOver:option'] },
    { closeTicket: true, after: ['reply:optionMessage', 'sendFiles', 'change:close'] },
  ])(
    'given a `file` option (closeTicket $closeTicket), when the contact picks it, then its message, the list, then the option ends as it says',
    ({ closeTicket, after }) => {
      const desk = queue(2, 'Suporte', { options: [opt(20, 'Preços', { queueType: 'file', optFileId: 40, greetingMessage: 'Enviando', closeTicket })] });
      const actions = routeInbound(botAfter([menuShown('options', 1, { queueId: 2 })]), inbound('1', { queues: [sales, desk], fileLists: { 40: catalogue } }));
      expect(kinds(actions)).toEqual(after);
      expect(actions[1]).toMatchObject({ type: 'sendFiles', source: 'option', list: { id: 40 } });
    },
  );

  it('given the journal, when a `file` option is routed, then BotFilesSent records the message and files as decided, and the state remembers the list', () => {
    const desk = queue(2, 'Suporte', { options: [opt(20, 'Preços', { queueType: 'file', optFileId: 40 })] });
    const now = new Date(MORNING.getTime() + 60_000);
    spec(ticketBot)
      .given([menuShown('options', 1, { queueId: 2 })])
      .when({ type: 'RouteInbound', input: inbound('1', { queues: [sales, desk], fileLists: { 40: catalogue } }) }, now)
      .then([
        {
          type: 'BotFilesSent',
          data: { ticketId: 7, fileListId: 40, source: 'option', message: 'Segue o catálogo, Maria', files: catalogue.files, at: now.toISOString() },
        },
        { type: 'BotHandedOver', data: { ticketId: 7, reason: 'option', at: now.toISOString() } },
      ]);
    expect(botAfter([sent(40)]).filesSent).toEqual([40]);
  });
});
