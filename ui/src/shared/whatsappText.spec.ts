import { describe, expect, it } from 'vitest';
import { messagePreview } from './whatsappText';

describe('messagePreview', () => {
  it("drops WhatsApp's marks and reads as one line", () => {
    expect(messagePreview('*Ana*: quero _comprar_ ~dois~ ```itens```\nhoje')).toBe('Ana: quero comprar dois itens hoje');
  });

  it('keeps what is no mark: arithmetic, snake_case, a lone star, links', () => {
    expect(messagePreview('2*3*4 e snake_case_name e *aberto https://loja.test/a_b_c')).toBe('2*3*4 e snake_case_name e *aberto https://loja.test/a_b_c');
  });

  it("drops the bot's invisible mark", () => {
    expect(messagePreview('\u200eVocê está na posição *1* da fila.')).toBe('Você está na posição 1 da fila.');
  });
});
