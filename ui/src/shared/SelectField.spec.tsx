import { Field } from '@chakra-ui/react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { idOf, idValue, namedOptions, SelectField } from './SelectField';

describe('SelectField', () => {
  it('offers the options under its label and reports the chosen value', () => {
    const onChange = vi.fn();
    renderUi(
      <SelectField
        label="Conexão"
        value={idValue(null)}
        onChange={(value) => onChange(idOf(value))}
        options={namedOptions([{ id: 4, name: 'Comercial' }], 'Padrão')}
        testId="connection"
        invalid
      >
        <Field.ErrorText>Obrigatório</Field.ErrorText>
      </SelectField>,
    );
    const select = screen.getByTestId('connection') as HTMLSelectElement;
    expect(screen.getByLabelText('Conexão')).toBe(select);
    expect([...select.options].map((option) => option.text)).toEqual(['Padrão', 'Comercial']);
    expect(screen.getByText('Obrigatório')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '4' } });
    expect(onChange).toHaveBeenCalledWith(4);
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
