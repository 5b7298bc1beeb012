import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatBrl, type InvoiceView, type SubscriptionResponse } from '@conversa/contracts';
import { useState } from 'react';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { useSubscribeMutation } from './api';
import { CHECKOUT_STEPS, checkoutTotal, initialCheckoutValues, toSubscriptionRequest, validateCheckout, type CheckoutValues } from './checkoutForm';
import { PlanChoice } from './PlanChoice';
import { PixStep } from './PixStep';
import { errorCodeOf, errorMessageOf } from '../../app/api';

const textFields: Array<{
  field: keyof Pick<CheckoutValues, 'firstName' | 'lastName' | 'zipcode' | 'city' | 'state' | 'country'>;
  label: MessageKey;
  required?: boolean;
}> = [
  { field: 'firstName', label: 'checkout.firstName', required: true },
  { field: 'lastName', label: 'checkout.lastName' },
  { field: 'zipcode', label: 'checkout.zipcode', required: true },
  { field: 'city', label: 'checkout.city' },
  { field: 'state', label: 'checkout.state' },
  { field: 'country', label: 'checkout.country' },
];

/**
 * The checkout of one invoice: Dados (payer), Personalizar (the company's plan or the custom plan),
 * Revisar, then the Pix step with the QR code once POST /subscription answers.
 */
export default function CheckoutDialog({ invoice, onClose }: { invoice: InvoiceView; onClose(): void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const [pix, setPix] = useState<SubscriptionResponse | null>(null);
  const form = useForm(initialCheckoutValues, validateCheckout);
  const { values, errors, set } = form;
  const [subscribe, subscribing] = useSubscribeMutation();

  const next = () => {
    if (step === 0 && hasErrors(form.check())) return;
    setStep(step + 1);
  };
  const submit = async () => {
    try {
      const answer = await subscribe(toSubscriptionRequest(values, invoice)).unwrap();
      setPix(answer);
      toaster.create({ type: 'success', description: t('checkout.subscribed') });
    } catch (error) {
      const code = errorCodeOf(error);
      toaster.create({
        type: 'error',
        title: t('checkout.failed'),
        description: code === 'ERR_PAYMENT_PROVIDER_UNAVAILABLE' ? errorMessageOf(error) : undefined,
        closable: true,
      });
    }
  };

  const stepTitles: MessageKey[] = ['checkout.step.data', 'checkout.step.customize', 'checkout.step.review', 'checkout.step.pix'];
  const current = pix ? 3 : step;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="checkout-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('checkout.title', { id: invoice.id })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <HStack gap="2" wrap="wrap" data-testid="checkout-steps" data-step={current}>
                  {stepTitles.map((title, index) => (
                    <Text
                      key={title}
                      px="3"
                      py="1"
                      borderRadius="full"
                      fontSize="sm"
                      bg={index === current ? 'colorPalette.solid' : 'bg.muted'}
                      color={index === current ? 'colorPalette.contrast' : 'fg.muted'}
                      colorPalette="green"
                    >
                      {index + 1}. {t(title)}
                    </Text>
                  ))}
                </HStack>
                {pix ? (
                  <PixStep pix={pix} />
                ) : CHECKOUT_STEPS[step] === 'data' ? (
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    {textFields.map(({ field, label, required }) => (
                      <Field.Root key={field} required={required} invalid={!!errors[field as 'firstName' | 'zipcode']}>
                        <Field.Label>
                          {t(label)}
                          {required && <Field.RequiredIndicator />}
                        </Field.Label>
                        <Input value={values[field]} onChange={(event) => set(field, event.target.value)} data-testid={`checkout-${field}`} />
                        {errors[field as 'firstName' | 'zipcode'] && <Field.ErrorText>{t(errors[field as 'firstName' | 'zipcode']!)}</Field.ErrorText>}
                      </Field.Root>
                    ))}
                  </SimpleGrid>
                ) : CHECKOUT_STEPS[step] === 'customize' ? (
                  <PlanChoice invoice={invoice} values={values} onChange={(change) => form.setValues((v) => ({ ...v, ...change }))} />
                ) : (
                  <Stack gap="2" data-testid="checkout-review">
                    <Text>
                      <b>{t('checkout.review.payer')}:</b> {[values.firstName, values.lastName].join(' ').trim()} — {values.zipcode}
                    </Text>
                    <Text>
                      <b>{t('checkout.review.plan')}:</b>{' '}
                      {values.choice === 'custom'
                        ? `${t('checkout.custom')} (${t('checkout.planUsers', { count: values.users })}, ${t('checkout.planConnections', { count: values.connections })})`
                        : invoice.detail}
                    </Text>
                    <Text textStyle="xl" data-testid="checkout-total">
                      <b>{t('checkout.review.total')}:</b> {formatBrl(checkoutTotal(values, invoice))}
                      {t('checkout.perMonth')}
                    </Text>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            {!pix && (
              <Dialog.Footer>
                <Button variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)} data-testid="checkout-back">
                  {t('checkout.back')}
                </Button>
                {step < CHECKOUT_STEPS.length - 1 ? (
                  <Button onClick={next} data-testid="checkout-next">
                    {t('checkout.next')}
                  </Button>
                ) : (
                  <Button colorPalette="green" loading={subscribing.isLoading} onClick={() => void submit()} data-testid="checkout-submit">
                    {t('checkout.submit')}
                  </Button>
                )}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} data-testid="checkout-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
