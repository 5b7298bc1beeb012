import { reportParams, type ReportArgs } from '../api';

export const REPORT_FILE = 'relatorio-de-atendimentos.xlsx';

/**
 * Downloads the streamed spreadsheet, reporting bytes as they arrive (the file's size is unknown until
 * the server has written it), then saves it under the spec's name.
 */
export async function downloadReport(
  args: Omit<ReportArgs, 'page' | 'pageSize'>,
  token: string | null,
  onProgress: (received: number, rows: number) => void,
): Promise<void> {
  const query = new URLSearchParams(reportParams(args)).toString();
  const response = await fetch(`${window.location.origin}/ticket/reports/export?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok || !response.body) throw new Error(`export ${response.status}`);
  const rows = Number(response.headers.get('x-total-count') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, rows);
  }
  const blob = new Blob(chunks as BlobPart[], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = REPORT_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** About this many bytes a row takes in the zipped sheet: the bar's scale while the size is unknown. */
export const BYTES_PER_ROW_ESTIMATE = 90;

/** The bar's value: bytes against the rows' estimate, never full before the download ends. */
export const exportProgress = (received: number, rows: number): number =>
  Math.min(95, Math.round((received / Math.max(1, rows * BYTES_PER_ROW_ESTIMATE + 8_000)) * 100));

export const formatBytes = (bytes: number): string => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
