import { Box, Button, Card, Code, Field, Heading, Input, List, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { errorCodeOf } from '../../app/api';
import { toaster } from '../../app/toaster';
import { isMessageKey, useT, type MessageKey } from '../../i18n';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { apiTestRequest, initialApiTestValues, validateApiTest, type ApiTestField } from './messagesApiForm';

const ENDPOINT = `${window.location.origin}/api/messages/send`;
const textExample = `{\n  "number": "5511999999999",\n  "body": "Olá!",\n  "userId": 1,\n  "queueId": 1,\n  "sendSignature": false\n}`;
const mediaExample = 'number=5511999999999\nbody=Legenda (opcional)\nmedias=@arquivo.pdf';

/** One test form: a text (JSON) or a file (multipart), sent with the token typed, never the user's session. */
function TestForm({ kind }: { kind: 'text' | 'media' }) {
  const t = useT();
  const form = useForm(initialApiTestValues, (values) => validateApiTest(values, kind));
  const { values, errors, set } = form;
  const [sending, setSending] = useState(false);
  const submit = async () => {
    if (hasErrors(form.check())) return;
    setSending(true);
    try {
      const request = apiTestRequest(values, kind);
      const response = await fetch('/api/messages/send', { method: 'POST', headers: request.headers, body: request.body });
      if (!response.ok) {
        const code = errorCodeOf({ data: await response.json().catch(() => undefined) });
        const key = `errors.${code}`;
        toaster.create({ type: 'error', title: t('messagesApi.failed'), description: isMessageKey(key) ? t(key) : undefined, closable: true });
        return;
      }
      toaster.create({ type: 'success', description: t('messagesApi.sent') });
      form.setValues((current) => ({ ...current, body: '', file: null }));
    } finally {
      setSending(false);
    }
  };
  const field = (name: ApiTestField, label: MessageKey, input: React.ReactNode) => (
    <Field.Root required={name !== 'body' || kind === 'text'} invalid={!!errors[name]}>
      <Field.Label>
        {t(label)}
        <Field.RequiredIndicator />
      </Field.Label>
      {input}
      {errors[name] && <Field.ErrorText>{t(errors[name]!)}</Field.ErrorText>}
    </Field.Root>
  );
  const id = (name: string) => `api-${kind}-${name}`;
  return (
    // The form's own checks show the spec's messages: the browser's are turned off (noValidate).
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid={`api-${kind}-form`}
    >
      <Stack gap="3">
        {field('token', 'messagesApi.token', <Input value={values.token} onChange={(e) => set('token', e.target.value)} data-testid={id('token')} />)}
        {field(
          'number',
          'messagesApi.number',
          <Input value={values.number} inputMode="numeric" onChange={(e) => set('number', e.target.value)} data-testid={id('number')} />,
        )}
        {kind === 'text'
          ? field('body', 'messagesApi.message', <Textarea value={values.body} onChange={(e) => set('body', e.target.value)} data-testid={id('body')} />)
          : field('file', 'messagesApi.file', <Input type="file" p="1" onChange={(e) => set('file', e.target.files?.[0] ?? null)} data-testid={id('file')} />)}
        <Button type="submit" loading={sending} alignSelf="flex-end" data-testid={id('send')}>
          {t('messagesApi.send')}
        </Button>
      </Stack>
    </form>
  );
}

function Method({ title, kind, example }: { title: MessageKey; kind: 'text' | 'media'; example: string }) {
  const t = useT();
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading size="md">{t(title)}</Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Stack gap="2" fontSize="sm">
            <Text>
              <b>{t('messagesApi.endpoint')}:</b> <Code>{ENDPOINT}</Code>
            </Text>
            <Text>
              <b>{t('messagesApi.method')}:</b> <Code>POST</Code>
            </Text>
            <Text>
              <b>{t('messagesApi.headers')}:</b> <Code>Authorization: Bearer {'{token}'}</Code>,{' '}
              <Code>{kind === 'text' ? 'Content-Type: application/json' : 'Content-Type: multipart/form-data'}</Code>, <Code>Idempotency-Key</Code>
            </Text>
            <Text fontWeight="bold">{t('messagesApi.body')}:</Text>
            <Box as="pre" p="3" bg="bg.muted" borderRadius="md" fontSize="xs" overflowX="auto">
              {example}
            </Box>
          </Stack>
          <TestForm kind={kind} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/** /messages-api: how another system sends through a connection, with a test form per method (spec 2 §2, §5). */
export default function MessagesApiPage() {
  const t = useT();
  const notes: MessageKey[] = [
    'messagesApi.noteToken',
    'messagesApi.noteNumber',
    'messagesApi.noteUser',
    'messagesApi.noteIdempotency',
    'messagesApi.noteRate',
    'messagesApi.noteErrors',
  ];
  return (
    <Stack gap="6" maxW="6xl" mx="auto" w="full" data-testid="messages-api-page">
      <Heading size="xl">{t('messagesApi.title')}</Heading>
      <Stack gap="2">
        <Heading size="md">{t('messagesApi.notes')}</Heading>
        <List.Root gap="1" ps="5" fontSize="sm">
          {notes.map((note) => (
            <List.Item key={note}>{t(note)}</List.Item>
          ))}
        </List.Root>
      </Stack>
      <Heading size="lg">{t('messagesApi.methods')}</Heading>
      <Method title="messagesApi.textMethod" kind="text" example={textExample} />
      <Method title="messagesApi.mediaMethod" kind="media" example={mediaExample} />
    </Stack>
  );
}
