import { Badge, Button, Text } from '@chakra-ui/react';
import { formatBrl, invoiceDisplayStatus, type InvoiceView } from '@conversa/contracts';
import { useState } from 'react';
import { formatDate } from '../../app/dates';
import { useT } from '../../i18n';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useInvoicePageQuery } from './api';
import { useInvoiceFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const CheckoutDialog = lazyOnDemand(() => import('./CheckoutDialog'));

const SEARCH_DEBOUNCE_MS = 500;
const statusColor = { paid: 'green', overdue: 'red', open: 'blue' } as const;
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * The Faturas list: search, infinite scroll, 'Pago' / 'Vencido' (row tinted red) / 'Em Aberto', and PAGAR
 * (the checkout) or PAGO on each row. Live through `invoice` frames.
 */
export function InvoicesList({ headingSize }: { headingSize?: 'lg' | 'xl' }) {
  const t = useT();
  const list = useListPage({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { searchParam, pageNumber } = list;
  const { data, isLoading, isError, isFetching, refetch } = useInvoicePageQuery({ searchParam, pageNumber });
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  useInvoiceFrames();
  const invoices = data?.data ?? [];
  const day = today();

  const columns: Column<InvoiceView>[] = [
    { key: 'id', header: 'invoices.column.id', render: (invoice) => invoice.id },
    { key: 'detail', header: 'invoices.column.detail', render: (invoice) => invoice.detail },
    { key: 'users', header: 'invoices.column.users', render: (invoice) => invoice.users },
    { key: 'connections', header: 'invoices.column.connections', render: (invoice) => invoice.connections },
    { key: 'queues', header: 'invoices.column.queues', render: (invoice) => invoice.queues },
    { key: 'value', header: 'invoices.column.value', render: (invoice) => <Text data-testid={`invoice-value-${invoice.id}`}>{formatBrl(invoice.value)}</Text> },
    { key: 'dueDate', header: 'invoices.column.dueDate', render: (invoice) => formatDate(invoice.dueDate) },
    {
      key: 'status',
      header: 'invoices.column.status',
      render: (invoice) => {
        const status = invoiceDisplayStatus(invoice, day);
        return (
          <Badge colorPalette={statusColor[status]} data-testid={`invoice-status-${invoice.id}`} data-status={status}>
            {t(`invoices.status.${status}`)}
          </Badge>
        );
      },
    },
    {
      key: 'action',
      header: 'invoices.column.action',
      render: (invoice) =>
        invoice.status === 'paid' ? (
          <Button size="sm" variant="outline" disabled data-testid={`invoice-paid-${invoice.id}`}>
            {t('invoices.paid')}
          </Button>
        ) : (
          <Button size="sm" colorPalette="green" onClick={() => setPaying(invoice)} data-testid={`invoice-pay-${invoice.id}`}>
            {t('invoices.pay')}
          </Button>
        ),
    },
  ];

  return (
    <ListFrame
      testId="invoices-page"
      title="invoices.title"
      headingSize={headingSize}
      maxW="6xl"
      search={{ ...list.search, placeholder: 'invoices.search', testId: 'invoices-search' }}
      query={{ isLoading, isError: isError && invoices.length === 0, refetch }}
      loadFailed="invoices.loadFailed"
      dialogs={paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    >
      <DataTable
        rows={invoices}
        columns={columns}
        testId="invoices-table"
        rowTestId={(invoice) => `invoice-row-${invoice.id}`}
        rowProps={(invoice) => (invoiceDisplayStatus(invoice, day) === 'overdue' ? { bg: 'red.subtle', 'data-overdue': 'true' } : {})}
        empty={{ text: 'invoices.empty', testId: 'invoices-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 14rem)', testId: 'invoices-scroll' }}
      />
    </ListFrame>
  );
}

export default function InvoicesPage() {
  return <InvoicesList />;
}
