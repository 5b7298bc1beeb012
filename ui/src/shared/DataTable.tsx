import { Box, IconButton, Skeleton, Table, Text, type TableCellProps, type TableRowProps } from '@chakra-ui/react';
import type { ReactNode, UIEvent } from 'react';
import { useT, type MessageKey } from '../i18n';

/** The next page loads when the list is scrolled to within this distance of its bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

type DataAttributes = { [attribute: `data-${string}`]: string | number | boolean | undefined };

export interface Column<Row> {
  key: string;
  header: MessageKey;
  render(row: Row): ReactNode;
  align?: 'end';
  /** Props of the row's cell: test ids, truncation. */
  cell?(row: Row): TableCellProps & DataAttributes;
  /** Left out of the table (a column some users do not see). */
  hidden?: boolean;
}

export interface RowAction<Row> {
  key: string;
  label: MessageKey;
  icon: ReactNode;
  onClick(row: Row): void;
  testId(row: Row): string;
  /** Whether this row offers the action (all rows when absent). */
  shown?(row: Row): boolean;
  busy?(row: Row): boolean;
}

/**
 * A table of records: the columns, the row actions as icon buttons in the last column, skeleton rows while
 * loading, the empty text, and infinite scroll. Rows are keyed by id, so a live cache update moves or
 * patches a row without remounting the others.
 */
export function DataTable<Row extends { id: number | string }>(props: {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<NoInfer<Row>>>;
  actions?: ReadonlyArray<RowAction<NoInfer<Row>>>;
  /** The actions column's heading; without it the table has no actions column. */
  actionsHeader?: MessageKey;
  testId: string;
  rowTestId(row: NoInfer<Row>): string;
  rowProps?(row: NoInfer<Row>): TableRowProps & DataAttributes;
  interactive?: boolean;
  /** Skeleton rows after the rows: the first page, or the next one, is on its way. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows and none are loading; without it an empty table shows. */
  empty?: { text: MessageKey; testId?: string };
  /** A list that scrolls inside its box and asks for the next page near the bottom. */
  infinite?: { hasMore: boolean; onEndReached(): void; maxH: string; testId?: string };
}) {
  const t = useT();
  const columns = props.columns.filter((column) => !column.hidden);
  const actions = props.actionsHeader ? (props.actions ?? []) : [];
  const width = columns.length + (props.actionsHeader ? 1 : 0);
  if (props.empty && props.rows.length === 0 && !props.loading) {
    return (
      <Text color="fg.muted" data-testid={props.empty.testId}>
        {t(props.empty.text)}
      </Text>
    );
  }

  const table = (
    <Table.Root size="sm" interactive={props.interactive} stickyHeader={props.infinite !== undefined} data-testid={props.testId}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column.key} textAlign={column.align}>
              {t(column.header)}
            </Table.ColumnHeader>
          ))}
          {props.actionsHeader && <Table.ColumnHeader textAlign="end">{t(props.actionsHeader)}</Table.ColumnHeader>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.rows.map((row) => (
          <Table.Row key={row.id} data-testid={props.rowTestId(row)} {...props.rowProps?.(row)}>
            {columns.map((column) => (
              <Table.Cell key={column.key} textAlign={column.align} {...column.cell?.(row)}>
                {column.render(row)}
              </Table.Cell>
            ))}
            {props.actionsHeader && (
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {actions
                  .filter((action) => action.shown?.(row) ?? true)
                  .map((action) => (
                    <IconButton
                      key={action.key}
                      size="sm"
                      variant="ghost"
                      aria-label={t(action.label)}
                      title={t(action.label)}
                      loading={action.busy?.(row)}
                      onClick={() => action.onClick(row)}
                      data-testid={action.testId(row)}
                    >
                      {action.icon}
                    </IconButton>
                  ))}
              </Table.Cell>
            )}
          </Table.Row>
        ))}
        {props.loading &&
          Array.from({ length: props.skeletonRows ?? 3 }, (_, index) => (
            <Table.Row key={`skeleton-${index}`} data-testid={`${props.testId}-skeleton`}>
              <Table.Cell colSpan={width}>
                <Skeleton height="5" />
              </Table.Cell>
            </Table.Row>
          ))}
      </Table.Body>
    </Table.Root>
  );

  const { infinite } = props;
  if (!infinite) return <Box overflowX="auto">{table}</Box>;
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight > INFINITE_SCROLL_THRESHOLD_PX) return;
    if (infinite.hasMore && !props.loading) infinite.onEndReached();
  };
  return (
    <Box overflowY="auto" maxH={infinite.maxH} onScroll={onScroll} borderWidth="1px" borderRadius="md" data-testid={infinite.testId}>
      {table}
    </Box>
  );
}
