import { Input } from '@chakra-ui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { FormDialog } from './FormDialog';
import { useForm } from './useForm';
import { hasErrors } from './validation';

function NameForm({ onSave, onClose = () => undefined }: { onSave(name: string): Promise<void>; onClose?(): void }) {
  const { values, set, errors, check } = useForm({ name: '' }, (current) => (current.name.trim() ? {} : { name: 'profile.required' as const }));
  const submit = async () => {
    if (hasErrors(check())) return;
    await onSave(values.name);
  };
  return (
    <FormDialog title="Fila" testId="name-dialog" onClose={onClose} onSubmit={submit} saveTestId="name-save" cancelTestId="name-cancel">
      <Input value={values.name} onChange={(event) => set('name', event.target.value)} data-testid="name-field" />
      {errors.name && <span data-testid="name-error">{errors.name}</span>}
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('validates before saving: an invalid form shows its errors and sends nothing', async () => {
    const onSave = vi.fn(async () => undefined);
    renderUi(<NameForm onSave={onSave} />);
    fireEvent.click(await screen.findByTestId('name-save'));
    expect(await screen.findByTestId('name-error')).toHaveTextContent('profile.required');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('name-save')).toHaveTextContent('Salvar');
    expect(screen.getByTestId('name-cancel')).toHaveTextContent('Cancelar');
  });

  it('keeps the save button busy while the save runs, and ignores a second submit meanwhile', async () => {
    let finish = () => undefined as void;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderUi(<NameForm onSave={onSave} />);
    fireEvent.change(await screen.findByTestId('name-field'), { target: { value: 'Suporte' } });
    fireEvent.submit(screen.getByTestId('name-dialog'));
    await vi.waitFor(() => expect(screen.getByTestId('name-save')).toHaveAttribute('data-loading'));
    fireEvent.submit(screen.getByTestId('name-dialog'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Suporte');
    await act(async () => finish());
    await vi.waitFor(() => expect(screen.getByTestId('name-save')).not.toHaveAttribute('data-loading'));
  });

  it('closes from the cancel button', async () => {
    const onClose = vi.fn();
    renderUi(<NameForm onSave={async () => undefined} onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('name-cancel'));
    expect(onClose).toHaveBeenCalled();
  });

  it('with closeOnly, the footer is a close button alone', async () => {
    const onClose = vi.fn();
    renderUi(
      <FormDialog title="Atalhos" testId="info-dialog" onClose={onClose} closeOnly cancelTestId="info-close">
        <p>Texto</p>
      </FormDialog>,
    );
    const dialog = await screen.findByTestId('info-dialog');
    expect(dialog.querySelector('[type="submit"]')).toBeNull();
    expect(screen.getByTestId('info-close')).toHaveTextContent('Fechar');
    fireEvent.click(screen.getByTestId('info-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('while loading, a spinner stands for the fields and the save waits', async () => {
    renderUi(
      <FormDialog title="Fila" testId="load-dialog" onClose={() => undefined} onSubmit={async () => undefined} saveTestId="load-save" loading>
        <p data-testid="load-fields">Campos</p>
      </FormDialog>,
    );
    expect(await screen.findByTestId('load-save')).toBeDisabled();
    expect(screen.queryByTestId('load-fields')).not.toBeInTheDocument();
  });
});
