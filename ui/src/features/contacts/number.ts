import { maskNumber } from '@conversa/contracts/contacts/privacy';

export { hidesNumbers } from '@conversa/contracts/contacts/privacy';

/**
 * The number display: fewer than 10 digits is 'Número inválido', none is 'Número não disponível';
 * 12 or fewer digits show as +XX (XX) XXXX XXXX, more as +XX (XX) XXXXX XXXX. With the company's hide-number
 * setting on, a user of profile 'user' sees the number masked as the server masks it (contracts' maskNumber);
 * a number the server already masked keeps its '*' in place.
 */
export type NumberDisplay = { kind: 'unavailable' } | { kind: 'invalid' } | { kind: 'number'; text: string };

export function formatContactNumber(number: string | null | undefined, hide = false): NumberDisplay {
  const digits = (number ?? '').replace(/[^\d*]/g, '');
  if (digits.length === 0) return { kind: 'unavailable' };
  if (digits.length < 10) return { kind: 'invalid' };
  const shown = hide ? maskNumber(digits) : digits;
  const country = shown.slice(0, 2);
  const area = shown.slice(2, 4);
  const rest = shown.slice(4);
  // 12 digits: 55 11 3456 7890 (landline); 13: 55 11 98765 4321 (mobile).
  const split = digits.length <= 12 ? 4 : 5;
  const head = rest.slice(0, split);
  const tail = rest.slice(split);
  return { kind: 'number', text: `+${country} (${area}) ${head}${tail ? ` ${tail}` : ''}` };
}
