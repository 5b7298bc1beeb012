import { Badge, Box, Button, Flex, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LuFlaskConical, LuSend } from 'react-icons/lu';
import { useParams } from 'react-router';
import { RecordMissing } from '../../shared/RecordMissing';
import { useT } from '../../i18n';
import { useConnectionQuery } from './api';

/** How often the phone looks for replies (the outbox is the sandbox channel's side, not a socket frame). */
export const SANDBOX_POLL_MS = 1500;

interface Bubble {
  id: string;
  fromContact: boolean;
  body: string;
  mediaUrl: string | null;
  at: string;
}

/** The sandbox's own API, authenticated by the connection token (not the user's session). */
async function sandboxCall(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${window.location.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(body?.message ?? `HTTP ${response.status}`), { code: body?.error });
  return body;
}

/**
 * /sandbox/:connectionId: plays the contact's phone on a sandbox connection. What is typed here
 * arrives in Conversa exactly as a WhatsApp message would (POST /sandbox/{id}/messages); what the
 * attendants answer shows up from the outbox (GET /sandbox/{id}/outbox), polled every 1.5 s.
 */
export default function SandboxPhonePage() {
  const t = useT();
  const connectionId = Number(useParams().connectionId);
  const { data: connection, isLoading, error: readError, refetch } = useConnectionQuery(connectionId, { skip: !Number.isInteger(connectionId) });
  const [from, setFrom] = useState(() => `55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`);
  const [name, setName] = useState(() => t('connections.sandbox.defaultName'));
  const [draft, setDraft] = useState('');
  const [sent, setSent] = useState<Bubble[]>([]);
  const [received, setReceived] = useState<Bubble[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const token = connection?.token;

  const poll = useCallback(async () => {
    if (!token || !/^\d{8,20}$/.test(from)) return;
    try {
      const { messages } = await sandboxCall(`/sandbox/${connectionId}/outbox?to=${from}`, token);
      setReceived(
        (messages as Array<{ id: string; body: string; mediaUrl: string | null; createdAt: string }>).map((m) => ({
          id: m.id,
          fromContact: false,
          body: m.body,
          mediaUrl: m.mediaUrl,
          at: m.createdAt,
        })),
      );
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, [connectionId, from, token]);

  useEffect(() => {
    void poll();
    const timer = setInterval(() => void poll(), SANDBOX_POLL_MS);
    return () => clearInterval(timer);
  }, [poll]);

  const conversation = useMemo(() => [...sent, ...received].sort((a, b) => a.at.localeCompare(b.at)), [sent, received]);
  useEffect(() => {
    // A block, not an expression: browsers whose scrollIntoView returns a promise would hand React a non-function cleanup.
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [conversation.length]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body || !token) return;
    setSending(true);
    setError(null);
    try {
      const answer = await sandboxCall(`/sandbox/${connectionId}/messages`, token, { method: 'POST', body: JSON.stringify({ from, name, body }) });
      setSent((current) => [...current, { id: answer.id, fromContact: true, body, mediaUrl: null, at: new Date().toISOString() }]);
      setDraft('');
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setSending(false);
    }
  };

  if (isLoading) {
    return (
      <HStack justify="center" py="20">
        <Spinner />
      </HStack>
    );
  }
  if (!connection || connection.channel !== 'sandbox') {
    // A connection on another channel has no sandbox phone: not found, as a wrong id.
    return (
      <RecordMissing
        error={connection ? undefined : readError}
        back={{ to: '/connections', label: 'connections.sandbox.back' }}
        onRetry={() => void refetch()}
        testId="sandbox-phone-missing"
      />
    );
  }
  if (!token) {
    return (
      <Text p="8" data-testid="sandbox-phone-admin-only">
        {t('connections.sandbox.adminOnly')}
      </Text>
    );
  }

  return (
    <Flex justify="center" py="6" px="3" minH="100vh" bg="bg.muted">
      <Stack w="full" maxW="md" gap="3" data-testid="sandbox-phone">
        <HStack justify="space-between">
          <Heading size="md">{connection.name}</Heading>
          <Badge colorPalette="purple">
            <LuFlaskConical /> {t('connections.testChannel')}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('connections.sandbox.phoneIntro')}
        </Text>
        <HStack>
          <Input
            value={from}
            onChange={(event) => setFrom(event.target.value.replace(/\D/g, ''))}
            aria-label={t('connections.sandbox.from')}
            placeholder={t('connections.sandbox.from')}
            data-testid="sandbox-from"
          />
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-label={t('connections.sandbox.name')}
            placeholder={t('connections.sandbox.name')}
            data-testid="sandbox-name"
          />
        </HStack>
        <Stack gap="2" bg="bg" borderRadius="lg" borderWidth="1px" p="3" minH="24rem" maxH="60vh" overflowY="auto" data-testid="sandbox-conversation">
          {conversation.length === 0 && (
            <Text color="fg.muted" fontSize="sm" textAlign="center" py="10">
              {t('connections.sandbox.empty')}
            </Text>
          )}
          {conversation.map((bubble) => (
            <Box
              key={`${bubble.fromContact ? 'sent' : 'received'}-${bubble.id}`}
              alignSelf={bubble.fromContact ? 'flex-end' : 'flex-start'}
              bg={bubble.fromContact ? 'green.subtle' : 'bg.emphasized'}
              borderRadius="lg"
              px="3"
              py="2"
              maxW="80%"
              data-testid={bubble.fromContact ? 'sandbox-sent' : 'sandbox-received'}
            >
              {bubble.body && <Text whiteSpace="pre-wrap">{bubble.body}</Text>}
              {bubble.mediaUrl && (
                <Text fontSize="xs">
                  <a href={bubble.mediaUrl} target="_blank" rel="noreferrer">
                    {t('connections.sandbox.attachment')}
                  </a>
                </Text>
              )}
              <Text fontSize="2xs" color="fg.muted" textAlign="end">
                {new Date(bubble.at).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}
              </Text>
            </Box>
          ))}
          <div ref={bottom} />
        </Stack>
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="sandbox-error">
            {error}
          </Text>
        )}
        <form onSubmit={send}>
          <HStack>
            <Input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('connections.sandbox.placeholder')}
              data-testid="sandbox-input"
            />
            <Button type="submit" loading={sending} disabled={draft.trim() === ''} aria-label={t('connections.sandbox.send')} data-testid="sandbox-send">
              <LuSend />
            </Button>
          </HStack>
        </form>
      </Stack>
    </Flex>
  );
}
