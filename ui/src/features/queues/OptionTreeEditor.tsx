import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { ChatbotQueueType, chatbotTargetField } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import type { NamedRecord } from './api';
import { addOption, optionNumber, optionsMissingMessage, removeOption, updateOption, type OptionChanges, type OptionNode } from './optionTree';

type TargetField = 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId';

export interface TargetChoices {
  optQueueId: NamedRecord[];
  optUserId: NamedRecord[];
  optIntegrationId: NamedRecord[];
  optFileId: NamedRecord[];
}

const targetLabels: Record<TargetField, MessageKey> = {
  optQueueId: 'queues.chatbot.target.optQueueId',
  optUserId: 'queues.chatbot.target.optUserId',
  optIntegrationId: 'queues.chatbot.target.optIntegrationId',
  optFileId: 'queues.chatbot.target.optFileId',
};

/** The targets an option of this type shows: its own, and for an attendant also the queue they take it in. */
const targetsOf = (queueType: ChatbotQueueType): TargetField[] => {
  const own = chatbotTargetField[queueType];
  if (own === null) return [];
  return queueType === 'attendent' ? ['optUserId', 'optQueueId'] : [own];
};

interface EditorProps {
  tree: OptionNode[];
  onChange: (tree: OptionNode[]) => void;
  /** Option key → field → message. */
  errors: Record<string, Record<string, MessageKey>>;
  choices: TargetChoices;
}

/** The chatbot option tree of a queue: options with nested options, each with its type and target. */
export function OptionTreeEditor({ tree, onChange, errors, choices }: EditorProps) {
  const t = useT();
  const withoutMessage = optionsMissingMessage(tree);
  const add = (parentKey: string | null) => onChange(addOption(tree, parentKey).tree);

  return (
    <Stack gap="3" data-testid="option-tree">
      <Text color="fg.muted" fontSize="sm">
        {t('queues.chatbot.hint')}
      </Text>
      {tree.length === 0 && (
        <Text color="fg.muted" data-testid="option-tree-empty">
          {t('queues.chatbot.empty')}
        </Text>
      )}
      {tree.map((node, index) => (
        <OptionCard
          key={node.key}
          node={node}
          path={[index]}
          errors={errors}
          withoutMessage={withoutMessage}
          choices={choices}
          onChange={(key, changes) => onChange(updateOption(tree, key, changes))}
          onAdd={add}
          onRemove={(key) => onChange(removeOption(tree, key))}
        />
      ))}
      <Button alignSelf="start" variant="outline" size="sm" onClick={() => add(null)} data-testid="option-add-root">
        <LuPlus /> {t('queues.chatbot.add')}
      </Button>
    </Stack>
  );
}

interface CardProps {
  node: OptionNode;
  path: number[];
  errors: EditorProps['errors'];
  withoutMessage: Set<string>;
  choices: TargetChoices;
  onChange: (key: string, changes: OptionChanges) => void;
  onAdd: (parentKey: string) => void;
  onRemove: (key: string) => void;
}

function OptionCard({ node, path, errors, withoutMessage, choices, onChange, onAdd, onRemove }: CardProps) {
  const t = useT();
  const number = optionNumber(path);
  const testId = `option-${number}`;
  const nodeErrors = errors[node.key] ?? {};

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" borderLeftWidth="4px" borderLeftColor="colorPalette.solid" colorPalette="blue" data-testid={testId}>
      <Stack gap="3">
        <HStack align="start" gap="3">
          <Text fontWeight="bold" pt="2" minW="2.5rem" data-testid={`${testId}-number`}>
            {number}
          </Text>
          <Field.Root invalid={!!nodeErrors.name} flex="2">
            <Input
              value={node.name}
              placeholder={t('queues.chatbot.name')}
              aria-label={t('queues.chatbot.name')}
              onChange={(event) => onChange(node.key, { name: event.target.value })}
              data-testid={`${testId}-name`}
            />
            {nodeErrors.name && <Field.ErrorText data-testid={`${testId}-name-error`}>{t(nodeErrors.name)}</Field.ErrorText>}
          </Field.Root>
          <NativeSelect.Root flex="1">
            <NativeSelect.Field
              value={node.queueType}
              aria-label={t('queues.chatbot.type')}
              onChange={(event) => onChange(node.key, { queueType: event.target.value as ChatbotQueueType })}
              data-testid={`${testId}-type`}
            >
              {ChatbotQueueType.options.map((type) => (
                <option key={type} value={type}>
                  {t(`queues.chatbot.type.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={t('queues.chatbot.remove')}
            title={t('queues.chatbot.remove')}
            onClick={() => onRemove(node.key)}
            data-testid={`${testId}-remove`}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>

        {targetsOf(node.queueType).map((field) => (
          <Field.Root key={field} invalid={!!nodeErrors[field]} required={field !== 'optQueueId' || node.queueType === 'queue'}>
            <Field.Label>{t(targetLabels[field])}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={node[field] ?? ''}
                onChange={(event) => onChange(node.key, { [field]: event.target.value === '' ? null : Number(event.target.value) })}
                data-testid={`${testId}-${field}`}
              >
                <option value="">{field === 'optQueueId' && node.queueType === 'attendent' ? t('queues.chatbot.thisQueue') : t('queues.field.choose')}</option>
                {withCurrent(choices[field], node[field]).map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {nodeErrors[field] && <Field.ErrorText>{t(nodeErrors[field])}</Field.ErrorText>}
          </Field.Root>
        ))}

        <Field.Root>
          <Field.Label>{t('queues.chatbot.message')}</Field.Label>
          <Textarea
            rows={2}
            value={node.greetingMessage}
            onChange={(event) => onChange(node.key, { greetingMessage: event.target.value })}
            data-testid={`${testId}-message`}
          />
          {withoutMessage.has(node.key) && (
            <Field.HelperText color="fg.warning" data-testid={`${testId}-message-needed`}>
              {t('queues.chatbot.messageNeeded')}
            </Field.HelperText>
          )}
        </Field.Root>

        <HStack justify="space-between">
          <Switch.Root
            checked={node.closeTicket}
            onCheckedChange={(details) => onChange(node.key, { closeTicket: details.checked })}
            data-testid={`${testId}-close-ticket`}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('queues.chatbot.closeTicket')}</Switch.Label>
          </Switch.Root>
          <Button variant="ghost" size="sm" onClick={() => onAdd(node.key)} data-testid={`${testId}-add`}>
            <LuPlus /> {t('queues.chatbot.addNested')}
          </Button>
        </HStack>

        {node.options.length > 0 && (
          <Stack gap="3" pl="4">
            {node.options.map((child, index) => (
              <OptionCard
                key={child.key}
                node={child}
                path={[...path, index]}
                errors={errors}
                withoutMessage={withoutMessage}
                choices={choices}
                onChange={onChange}
                onAdd={onAdd}
                onRemove={onRemove}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The choices plus the recorded one when the list does not hold it (its screen is not available), so a save keeps it. */
export function withCurrent(choices: readonly NamedRecord[], current: number | null): NamedRecord[] {
  if (current === null || choices.some((choice) => choice.id === current)) return [...choices];
  return [...choices, { id: current, name: `#${current}` }];
}
