import { Field } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/renderUi';
import { CheckboxGroup, toggled, type CheckboxOption } from './CheckboxGroup';

const queues: CheckboxOption<number>[] = [
  { value: 11, label: 'Geral', testId: 'queue-11' },
  { value: 12, label: 'Vendas', testId: 'queue-12' },
  { value: 13, label: 'Suporte', testId: 'queue-13' },
];

let saved: number[] = [];

/** The group as a dialog holds it, inside a Chakra Field (whose one control id used to reach every box). */
function Queues({ initial = [] as number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <Field.Root>
        <CheckboxGroup
          label="Filas"
          options={queues}
          value={value}
          onChange={(next) => {
            saved = next;
            setValue(next);
          }}
          testId="queues"
        />
      </Field.Root>
      <CheckboxGroup label="Usuários" options={[{ value: 'ana', label: 'Ana' }]} value={[]} onChange={() => undefined} />
    </>
  );
}

describe('CheckboxGroup', () => {
  it('ticks the second and third option by their labels; the value lists their ids', async () => {
    const user = userEvent.setup();
    saved = [];
    renderUi(<Queues />);
    await user.click(screen.getByText('Vendas'));
    await user.click(screen.getByText('Suporte'));
    expect(saved).toEqual([12, 13]);
    expect(screen.getByLabelText('Geral')).not.toBeChecked();
    expect(screen.getByLabelText('Vendas')).toBeChecked();
    expect(screen.getByLabelText('Suporte')).toBeChecked();
    await user.click(screen.getByText('Vendas'));
    expect(saved).toEqual([13]);
  });

  it('gives every input of the page its own id, each label bound to its own input, the group named by its legend', () => {
    renderUi(<Queues />);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs).toHaveLength(4);
    for (const input of inputs) expect(document.querySelector(`label[for="${input.id}"]`)?.contains(input)).toBe(true);
    expect(screen.getByRole('group', { name: 'Filas' })).toContainElement(screen.getByLabelText('Suporte'));
  });

  it('is used with the keyboard: Tab reaches each box and Space ticks it', async () => {
    const user = userEvent.setup();
    saved = [];
    renderUi(<Queues initial={[11]} />);
    await user.tab();
    expect(screen.getByLabelText('Geral')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Vendas')).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(saved).toEqual([11, 12, 13]);
  });

  it('keeps the order in which the options were chosen', () => {
    expect(toggled([3, 1], 2, true)).toEqual([3, 1, 2]);
    expect(toggled([3, 1, 2], 1, false)).toEqual([3, 2]);
    expect(toggled([3, 1], 1, true)).toEqual([3, 1]);
  });
});
