import { describe, expect, it } from 'vitest';
import { otherOpenTicketHolder } from './holder';

describe('the already-taken answer', () => {
  it('reads the holder from the fields or from the JSON string message', () => {
    const holder = { userId: 8, userName: 'Beto', queueName: 'Vendas', uuid: 'c0ffee00-0000-4000-8000-000000000001' };
    expect(otherOpenTicketHolder({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(holder), ...holder } })).toEqual(holder);
    expect(otherOpenTicketHolder({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(holder) } })).toEqual(holder);
    expect(
      otherOpenTicketHolder({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify({ ...holder, userId: null, userName: null }) } }),
    ).toEqual({
      ...holder,
      userId: null,
      userName: null,
    });
  });

  it('is nothing for other errors', () => {
    expect(otherOpenTicketHolder({ status: 404, data: { error: 'ERR_NO_TICKET_FOUND' } })).toBeNull();
    expect(otherOpenTicketHolder(new Error('network'))).toBeNull();
  });
});
