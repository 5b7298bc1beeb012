import { Box, Button, Card, Center, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCalendarCheck, LuCalendarX, LuHouse, LuLogOut } from 'react-icons/lu';
import { Link } from 'react-router';
import { daysUntil, formatDate } from '../../app/dates';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { mayOpen } from '@conversa/contracts/session/roles';
import { useLogout } from '../session/hooks';
import { InvoicesList } from './InvoicesList';

/**
 * Where an expired subscription lands: where the subscription stands and, for an administrator, the
 * invoices with their Pix checkout (the way back in); other users are told whom to contact.
 */
export default function OverduePage() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const logout = useLogout();
  const { dueDate, name } = user.company;
  const expired = daysUntil(dueDate, new Date()) < 0;
  const values = { company: name, date: formatDate(dueDate) };
  const admin = mayOpen(user, 'financial');
  return (
    <Center minH="100vh" p="4" bg="bg.subtle" flexDirection="column" gap="6">
      <Card.Root maxW="lg" w="full" shadow="lg" data-testid="overdue-page" data-expired={expired}>
        <Card.Body>
          <Stack gap="5" align="center" textAlign="center">
            <Center boxSize="16" borderRadius="full" bg={expired ? 'red.subtle' : 'green.subtle'}>
              <Icon boxSize="8" color={expired ? 'red.fg' : 'green.fg'}>
                {expired ? <LuCalendarX /> : <LuCalendarCheck />}
              </Icon>
            </Center>
            <Card.Title textStyle="2xl">{t('overdue.title')}</Card.Title>
            <Text textStyle="lg">{expired ? t('overdue.message', values) : t('overdue.active', values)}</Text>
            <Text color="fg.muted">{admin && expired ? t('overdue.payBelow') : t('overdue.contact')}</Text>
            <HStack gap="3" wrap="wrap" justify="center">
              {!expired && (
                <Button asChild variant="outline">
                  <Link to="/">
                    <LuHouse />
                    {t('overdue.home')}
                  </Link>
                </Button>
              )}
              <Button onClick={() => void logout()} data-testid="overdue-logout">
                <LuLogOut />
                {t('shell.logout')}
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {admin && (
        <Box w="full" maxW="6xl" bg="bg" p="4" borderRadius="lg" shadow="sm">
          <InvoicesList headingSize="lg" />
        </Box>
      )}
    </Center>
  );
}
