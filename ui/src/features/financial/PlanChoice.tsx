import { Button, Card, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { customPlanPrice, formatBrl, type InvoiceView } from '@conversa/contracts';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { stepCount, type CheckoutValues } from './checkoutForm';

/**
 * The Personalizar step: the company's plan at the invoice's value, or the custom plan from 3 users and 3
 * connections for R$ 49,00, each user more R$ 11,00 and each connection more R$ 20,00 (spec 2 §9).
 */
export function PlanChoice({ invoice, values, onChange }: { invoice: InvoiceView; values: CheckoutValues; onChange(change: Partial<CheckoutValues>): void }) {
  const t = useT();
  const counter = (kind: 'users' | 'connections', label: MessageKey) => (
    <HStack justify="space-between">
      <Text>{t(label)}</Text>
      <HStack>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('checkout.less')}
          onClick={() => onChange({ [kind]: stepCount(values[kind], -1, kind), choice: 'custom' })}
          data-testid={`checkout-${kind}-less`}
        >
          <LuMinus />
        </IconButton>
        <Text minW="8" textAlign="center" data-testid={`checkout-${kind}`}>
          {values[kind]}
        </Text>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('checkout.more')}
          onClick={() => onChange({ [kind]: stepCount(values[kind], 1, kind), choice: 'custom' })}
          data-testid={`checkout-${kind}-more`}
        >
          <LuPlus />
        </IconButton>
      </HStack>
    </HStack>
  );
  const card = (choice: CheckoutValues['choice'], title: string, price: number, body: React.ReactNode) => (
    <Card.Root
      variant={values.choice === choice ? 'elevated' : 'outline'}
      borderColor={values.choice === choice ? 'green.solid' : undefined}
      data-testid={`checkout-plan-${choice}`}
      data-selected={values.choice === choice}
    >
      <Card.Header>
        <Card.Title textAlign="center">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text textStyle="3xl" fontWeight="bold" textAlign="center" data-testid={`checkout-price-${choice}`}>
            {formatBrl(price)}
            <Text as="span" textStyle="md" color="fg.muted">
              {t('checkout.perMonth')}
            </Text>
          </Text>
          {body}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button
          w="full"
          variant={values.choice === choice ? 'solid' : 'outline'}
          onClick={() => onChange({ choice })}
          data-testid={`checkout-select-${choice}`}
        >
          {t(values.choice === choice ? 'checkout.selected' : 'checkout.select')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {card(
        'plan',
        invoice.detail,
        invoice.value,
        <Stack gap="1" align="center">
          <Text>{t('checkout.planUsers', { count: invoice.users })}</Text>
          <Text>{t('checkout.planConnections', { count: invoice.connections })}</Text>
          <Text>{t('checkout.planQueues', { count: invoice.queues })}</Text>
        </Stack>,
      )}
      {card(
        'custom',
        t('checkout.custom'),
        customPlanPrice(values.users, values.connections),
        <Stack gap="2">
          {counter('users', 'checkout.users')}
          {counter('connections', 'checkout.connections')}
        </Stack>,
      )}
    </SimpleGrid>
  );
}
