import { Box, Card, Center, Flex, Heading, HStack, IconButton, Link, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LuLanguages, LuMessagesSquare } from 'react-icons/lu';
import type { Language } from '@conversa/contracts';
import { useAppSelector } from '../../app/store';
import { ThemeToggle } from '../../app/theme';
import { languages, useT, type MessageKey } from '../../i18n';
import { useChangeLanguage } from './hooks';

/** Language choice before login: applied locally; it becomes the user's saved language only once signed in. */
function PublicLanguageSwitch() {
  const t = useT();
  const language = useAppSelector((state) => state.session.language);
  const changeLanguage = useChangeLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" aria-label={t('language.label')} title={t('language.label')} data-testid="language-switch">
          <LuLanguages />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={language} onValueChange={(details) => void changeLanguage(details.value as Language)}>
              {languages.map((code) => (
                <Menu.RadioItem key={code} value={code} data-testid={`language-option-${code}`}>
                  {t(`language.${code}`)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The frame of the public screens (login, signup): brand, language and theme switches, one centred card. */
export function PublicFrame({ title, subtitle, width = 'md', children }: { title: string; subtitle: string; width?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Flex direction="column" minH="100vh" bgGradient="to-br" gradientFrom="colorPalette.subtle" gradientTo="bg.subtle">
      <HStack justify="space-between" px={{ base: '4', md: '8' }} py="4">
        <HStack gap="2" color="colorPalette.fg">
          <LuMessagesSquare size="28" />
          <Box>
            <Heading size="md" color="fg">
              {t('app.name')}
            </Heading>
            <Text textStyle="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
              {t('app.tagline')}
            </Text>
          </Box>
        </HStack>
        <HStack gap="1">
          <PublicLanguageSwitch />
          <ThemeToggle />
        </HStack>
      </HStack>
      <Center flex="1" px="4" pb="12">
        <Card.Root w="full" maxW={width} shadow="lg">
          <Card.Header>
            <Heading size="2xl">{title}</Heading>
            <Text color="fg.muted">{subtitle}</Text>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Center>
    </Flex>
  );
}

/** The line under a public form that leads to another public screen: a question, if any, then the link. */
export function PublicLink({ lead, to, label, testId }: { lead?: MessageKey; to: string; label: MessageKey; testId: string }) {
  const t = useT();
  return (
    <Text textAlign="center" color="fg.muted">
      {lead && `${t(lead)} `}
      <Link asChild color="colorPalette.fg" fontWeight="semibold">
        <RouterLink to={to} data-testid={testId}>
          {t(label)}
        </RouterLink>
      </Link>
    </Text>
  );
}
