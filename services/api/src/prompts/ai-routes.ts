import { DomainError, normaliseText, NOTE_MAX_LENGTH, RecordIdParam, type TicketView, AiSuggestion, AiSummaryAnswer } from '@conversa/contracts';
import { addTicketNote, BOT_MARK, ConnectorError, type ChatMessage } from '@conversa/core';
import { conversationTail } from '@conversa/projections/messages/queries';
import { storedPrompt, storedPromptOfQueue, type StoredPrompt } from '@conversa/projections/prompts/queries';
import { canSeeTicket, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });
const auth = { plan: 'useOpenAi' as const };
const errors = ['ERR_NO_TICKET_FOUND', 'ERR_NO_PROMPT_FOR_TICKET', 'ERR_AI_UNAVAILABLE'] as const;
/** How many of the last messages a summary reads (at least the prompt's maxMessages). */
const SUMMARY_MESSAGES = 40;

async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const found = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!found) throw new DomainError('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(viewerOf(request.principal), found)) throw new DomainError('ERR_NO_PERMISSION');
  return found;
}

/** The prompt that serves a ticket: its own, else its queue's (servingPromptId, which the composer follows to offer AI help). */
async function promptFor(ctx: ApiContext, companyId: number, ticket: TicketView): Promise<StoredPrompt> {
  const found =
    (ticket.promptId !== null ? await storedPrompt(ctx.db, companyId, ticket.promptId) : undefined) ??
    (ticket.queueId !== null ? await storedPromptOfQueue(ctx.db, companyId, ticket.queueId) : undefined);
  if (!found) throw new DomainError('ERR_NO_PROMPT_FOR_TICKET');
  return found;
}

async function complete(
  ctx: ApiContext,
  companyId: number,
  ticket: TicketView,
  prompt: StoredPrompt,
  instruction: string,
  count: number,
  maxTokens: number,
): Promise<string> {
  const tail = await conversationTail(ctx.db, companyId, ticket.id, count);
  const history: ChatMessage[] = tail
    .filter((m) => m.body.trim() !== '')
    .map((m) => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body.replaceAll(BOT_MARK, '') }));
  try {
    return await ctx.connectors.ai.complete({
      apiKey: ctx.secrets.open(prompt.apiKey),
      temperature: prompt.temperature,
      maxTokens,
      messages: [{ role: 'system', content: `${prompt.prompt}\n\n${instruction}` }, ...history],
    });
  } catch (error) {
    if (error instanceof ConnectorError) throw new DomainError('ERR_AI_UNAVAILABLE', error.message);
    throw error;
  }
}

/**
 * AI help for attendants (beyond the spec): a draft reply, and a summary kept as a private note, both
 * from the conversation with the ticket's prompt through the same adapter the bot uses. A reading of
 * the service bounded by its timeout: nothing is sent to the contact from here.
 */
export async function aiHelpRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.post(
    '/tickets/:id/ai/suggest',
    {
      config: {
        auth,
        contract: { summary: 'Drafts the next reply from the conversation with the ticket’s prompt', params: IdParam, response: AiSuggestion, errors },
      },
    },
    async (request): Promise<AiSuggestion> => {
      const { id } = request.params;
      const companyId = request.principal.companyId;
      const ticket = await visibleTicket(ctx, request, id);
      const prompt = await promptFor(ctx, companyId, ticket);
      const instruction =
        'Você está ajudando um atendente humano. Escreva apenas a próxima resposta que ele enviará ao cliente, curta e cordial, sem prefixos nem aspas.';
      return { text: await complete(ctx, companyId, ticket, prompt, instruction, prompt.maxMessages, prompt.maxTokens) };
    },
  );

  app.post(
    '/tickets/:id/ai/summary',
    {
      config: {
        auth,
        contract: { summary: 'Summarises the conversation into a private note of the ticket', params: IdParam, response: AiSummaryAnswer, errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const ticket = await visibleTicket(ctx, request, id);
      const prompt = await promptFor(ctx, principal.companyId, ticket);
      const instruction = 'Resuma a conversa para uma anotação interna da equipe: o que o cliente quer, o que já foi feito e o que falta, em poucos tópicos.';
      const text = await complete(
        ctx,
        principal.companyId,
        ticket,
        prompt,
        instruction,
        Math.max(prompt.maxMessages, SUMMARY_MESSAGES),
        Math.max(prompt.maxTokens, 300),
      );
      const note = normaliseText(`Resumo (IA):\n${text}`).slice(0, NOTE_MAX_LENGTH);
      const noteId = await addTicketNote(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        userId: principal.userId,
        ticket,
        contactId: ticket.contactId,
        note,
      });
      return { noteId };
    },
  );
}
