import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/renderUi';
import { useForm } from '../useForm';
import { SwitchField, TextAreaField, TextField } from './fields';

const required = (values: { name: string; note: string; active: boolean }) => (values.name.trim() ? {} : { name: 'profile.required' as const });

function Form({ dropErrorOnChange = false }: { dropErrorOnChange?: boolean }) {
  const { bind, check } = useForm({ name: '', note: '', active: false }, required, { dropErrorOnChange });
  return (
    <>
      <TextField label="Nome" {...bind('name')} required testId="name" errorTestId="name-error" helper="Como aparece" />
      <TextAreaField label="Nota" {...bind('note')} rows={2} testId="note" />
      <SwitchField label="Ativo" {...bind('active')} testId="active" />
      <button onClick={() => check()} data-testid="check" />
    </>
  );
}

describe('form fields', () => {
  it('bind hands each field its value and change; the error replaces the help, translated, under its test id', () => {
    renderUi(<Form />);
    const name = screen.getByTestId('name');
    expect(screen.getByLabelText(/Nome/)).toBe(name);
    expect(screen.getByText('Como aparece')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('check'));
    expect(screen.getByTestId('name-error')).toHaveTextContent('Obrigatório');
    expect(screen.queryByText('Como aparece')).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Without dropErrorOnChange the error stays until the next check.
    fireEvent.change(name, { target: { value: 'Ana' } });
    expect(name).toHaveValue('Ana');
    expect(screen.getByTestId('name-error')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('note'), { target: { value: 'vip' } });
    expect(screen.getByTestId('note')).toHaveValue('vip');
    expect(screen.getByTestId('note').tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByTestId('check'));
    expect(screen.queryByTestId('name-error')).not.toBeInTheDocument();
  });

  it('with dropErrorOnChange a corrected field drops its error at once', () => {
    renderUi(<Form dropErrorOnChange />);
    fireEvent.click(screen.getByTestId('check'));
    expect(screen.getByTestId('name-error')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'A' } });
    expect(screen.queryByTestId('name-error')).not.toBeInTheDocument();
  });

  it('the switch shows its state and reports the change', async () => {
    const onChange = vi.fn();
    renderUi(<SwitchField label="Ativo" value={false} onChange={onChange} testId="active" />);
    const box = screen.getByRole('checkbox', { name: 'Ativo' });
    expect(box).not.toBeChecked();
    expect(screen.getByTestId('active')).toContainElement(box);
    fireEvent.click(box);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
  });
});
