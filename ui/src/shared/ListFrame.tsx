import { Button, Flex, Heading, HStack, Input, InputGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPlus, LuSearch } from 'react-icons/lu';
import { useT, type MessageKey } from '../i18n';

/** What the frame needs of an RTK Query result. */
export interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  refetch(): unknown;
}

/**
 * The frame of a list screen: the heading (with what stands beside it), the optional search input, the add
 * button and further actions; then a notice, and the spinner, the failure with a retry, or the list (`children`).
 */
export function ListFrame(props: {
  testId: string;
  title: MessageKey;
  /** 'lg' inside a tab (the super user's settings), 'xl' for a screen of its own. */
  headingSize?: 'lg' | 'xl';
  maxW?: string;
  /** Takes the page's height, for a list that scrolls inside it. */
  fill?: boolean;
  beside?: ReactNode;
  search?: { value: string; onChange(value: string): void; placeholder: MessageKey; testId: string };
  /** Left out when the user may not add. */
  add?: { label: MessageKey; onClick(): void; testId: string };
  actions?: ReactNode;
  notice?: ReactNode;
  query: ListQuery;
  loadFailed: MessageKey;
  loadFailedTestId?: string;
  children: ReactNode;
  /** Dialogs of the screen, after the list. */
  dialogs?: ReactNode;
}) {
  const t = useT();
  const { query, search, add } = props;
  return (
    <Stack
      gap="4"
      maxW={props.maxW}
      w={props.maxW ? 'full' : undefined}
      mx={props.maxW ? 'auto' : undefined}
      h={props.fill ? 'full' : undefined}
      data-testid={props.testId}
    >
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3" align="baseline">
          <Heading size={props.headingSize ?? 'xl'}>{t(props.title)}</Heading>
          {props.beside}
        </HStack>
        <HStack gap="3">
          {search && (
            <InputGroup startElement={<LuSearch />} maxW="xs">
              <Input
                value={search.value}
                placeholder={t(search.placeholder)}
                aria-label={t(search.placeholder)}
                onChange={(event) => search.onChange(event.target.value)}
                data-testid={search.testId}
              />
            </InputGroup>
          )}
          {props.actions}
          {add && (
            <Button onClick={add.onClick} data-testid={add.testId}>
              <LuPlus /> {t(add.label)}
            </Button>
          )}
        </HStack>
      </Flex>
      {props.notice}
      {query.isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : query.isError ? (
        <HStack>
          <Text color="fg.error" data-testid={props.loadFailedTestId}>
            {t(props.loadFailed)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : (
        props.children
      )}
      {props.dialogs}
    </Stack>
  );
}
