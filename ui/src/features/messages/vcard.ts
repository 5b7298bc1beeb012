/** What a contact-card message shows: the name and number of a vCard body. */
export interface VCardContact {
  name: string;
  number: string;
}

const unescape = (value: string) =>
  value
    .replace(/\\([\\;,])/g, '$1')
    .replace(/\\n/gi, ' ')
    .trim();

/** Reads FN (or N) and the first TEL of a vCard; the WhatsApp `waid` parameter wins over the shown number. */
export function parseVCard(text: string): VCardContact | null {
  if (!/BEGIN:VCARD/i.test(text)) return null;
  // Folded lines (RFC 6350 §3.2) continue with a leading space.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  let name = '';
  let fallbackName = '';
  let number = '';
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [property = '', ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const key = property.replace(/^item\d+\./i, '').toUpperCase();
    if (key === 'FN' && !name) name = unescape(value);
    else if (key === 'N' && !fallbackName) fallbackName = unescape(value.split(';').filter(Boolean).reverse().join(' '));
    else if (key === 'TEL' && !number) {
      const waid = params.map((param) => /^waid=(\d+)$/i.exec(param)?.[1]).find(Boolean);
      number = waid ?? value.replace(/[^\d+]/g, '').replace(/^\+/, '');
    }
  }
  const shownName = name || fallbackName;
  return shownName || number ? { name: shownName || number, number } : null;
}
