import { Box, Button, Card, Center, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCalendarCheck, LuCalendarClock, LuCalendarX, LuHouse, LuLogOut } from 'react-icons/lu';
import { Link } from 'react-router';
import { SUBSCRIPTION_WARNING_DAYS } from '../../app/constants';
import { formatDate, subscriptionState } from '../../app/dates';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { mayOpen } from '@conversa/contracts/session/roles';
import { useLogout } from '../session/hooks';
import { InvoicesList } from './InvoicesList';

/** The subscription's state as this screen shows it: one title, text, colour and icon each. */
const look = {
  expired: { title: 'overdue.title', message: 'overdue.message', colour: 'red', icon: LuCalendarX },
  expiring: { title: 'overdue.titleExpiring', message: 'overdue.expiring', colour: 'orange', icon: LuCalendarClock },
  active: { title: 'overdue.titleActive', message: 'overdue.active', colour: 'green', icon: LuCalendarCheck },
} as const;

/**
 * Where an expired subscription lands: where the subscription stands and, for an administrator, the
 * invoices with their Pix checkout (the way back in); other users are told whom to contact. Its title, text and
 * colour follow one state (expired, expiring within the warning days, active), so they never disagree.
 */
export default function OverduePage() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const logout = useLogout();
  const { dueDate, name } = user.company;
  const state = subscriptionState(dueDate, new Date(), SUBSCRIPTION_WARNING_DAYS).kind;
  const expired = state === 'expired';
  const values = { company: name, date: formatDate(dueDate) };
  const admin = mayOpen(user, 'financial');
  const { title, message, colour, icon: StateIcon } = look[state];
  // What to do: pay (an admin, when it is or soon will be due), ask (anyone else then), nothing (active).
  const hint = state === 'active' ? null : admin ? (expired ? 'overdue.payBelow' : 'overdue.payBefore') : 'overdue.contact';
  return (
    <Center minH="100vh" p="4" bg="bg.subtle" flexDirection="column" gap="6">
      <Card.Root maxW="lg" w="full" shadow="lg" data-testid="overdue-page" data-expired={expired} data-state={state}>
        <Card.Body>
          <Stack gap="5" align="center" textAlign="center">
            <Center boxSize="16" borderRadius="full" bg={`${colour}.subtle`}>
              <Icon boxSize="8" color={`${colour}.fg`}>
                <StateIcon />
              </Icon>
            </Center>
            <Card.Title textStyle="2xl" data-testid="overdue-title">
              {t(title)}
            </Card.Title>
            <Text textStyle="lg" data-testid="overdue-message">
              {t(message, values)}
            </Text>
            {hint && <Text color="fg.muted">{t(hint)}</Text>}
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
