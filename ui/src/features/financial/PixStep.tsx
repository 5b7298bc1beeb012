import { Box, Button, Code, Stack, Text } from '@chakra-ui/react';
import { formatBrl, type PaymentFrame, type SubscriptionResponse } from '@conversa/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { formatDate } from '../../app/dates';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { userUpdated } from '../../app/sessionSlice';
import { usePaymentConcluded } from './socket';

/** 'Copiado' shows this long after a copy. */
export const COPIED_MS = 1000;
/** After the payment is confirmed, the user goes to /tickets this much later. */
export const REDIRECT_AFTER_PAYMENT_MS = 5000;

/**
 * The Pix step: the QR code of the charge, its copy-and-paste code with a copy button, the amount; when the
 * provider confirms (the `payment` frame, CONCLUIDA), the renewal message, then /tickets after 5 s.
 */
export function PixStep({ pix }: { pix: SubscriptionResponse }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const company = useAppSelector((state) => state.session.user?.company);
  const [copied, setCopied] = useState(false);
  const [confirmed, setConfirmed] = useState<PaymentFrame | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  usePaymentConcluded((frame) => {
    if (frame.invoiceId !== pix.invoiceId || confirmed) return;
    setConfirmed(frame);
    const message = t('checkout.pix.confirmed', { date: formatDate(frame.dueDate) });
    toaster.create({ type: 'success', description: message, duration: REDIRECT_AFTER_PAYMENT_MS });
    // The session's company is paid through the new date: the shell's due-date warnings and the login check read it.
    if (company) dispatch(userUpdated({ company: { ...company, dueDate: frame.dueDate } }));
    timers.current.push(window.setTimeout(() => navigate('/tickets'), REDIRECT_AFTER_PAYMENT_MS));
  });

  const copy = async () => {
    await navigator.clipboard.writeText(pix.qrcode.qrcode);
    setCopied(true);
    timers.current.push(window.setTimeout(() => setCopied(false), COPIED_MS));
  };

  return (
    <Stack align="center" gap="4" data-testid="checkout-pix" data-payment-id={pix.paymentId}>
      <Text color="fg.muted" textAlign="center">
        {t('checkout.pix.instructions')}
      </Text>
      <Box bg="white" p="4" borderRadius="md" data-testid="checkout-qrcode" data-qrcode={pix.qrcode.qrcode}>
        <QRCodeSVG value={pix.qrcode.qrcode} size={220} />
      </Box>
      <Text textStyle="xl" fontWeight="bold" data-testid="checkout-pix-amount">
        {t('checkout.pix.amount', { value: formatBrl(Number(pix.valor.original)) })}
      </Text>
      <Code maxW="full" p="2" wordBreak="break-all" whiteSpace="pre-wrap" fontSize="xs" data-testid="checkout-pix-code">
        {pix.qrcode.qrcode}
      </Code>
      <Button onClick={() => void copy()} colorPalette={copied ? 'green' : undefined} data-testid="checkout-copy" data-copied={copied}>
        {copied ? <LuCheck /> : <LuCopy />}
        {t(copied ? 'checkout.pix.copied' : 'checkout.pix.copy')}
      </Button>
      <Text
        color={confirmed ? 'green.fg' : 'fg.muted'}
        fontWeight={confirmed ? 'bold' : undefined}
        data-testid="checkout-pix-status"
        data-confirmed={Boolean(confirmed)}
      >
        {confirmed ? t('checkout.pix.confirmed', { date: formatDate(confirmed.dueDate) }) : t('checkout.pix.waiting')}
      </Text>
    </Stack>
  );
}
