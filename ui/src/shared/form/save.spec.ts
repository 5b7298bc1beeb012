import { describe, expect, it, vi } from 'vitest';
import { saveAndClose } from './save';

const harness = (errors: object, save: () => Promise<unknown>) => {
  const form = { check: vi.fn(() => errors), feedback: { succeeded: vi.fn(), saveFailed: vi.fn() }, onClose: vi.fn() };
  return { form, submit: saveAndClose(form, save) };
};

describe('saveAndClose', () => {
  it('sends nothing while the form has errors', async () => {
    const save = vi.fn(async () => undefined);
    const { form, submit } = harness({ name: 'profile.required' }, save);
    await submit();
    expect(save).not.toHaveBeenCalled();
    expect(form.feedback.succeeded).not.toHaveBeenCalled();
    expect(form.onClose).not.toHaveBeenCalled();
  });

  it('a save that goes through is told and closes the dialog', async () => {
    const { form, submit } = harness({}, async () => undefined);
    await submit();
    expect(form.feedback.succeeded).toHaveBeenCalledOnce();
    expect(form.onClose).toHaveBeenCalledOnce();
  });

  it('a refused save is told with its error and leaves the dialog open', async () => {
    const refusal = new Error('ERR_DUPLICATED');
    const { form, submit } = harness({}, () => Promise.reject(refusal));
    await submit();
    expect(form.feedback.saveFailed).toHaveBeenCalledWith(refusal);
    expect(form.feedback.succeeded).not.toHaveBeenCalled();
    expect(form.onClose).not.toHaveBeenCalled();
  });
});
